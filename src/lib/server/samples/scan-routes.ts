import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { scanAdminApi } from '../../shared/samples/scan.ts';
import { scanCode, scanOrder } from './scan.ts';

const SCAN_TEXT = { received: '已签收', stored: '已签收入库', location: '已选择存储位置' } as const;

/** The 样品签收 screen's calls under /api/admin (decision 0072). */
export function sampleScanRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, scanAdminApi.scan, async (c, input) => {
    const me = requireUser(c);
    const done = await scanCode(c.var.services, me.id, await input.body());
    return ok(c, done, SCAN_TEXT[done.outcome]);
  });
  route(r, scanAdminApi.receipt, async (c, input) => {
    const { rid } = await input.body();
    const found = await scanOrder(c.var.services.db, { rid });
    if (!found) throw new DomainError('订单不存在', 200, 'NOT_FOUND');
    return ok(c, found);
  });
  return r;
}
