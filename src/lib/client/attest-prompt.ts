// The attestation prompt after a login by a user with no address on file (spec section 4).
// A small non-modal card: it must not block the page the user came to use. The profile
// dialog itself lives on /member/information.

const ATTEST_TITLE = '完善基本信息';
const ATTEST_TEXT = '您还没有完善基本信息，未完善基本信息无法正常下单。';
const ATTEST_LINK = '/member/information';

export function showAttestationPrompt(): void {
  if (document.querySelector('[data-attest-prompt]')) return;
  const card = document.createElement('section');
  card.dataset.attestPrompt = '';
  card.setAttribute('role', 'dialog');
  card.setAttribute('aria-labelledby', 'attest-title');
  card.className =
    'fixed right-4 bottom-4 z-[60] w-[min(360px,calc(100vw-2rem))] rounded-xl border border-brand-100 bg-white p-5 shadow-card-hover';
  card.innerHTML = `
    <h2 id="attest-title" class="text-base font-semibold text-brand-900"></h2>
    <p class="mt-1.5 text-sm leading-relaxed text-slate-600"></p>
    <div class="mt-4 flex justify-end gap-2">
      <button type="button" class="btn-ghost" data-attest-close>暂不完善</button>
      <a class="btn-primary" href="${ATTEST_LINK}">去完善</a>
    </div>`;
  card.querySelector('h2')!.textContent = ATTEST_TITLE;
  card.querySelector('p')!.textContent = ATTEST_TEXT;
  card.querySelector('[data-attest-close]')!.addEventListener('click', () => card.remove());
  // The profile dialog opens over the current page (src/scripts/member-dialogs.ts listens);
  // the link stays the fallback for a new tab.
  card.querySelector('a')!.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    card.remove();
    window.dispatchEvent(new CustomEvent('portal:open-profile'));
  });
  card.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') card.remove();
  });
  document.body.append(card);
}
