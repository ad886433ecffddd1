import type { TokenRecord } from './stores.ts';

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
