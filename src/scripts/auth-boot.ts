// On every page, kept tiny: the start-up token check, route guards, the invitation link, and
// the login popup, whose code (React included) is fetched only when someone opens it.
import { $inviterCode, $location, isLoggedIn, setInviterCode } from '../lib/client/stores.ts';
import { OPEN_LOGIN_EVENT, requiresLogin, type OpenLoginDetail } from '../lib/client/session.ts';

let popup: Promise<typeof import('../islands/accounts/mount.tsx')> | null = null;

function openLogin(detail: OpenLoginDetail = {}): void {
  popup ??= import('../islands/accounts/mount.tsx');
  void popup.then((m) => m.openLoginPopup(detail ?? {}));
}

window.addEventListener(OPEN_LOGIN_EVENT, (event) =>
  openLogin((event as CustomEvent<OpenLoginDetail>).detail),
);

// Guard: a link into the member or experiment area without a token stays on this page and
// opens the login popup; after logging in the visitor is taken where the link pointed.
document.addEventListener('click', (event) => {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (
    !(link instanceof HTMLAnchorElement) ||
    (link.target && link.target !== '_self') ||
    link.hasAttribute('download')
  )
    return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !requiresLogin(url.pathname) || isLoggedIn()) return;
  event.preventDefault();
  $location.set(url.pathname + url.search + url.hash);
  openLogin({ panel: 'log' });
});

async function start(): Promise<void> {
  // Start-up check: only a visitor with a stored token downloads the session code.
  if (isLoggedIn()) {
    const { auth, showPendingNotices } = await import('../lib/client/auth.ts');
    await auth.checkSession();
    if (isLoggedIn()) showPendingNotices();
  }
  const here = location.pathname + location.search + location.hash;
  if (requiresLogin(location.pathname) && !isLoggedIn()) {
    // Entered directly (or the session just ended): the popup covers the page; closing goes home.
    $location.set(here);
    openLogin({ panel: 'log' });
    return;
  }
  // /invited/{code} stores the code and comes home with ?invited; the register panel opens.
  const params = new URLSearchParams(location.search);
  if (location.pathname === '/' && params.has('invited')) {
    const code = params.get('invited')?.trim();
    if (code) setInviterCode(code);
    params.delete('invited');
    const rest = params.toString();
    history.replaceState(history.state, '', `/${rest ? `?${rest}` : ''}${location.hash}`);
    if (!isLoggedIn()) openLogin({ panel: 'reg', inviterCode: $inviterCode.get() });
  }
}

void start();
