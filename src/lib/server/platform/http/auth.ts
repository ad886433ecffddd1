import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../../app.ts';
import { DomainError } from '../errors.ts';
import { authenticate, type AuthUser } from '../../accounts/tokens.ts';

export const LOGIN_REQUIRED = '请先登录';

/**
 * Mounted on /api/auth/*: no valid `Authorization: Bearer <token>` → HTTP 401, code 0,
 * '请先登录', before any route runs (unknown /api/auth paths included).
 */
export const authGuard: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = bearerToken(c);
  const user = token ? await authenticate(c.var.services, token) : null;
  if (!user) throw new DomainError(LOGIN_REQUIRED, 401);
  c.set('user', user);
  await next();
};

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(c: Context<ApiEnv>): string | null {
  const header = c.req.header('authorization') ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? null;
}

/** A handler that needs a user gets one, never `undefined`. */
export function requireUser(c: Context<ApiEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw new DomainError(LOGIN_REQUIRED, 401);
  return user;
}
