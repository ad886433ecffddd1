// The browser's persisted state (spec section 3), one module of atoms plus named actions.
// Everything is kept in localStorage as JSON under a "portal:" key and follows other tabs.
// Islands render with useStore(store, { ssr: () => initial }); handlers read with .get().
import { persistentAtom } from '@nanostores/persistent';
import { groupPlanItems, type PlanGroup } from '../shared/plan/plan.ts';

function persisted<T>(key: string, initial: T) {
  return persistentAtom<T>(`portal:${key}`, initial, {
    encode: (value) => (value === initial ? undefined : JSON.stringify(value)),
    decode(encoded) {
      // A value written by an older version (or by hand) must not break every page.
      try {
        return JSON.parse(encoded) as T;
      } catch {
        return initial;
      }
    },
  });
}

/** The remembered login; a record written by an older version loses any password it held. */
function persistedRemembered() {
  const store = persisted<RememberedLogin | null>('remembered', null);
  const value = store.get() as (RememberedLogin & { password?: unknown }) | null;
  if (value && typeof value === 'object' && 'password' in value)
    store.set({ account: String(value.account ?? '') });
  return store;
}

/** Token record: access token, refresh token, expiry as epoch seconds. */
export type TokenRecord = { access: string; refresh: string; expires: number };

export type Address = {
  address_rid: string;
  name: string;
  phone: string;
  province: string;
  city: string;
  area: string;
  address: string;
  address_code: string;
  /** 1 = the default address. */
  default: number;
};

/** The logged-in user: account and saved addresses, plus whatever else user/info returns. */
export type User = { account: string; addresses: Address[]; [field: string]: unknown };

/**
 * 'Remember password' keeps only the account name here; the password is left to the browser's
 * password manager (autocomplete attributes on the form) and is never written to localStorage.
 */
export type RememberedLogin = { account: string };

export type WebSettings = {
  allowRegion: unknown;
  samplingSetting: Record<string, unknown> | null;
  samplingInfo: unknown;
  localInfo: { address?: string; phone?: string; email?: string; express?: unknown } | null;
};

/** An in-system message as message/list returns it. */
export type UserMessage = {
  rid: string;
  title: string;
  body: string;
  order_rid: string | null;
  read: boolean;
  created: string;
};

export const $token = persisted<TokenRecord | null>('token', null);
export const $user = persisted<User | null>('user', null);
/** Experiment-plan count for the header badge: user info's cartNum, 0 when logged out. */
export const $cartNum = persisted<number>('cartNum', 0);
export const $plan = persisted<PlanGroup[]>('plan', []);
/** The newest in-system messages (message/list page 1), kept by the header bell and the panel. */
export const $messages = persisted<UserMessage[]>('messages', []);
/** Unread in-system messages: the header bell's badge (message/list `unread`), 0 when logged out. */
export const $messageUnread = persisted<number>('messageUnread', 0);
export const $remembered = persistedRemembered();
export const $webSettings = persisted<WebSettings | null>('webSettings', null);
/** On-site (预约现场) context; a scene date limits pickup dates and shows a warning. */
export const $scene = persisted<{ date?: string; [field: string]: unknown } | null>('scene', null);
/** Where to return after logging in (a path), when a login-required route was refused. */
export const $location = persisted<string | null>('location', null);
/** Invitation code kept from /invited/{code} for the register dialog. */
export const $inviterCode = persisted<string>('inviterCode', '');
/** The asset card's eye button: figures hidden on a shared screen (kept per browser, not per user). */
export const $assetMasked = persisted<boolean>('assetMasked', false);

/** Stores a token record. */
export function setSession(token: TokenRecord): void {
  $token.set(token);
}

/** Login response (token, refreshToken, expires) → token record. */
export function tokenFromLogin(res: { token: string; refreshToken: string; expires: number }): TokenRecord {
  return { access: res.token, refresh: res.refreshToken, expires: Number(res.expires) };
}

/** refresh4token response (token, refresh_token, expires_at) → token record. */
export function tokenFromRefresh(res: {
  token: string;
  refresh_token: string;
  expires_at: number;
}): TokenRecord {
  return { access: res.token, refresh: res.refresh_token, expires: Number(res.expires_at) };
}

/** Stores user info; the cart badge follows its cartNum. */
export function setUser(user: User, cartNum?: number): void {
  $user.set(user);
  if (cartNum !== undefined) $cartNum.set(Number(cartNum) || 0);
}

/** The user/info response: userInfo (account, …), cartNum and the saved addresses. */
export type UserInfoResponse = {
  userInfo: { account: string; [field: string]: unknown };
  cartNum?: number | string;
  address?: Address[];
};

/** Stores a user/info response: the account fields with their addresses, and the cart count. */
export function setUserInfo(res: UserInfoResponse): User {
  const user: User = { ...res.userInfo, addresses: res.address ?? [] };
  setUser(user, Number(res.cartNum ?? 0));
  return user;
}

export function setPlan(items: Parameters<typeof groupPlanItems>[0]): PlanGroup[] {
  const groups = groupPlanItems(items);
  $plan.set(groups);
  return groups;
}

/** Stores a plan answer (plan/list, add, update, remove): its grouped lines and the badge count. */
export function applyPlan(plan: { list: Parameters<typeof groupPlanItems>[0]; count: number }): PlanGroup[] {
  const groups = setPlan(plan.list);
  $cartNum.set(Number(plan.count) || 0);
  return groups;
}

export function rememberLogin(login: RememberedLogin | null): void {
  // Pick the account explicitly so a caller passing the whole form never stores a password.
  $remembered.set(login ? { account: login.account } : null);
}

export function setInviterCode(code: string): void {
  $inviterCode.set(code.trim());
}

/** True when a token is stored (the spec's test for "logged in" before user info arrives). */
export function isLoggedIn(): boolean {
  return $token.get() !== null;
}

/**
 * Clears the token, user data, cart count and saved per-user data. The remembered login,
 * site settings and the invitation code survive: they do not belong to the session.
 */
export function logout(): void {
  $token.set(null);
  $user.set(null);
  $cartNum.set(0);
  $plan.set([]);
  $messages.set([]);
  $messageUnread.set(0);
  $scene.set(null);
  $location.set(null);
}

export type { PlanGroup };
