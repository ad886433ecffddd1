// /member/center: the account from user/info (kept in $user by the session check) and logout.
import { $user } from '../lib/client/stores.ts';

function render(): void {
  const account = $user.get()?.account ?? '';
  for (const el of document.querySelectorAll<HTMLElement>('[data-member-account]'))
    el.textContent = account || '…';
}

render();
$user.listen(render);

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-member-logout]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const { auth } = await import('../lib/client/auth.ts');
    await auth.logout();
  });
}
