// The token refresh (spec sections 4 and 9). Its own module because it names the accounts API,
// whose schemas bring Zod: session.ts is on every page (the login guard) and must stay tiny.
import { $token, logout, setSession, tokenFromRefresh, type TokenRecord } from './stores.ts';
import { accountsApi } from '../shared/accounts/api.ts';
import type { Endpoint, InputOf, OutputOf } from '../shared/api/endpoint.ts';

/** Spec section 9: a token with less than an hour left is refreshed (one refresh at a time). */
export const TOKEN_REFRESH_SECONDS = 3600;

export type TokenStatus = 'none' | 'valid' | 'refresh' | 'expired';

/** What to do with the stored token at `now` (epoch seconds). */
export function tokenStatus(token: TokenRecord | null, now = Math.floor(Date.now() / 1000)): TokenStatus {
  if (!token?.access) return 'none';
  const left = token.expires - now;
  if (left <= 0) return 'expired';
  return left < TOKEN_REFRESH_SECONDS ? 'refresh' : 'valid';
}

let inFlight: Promise<void> | null = null;

/** The part of the API client a refresh uses (api.ts imports this module, so none back). */
type RefreshClient = {
  call<E extends Endpoint>(
    endpoint: E,
    input: InputOf<E>,
    options: { throws: true },
  ): Promise<OutputOf<E> | null | undefined>;
};

/**
 * Keeps the stored token usable (spec section 4): an expired one clears the session (re-login);
 * one with under an hour left is refreshed, at most one refresh at a time however many callers
 * ask. A failed refresh only logs a warning; the current token stays until it expires. (A 401
 * answer is the server saying the session is over: the client logs out as for any 401.)
 */
export function ensureFreshToken(client: RefreshClient, now?: number): Promise<void> {
  const token = $token.get();
  const status = tokenStatus(token, now);
  if (status === 'expired') {
    logout();
    return Promise.resolve();
  }
  if (status !== 'refresh' || !token) return Promise.resolve();
  inFlight ??= client
    .call(accountsApi.refresh, { token: token.refresh }, { throws: true })
    .then((data) => {
      // Only if nobody logged out or in meanwhile.
      if (data && $token.get()?.refresh === token.refresh) setSession(tokenFromRefresh(data));
    })
    .catch((error: unknown) => {
      console.warn('[session] token refresh failed:', error instanceof Error ? error.message : error);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
