// What every page needs to know about the session, kept tiny (no API client, no Zod): the login
// guard's rule and its events. The token refresh is in token-refresh.ts.

/** The event that asks the page to open the login popup; detail: {@link OpenLoginDetail}. */
export const OPEN_LOGIN_EVENT = 'portal:open-login';
/** Fired once a login has completed (token stored, user info loaded). */
export const LOGGED_IN_EVENT = 'portal:logged-in';

type LoginPanel = 'log' | 'reg' | 'reset';
export type OpenLoginDetail = { panel?: LoginPanel | 'sign'; inviterCode?: string } | null | undefined;

/** Spec section 2: the member and experiment areas need a stored token. */
export function requiresLogin(pathname: string): boolean {
  return /^\/(member|experiment)(\/|$)/.test(pathname);
}
