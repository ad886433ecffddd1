import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { homeApi } from '../../shared/home/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { bearerToken } from '../platform/http/auth.ts';
import { homeDataByToken } from './home-data.ts';

/**
 * web/home/data, mounted before the guard on /api/auth: it checks the token inside its own
 * single statement (no valid token → 401 '请先登录', as the guard answers).
 */
export function homeRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, homeApi.data, async (c) => ok(c, await homeDataByToken(c.var.services, bearerToken(c))));
  return r;
}
