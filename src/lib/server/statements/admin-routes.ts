import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { statementsAdminApi } from '../../shared/statements/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { staffAnswer, staffDetail, staffIssue, staffList } from './staff.ts';
import { statementPdf } from './pdf.ts';
import { contentDisposition } from '../files/index.ts';

/** Statements under /api/admin (statements.read / statements.manage; decision 0029). */
export function statementAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, statementsAdminApi.list, async (c, input) =>
    ok(c, await staffList(c.var.services, await input.body())),
  );

  route(r, statementsAdminApi.detail, async (c, input) =>
    ok(c, await staffDetail(c.var.services, (await input.body()).rid)),
  );

  route(r, statementsAdminApi.issue, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    const detail = await staffIssue(c.var.services, me.id, input);
    return ok(c, detail, detail.version > 1 ? `已重新出具（第${detail.version}版）` : '已出具');
  });

  route(r, statementsAdminApi.pdf, async (c, input) => {
    const me = requireUser(c);
    const pdf = await statementPdf(c.var.services, me.id, (await input.body()).rid);
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(pdf.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  route(r, statementsAdminApi.answer, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(
      c,
      await staffAnswer(c.var.services, me.id, input),
      input.reissue ? '已答复并重新出具' : '已答复，等待客户确认',
    );
  });

  return r;
}
