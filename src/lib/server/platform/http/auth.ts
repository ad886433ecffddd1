import type { Context } from 'hono';
import type { ApiEnv, AuthUser } from './api-env.ts';
import { DomainError } from '../errors.ts';

export const LOGIN_REQUIRED = '请先登录';

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
