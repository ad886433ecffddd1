import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  staffStatementAnswerSchema,
  staffStatementIssueSchema,
  staffStatementListSchema,
  statementRidSchema,
} from '../../shared/statements/statements.ts';
import { StaffStatementDetailSchema, StaffStatementPageSchema } from '../../shared/statements/responses.ts';
import { staffAnswer, staffDetail, staffIssue, staffList } from './staff.ts';

/** Statements under /api/admin (statements.read / statements.manage; decision 0029). */
export function statementAdminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/statement/list',
    contract({ body: staffStatementListSchema, response: StaffStatementPageSchema }),
    async (c) => ok(c, await staffList(c.var.services, await readBody(c, staffStatementListSchema))),
  );

  r.post(
    '/statement/detail',
    contract({ body: statementRidSchema, response: StaffStatementDetailSchema }),
    async (c) => ok(c, await staffDetail(c.var.services, (await readBody(c, statementRidSchema)).rid)),
  );

  r.post(
    '/statement/issue',
    contract({ body: staffStatementIssueSchema, response: StaffStatementDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, staffStatementIssueSchema);
      const detail = await staffIssue(c.var.services, me.id, input);
      return ok(c, detail, detail.version > 1 ? `已重新出具（第${detail.version}版）` : '已出具');
    },
  );

  r.post(
    '/statement/answer',
    contract({ body: staffStatementAnswerSchema, response: StaffStatementDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, staffStatementAnswerSchema);
      return ok(
        c,
        await staffAnswer(c.var.services, me.id, input),
        input.reissue ? '已答复并重新出具' : '已答复，等待客户确认',
      );
    },
  );

  return r;
}
