// Session actions in the browser (spec section 4): log in, start-up token check, one refresh at
// a time, log out. The login popup and the header call these; nothing else writes the token.
import type { LoginResult, UserInfo } from '../shared/accounts/auth.ts';
import { api as pageApi, createApiClient, type ApiClient } from './api.ts';
import {
  $location,
  $token,
  logout as clearSession,
  setSession,
  setUser,
  tokenFromLogin,
  type Address,
  type User,
} from './stores.ts';
import { LOGGED_IN_EVENT, requiresLogin } from './session.ts';
import { TOKEN_REFRESH_SECONDS, ensureFreshToken, tokenStatus } from './token-refresh.ts';
import { toast } from './toast.ts';
import { accountsApi } from '../shared/accounts/api.ts';
import { memberApi } from '../shared/member/api.ts';

const MSG_LOGIN_OK = '登录成功!';
/** Set for the next page when a login navigates away before the attestation prompt shows. */
const ATTEST_FLAG = 'portal:attest';
/** The success message of a login that navigates away, shown by the next page. */
const NOTICE_KEY = 'portal:login-notice';

type UserInfoResponse = {
  userInfo: UserInfo & Record<string, unknown>;
  cartNum: number;
  address: Address[];
};

/** user/info → the $user record (its addresses under the store's name). */
function toUser(data: UserInfoResponse): User {
  return { ...data.userInfo, account: data.userInfo.account, addresses: data.address ?? [] };
}

type Locks = { request<T>(name: string, run: () => Promise<T>): Promise<T> };

export type AuthDeps = {
  /** Calls a person started: failures show their message. */
  api?: ApiClient;
  /** Background calls (start-up check, refresh, logout): no toast, no login popup on 401. */
  quietApi?: ApiClient;
  now?: () => number;
  /** Cross-tab mutual exclusion (Web Locks), so two tabs never spend one refresh token twice. */
  locks?: Locks | null;
};

const browserLocks = (): Locks | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as unknown as Locks) : null;

export function createAuth(deps: AuthDeps = {}) {
  const api = deps.api ?? pageApi;
  const quietApi = deps.quietApi ?? createApiClient({ notify: () => {}, onUnauthorized: () => {} });
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const locks = deps.locks === undefined ? browserLocks() : deps.locks;
  let refreshing: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Fetches user/info into the stores; null on any failure. */
  async function loadUser(client: ApiClient = quietApi): Promise<User | null> {
    const data = await client.call(memberApi.info, {}, { silent: true });
    if (!data?.userInfo) return null;
    const user = toUser(data);
    setUser(user, data.cartNum);
    return user;
  }

  /** One refresh at a time (in this tab and across tabs); true while the session is usable. */
  function refresh(): Promise<boolean> {
    refreshing ??= runRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function runRefresh(): Promise<boolean> {
    const before = $token.get();
    if (!before) return false;
    const attempt = async () => {
      const current = $token.get();
      if (!current) return false;
      // Another tab refreshed while this one waited for the lock: its new token is shared.
      if (current.refresh === before.refresh) await ensureFreshToken(quietApi, now());
      // A failed refresh only warns (inside ensureFreshToken); the token serves until it expires.
      return tokenStatus($token.get(), now()) !== 'expired' && $token.get() !== null;
    };
    return locks ? locks.request('portal:token-refresh', attempt) : attempt();
  }

  /** Refreshes again an hour before expiry while the page stays open. */
  function scheduleRefresh(): void {
    clearTimeout(timer);
    const token = $token.get();
    if (!token || typeof window === 'undefined') return;
    const wait = (token.expires - TOKEN_REFRESH_SECONDS - now()) * 1000;
    if (wait > 2 ** 31 - 1) return;
    timer = setTimeout(() => void checkSession(), Math.max(wait, 0) + 1000);
  }

  /**
   * Start-up check: no token → logged out; expired → clear every user store; under an hour
   * left → refresh first; then user/info, whose failure means logged out.
   */
  async function checkSession(): Promise<boolean> {
    const status = tokenStatus($token.get(), now());
    if (status === 'none') return false;
    if (status === 'expired') {
      clearSession();
      return false;
    }
    if (status === 'refresh' && !(await refresh())) {
      clearSession();
      return false;
    }
    const used = $token.get();
    const user = await loadUser();
    if (!user) {
      // Only if the token is still the one that failed: another tab may have just replaced it.
      if ($token.get()?.access === used?.access) clearSession();
      return false;
    }
    scheduleRefresh();
    return true;
  }

  /**
   * A login call answered: store the token, load user info, tell the popup to close, return to
   * the page the visitor was sent from, and ask for the profile when no address is on file.
   */
  async function completeLogin(result: LoginResult, message = MSG_LOGIN_OK): Promise<User | null> {
    setSession(tokenFromLogin(result));
    const user = await loadUser(api);
    scheduleRefresh();
    if (typeof window === 'undefined') {
      toast.success(message);
      return user;
    }
    window.dispatchEvent(new CustomEvent(LOGGED_IN_EVENT));
    // Staff accounts are not customers: no profile prompt for them.
    const needsProfile = Boolean(user && user.addresses.length === 0 && !user.staff_role);
    const target = $location.get();
    $location.set(null);
    const here = location.pathname + location.search;
    if (target && target.split('#')[0] !== here) {
      // A toast dies with this page: the next one shows it.
      sessionStorage.setItem(NOTICE_KEY, message);
      if (needsProfile) sessionStorage.setItem(ATTEST_FLAG, '1');
      location.assign(target);
    } else {
      toast.success(message);
      if (needsProfile) void showAttestation();
    }
    return user;
  }

  /** Revokes the session on the server, then clears everything and leaves guarded pages. */
  async function logout(): Promise<void> {
    clearTimeout(timer);
    if ($token.get()) await quietApi.call(accountsApi.logout, {}, { timeout: 5000 });
    clearSession();
    if (typeof window === 'undefined') return;
    if (requiresLogin(location.pathname)) location.replace('/');
    else if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  }

  return { loadUser, refresh, checkSession, completeLogin, logout };
}

/** On the page a login went on to: its success message, and the attestation prompt if it asked. */
export function showPendingNotices(): void {
  const notice = sessionStorage.getItem(NOTICE_KEY);
  if (notice) {
    sessionStorage.removeItem(NOTICE_KEY);
    toast.success(notice);
  }
  if (sessionStorage.getItem(ATTEST_FLAG)) {
    sessionStorage.removeItem(ATTEST_FLAG);
    void showAttestation();
  }
}

async function showAttestation(): Promise<void> {
  const { showAttestationPrompt } = await import('./attest-prompt.ts');
  showAttestationPrompt();
}

export const auth = createAuth();

/** Ends a login call in any login panel: a session from its result, then onDone; false if it failed. */
export async function finishLogin(
  result: LoginResult | null | undefined,
  onDone: () => void,
  message?: string,
): Promise<boolean> {
  if (!result?.token) return false;
  await auth.completeLogin(result, message);
  onDone();
  return true;
}
