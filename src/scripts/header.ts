// Header behaviour on every page: login state, cart badge, message bell, search, menu, 上门取样.
// Plain TS on nanostores (a few hundred bytes) so pages without islands ship no React.
import { $cartNum, $messageUnread, $token, $user, isLoggedIn } from '../lib/client/stores.ts';
import { maskPhone } from '../lib/shared/accounts/mask.ts';

function dispatch(name: string, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

function renderAuth(): void {
  const loggedIn = isLoggedIn();
  document.documentElement.dataset.auth = loggedIn ? 'in' : 'out';
  const count = loggedIn ? Number($cartNum.get()) || 0 : 0;
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-badge]')) {
    badge.textContent = count > 99 ? '99+' : String(count);
  }
  const unread = loggedIn ? Number($messageUnread.get()) || 0 : 0;
  for (const bell of document.querySelectorAll<HTMLElement>('[data-message-bell]')) {
    bell.setAttribute('aria-label', unread ? `站内消息，${unread}条未读` : '站内消息');
    const badge = bell.querySelector<HTMLElement>('[data-message-badge]');
    if (badge) {
      badge.hidden = unread === 0;
      badge.textContent = unread > 99 ? '99+' : String(unread);
    }
  }
  // Staff who log in on the public site get a way to their console.
  const staff = loggedIn && Boolean($user.get()?.staff_role);
  for (const link of document.querySelectorAll<HTMLElement>('[data-staff-link]')) link.hidden = !staff;
  const account = $user.get()?.account;
  for (const name of document.querySelectorAll<HTMLElement>('[data-user-name]')) {
    name.textContent = loggedIn && account ? maskPhone(account) : '我的账户';
  }
}

function setupSearch(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = form.elements.namedItem('kw') as HTMLInputElement;
    const kw = input.value.trim();
    // A named window: repeated searches reuse the same results tab instead of piling up tabs.
    window.open(`/search?kw=${encodeURIComponent(kw)}`, 'search');
    input.value = '';
  });
}

function setupMenu(toggle: HTMLButtonElement): void {
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!menu) return;
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? '关闭菜单' : '菜单');
    menu.classList.toggle('is-open', open);
    toggle.querySelector('.menu-icon-open')?.classList.toggle('hidden', open);
    toggle.querySelector('.menu-icon-close')?.classList.toggle('hidden', !open);
  };
  toggle.addEventListener('click', () => set(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      set(false);
      toggle.focus();
    }
  });
}

function setupUserMenu(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-user-toggle]');
  const list = root.querySelector<HTMLElement>('[data-user-list]');
  if (!toggle || !list) return;
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  };
  toggle.addEventListener('click', () => set(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('click', (e) => {
    if (!root.contains(e.target as Node)) set(false);
  });
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      set(false);
      toggle.focus();
    }
  });
}

/** The unread count is polled only for a logged-in visitor; the code loads on first login. */
function watchMessages(): void {
  if (isLoggedIn()) void import('../lib/client/messages.ts').then((m) => m.startMessagePolling());
}

function init(): void {
  renderAuth();
  $token.listen(renderAuth);
  $cartNum.listen(renderAuth);
  $user.listen(renderAuth);
  $messageUnread.listen(renderAuth);
  watchMessages();
  $token.listen(watchMessages);

  document.querySelectorAll<HTMLFormElement>('[data-search-form]').forEach(setupSearch);
  document.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]').forEach(setupMenu);
  document.querySelectorAll<HTMLElement>('[data-user-menu]').forEach(setupUserMenu);

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-login]')) {
    button.addEventListener('click', () => dispatch('portal:open-login', { panel: button.dataset.login }));
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
    // The session actions revoke the session on the server, clear the stores and leave member
    // and plan pages; they load on demand (auth-boot has usually fetched them already).
    button.addEventListener('click', async () => {
      const { auth } = await import('../lib/client/auth.ts');
      await auth.logout();
    });
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-message-bell]')) {
    // The panel (src/islands/notify) loads on the first click, via src/scripts/member-dialogs.ts.
    button.addEventListener('click', () => dispatch('portal:open-messages'));
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-home-sampling]')) {
    // The spec opens the login panel instead of the sampling dialog for a visitor without a
    // token, so the choice is made here and each dialog only listens for its own event.
    button.addEventListener('click', () => {
      if (isLoggedIn()) dispatch('portal:open-home-sampling');
      else dispatch('portal:open-login', { panel: 'log' });
    });
  }
}

init();
