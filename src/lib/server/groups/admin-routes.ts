import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { staffGroupDetailSchema, staffGroupListSchema } from '../../shared/groups/groups.ts';
import { StaffGroupDetailSchema, StaffGroupPageSchema } from '../../shared/groups/responses.ts';
import { shanghaiMonth } from '../../shared/statements/statements.ts';
import { staffGroupDetail, staffGroupList } from './groups.ts';

/** Research groups under /api/admin (groups.read; decision 0033): staff read, members act. */
export function groupAdminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/group/list', contract({ body: staffGroupListSchema, response: StaffGroupPageSchema }), async (c) =>
    ok(c, await staffGroupList(c.var.services, await readBody(c, staffGroupListSchema))),
  );

  r.post(
    '/group/detail',
    contract({ body: staffGroupDetailSchema, response: StaffGroupDetailSchema }),
    async (c) => {
      const { rid, month } = await readBody(c, staffGroupDetailSchema);
      const s = c.var.services;
      return ok(c, await staffGroupDetail(s, rid, month || shanghaiMonth(s.now())));
    },
  );

  return r;
}
