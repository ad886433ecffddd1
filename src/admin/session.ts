// The console's own session (decision 0023): a staff login kept under its own key, apart from the
// customer session of the site, with its own API client. On 401 it tries the refresh token once,
// then asks for the login again.
import { atom } from 'nanostores';
import { createApiClient, type ApiError, type CallOptions } from '../lib/client/api.ts';
import type { Endpoint } from '../lib/shared/api/endpoint.ts';
import type { Permission, Role } from '../lib/shared/staff/permissions.ts';
import { accountsApi } from '../lib/shared/accounts/api.ts';
import { staffApi, staffAdminApi } from '../lib/shared/staff/api.ts';

type Stored = { access: string; refresh: string; expires: number };
const KEY = 'portal:console';

function read(): Stored | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Stored | null;
  } catch {
    return null;
  }
}

export const $session = atom<Stored | null>(typeof localStorage === 'undefined' ? null : read());
$session.subscribe((s) => {
  if (typeof localStorage === 'undefined') return;
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
});

export type Me = {
  rid: string;
  phone: string;
  name: string;
  role: Role;
  role_text: string;
  permissions: Permission[];
};
export const $me = atom<Me | null>(null);

/** Messages for the console's toast (ConsoleToast shows them). */
export const $notice = atom<{ id: number; kind: 'ok' | 'error'; text: string } | null>(null);
let noticeId = 0;
export const notice = (kind: 'ok' | 'error', text: string) => $notice.set({ id: ++noticeId, kind, text });

let refreshing: Promise<boolean> | null = null;
async function refresh(): Promise<boolean> {
  const s = $session.get();
  if (!s) return false;
  refreshing ??= fetch(accountsApi.refresh.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: s.refresh }),
  })
    .then(async (r) => {
      const body = (await r.json()) as {
        code: number;
        data: { token: string; refresh_token: string; expires_at: number };
      };
      if (!body.code) return false;
      $session.set({
        access: body.data.token,
        refresh: body.data.refresh_token,
        expires: body.data.expires_at,
      });
      return true;
    })
    .catch(() => false)
    .finally(() => setTimeout(() => (refreshing = null), 0));
  return refreshing;
}

export function logout() {
  const s = $session.get();
  if (s)
    void fetch(accountsApi.logout.path, { method: 'POST', headers: { authorization: `Bearer ${s.access}` } });
  $session.set(null);
  $me.set(null);
}

/** The console's API client: the staff token, failures as a toast, a lapsed session back to login. */
export const consoleApi = createApiClient({
  getToken: () => $session.get()?.access,
  notify: (message: string, _error: ApiError) => notice('error', message),
  onUnauthorized: () => {
    void refresh().then((ok) => {
      if (ok) notice('error', '登录已续期，请重试刚才的操作');
      else {
        $session.set(null);
        $me.set(null);
      }
    });
  },
});

export async function login(account: string, password: string): Promise<string | null> {
  const res = await fetch(staffApi.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json().catch(() => null)) as {
    code: number;
    msg: string;
    data: { token: string; refreshToken: string; expires: number };
  } | null;
  if (!body?.code) return body?.msg || '登录失败，请稍后重试';
  $session.set({ access: body.data.token, refresh: body.data.refreshToken, expires: body.data.expires });
  return null;
}

export async function loadMe(): Promise<void> {
  const me = await consoleApi.call(staffAdminApi.me, {}, { silent: true });
  $me.set(me ?? null);
  if (!me) $session.set(null);
}

/** A console call to an endpoint, its body loosely typed for the generic helpers (lists, actions). */
export const consoleCall = <T>(endpoint: Endpoint, body: Record<string, unknown>, options?: CallOptions) =>
  consoleApi.call(endpoint, body as never, options) as Promise<T | null | undefined>;

/**
 * A staff action from a dialog or a button: on success a toast and `then` (a reload); a refusal
 * comes back as its message for the dialog to show (null when done).
 */
/** A button's one-step action: like staffAction, with a refusal shown as a toast (no form to show it in). */
export function staffStep<T = unknown>(...args: Parameters<typeof staffAction<T>>): void {
  void staffAction<T>(...args).then((e) => e && notice('error', e));
}

export async function staffAction<T = unknown>(
  endpoint: Endpoint,
  body: Record<string, unknown>,
  /** The notice; from the answer when it depends on what the server did. */
  done: string | ((data: T) => string),
  then: () => unknown,
): Promise<string | null> {
  try {
    const data = (await consoleCall<T>(endpoint, body, { throws: true })) as T;
    notice('ok', typeof done === 'string' ? done : done(data));
    void then();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : '操作失败';
  }
}
