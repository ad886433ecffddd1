import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { DomainError } from '../platform/errors.ts';
import { bearerToken, LOGIN_REQUIRED } from '../platform/http/auth.ts';
import { authenticate } from './tokens.ts';

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
