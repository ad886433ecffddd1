import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok } from '../platform/http/envelope.ts';
import { bearerToken } from '../platform/http/auth.ts';
import { HomeDataForUserSchema } from '../../shared/groups/responses.ts';
import { homeDataByToken } from './home-data.ts';

/**
 * web/home/data, mounted before the guard on /api/auth: it checks the token inside its own
 * single statement (no valid token → 401 '请先登录', as the guard answers).
 */
export function homeRoutes() {
  const r = new Hono<ApiEnv>();
  r.post('/web/home/data', contract({ response: HomeDataForUserSchema }), async (c) =>
    ok(c, await homeDataByToken(c.var.services, bearerToken(c))),
  );
  return r;
}
