import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { groupsAdminApi } from '../../shared/groups/api.ts';
import { shanghaiMonth } from '../../shared/time.ts';
import { staffGroupDetail, staffGroupList } from './staff.ts';

/** Research groups under /api/admin (groups.read; decision 0033): staff read, members act. */
export function groupAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, groupsAdminApi.list, async (c, { body }) =>
    ok(c, await staffGroupList(c.var.services, await body())),
  );

  route(r, groupsAdminApi.detail, async (c, { body }) => {
    const { rid, month } = await body();
    const s = c.var.services;
    return ok(c, await staffGroupDetail(s, rid, month || shanghaiMonth(s.now())));
  });

  return r;
}
