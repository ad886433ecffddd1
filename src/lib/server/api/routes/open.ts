import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';
import { ok } from '../envelope.ts';

/** Public calls under /api/open (no token). */
export function openRoutes() {
  const r = new Hono<ApiEnv>();
  r.post('/setting', (c) => ok(c, { localInfo: c.var.services.content.site.localInfo }));
  return r;
}
