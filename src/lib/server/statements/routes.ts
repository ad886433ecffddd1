import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { statementsApi } from '../../shared/statements/api.ts';
import { ok, readParam } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { contentDisposition } from '../files/index.ts';
import { confirmStatement, disputeStatement, listMine } from './customer.ts';
import { settlementList, settleOrders } from './settle.ts';
import { statementPdf } from './pdf.ts';

/** The customer's statement calls under /api/auth (the spec's assign/*; decision 0029). */
export function statementRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, statementsApi.list, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await listMine(c.var.services, me.id, await input.body()));
  });

  route(r, statementsApi.confirm, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await confirmStatement(c.var.services, me.id, rid), '已确认对账单');
  });

  route(r, statementsApi.dispute, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await disputeStatement(c.var.services, me.id, input), '异议已提交，工作人员将尽快答复');
  });

  route(r, statementsApi.settlementList, async (c, input) => {
    const me = requireUser(c);
    const { statement_rid } = await input.body();
    return ok(c, await settlementList(c.var.services, me.id, statement_rid || undefined));
  });

  route(r, statementsApi.settle, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    const result = await settleOrders(c.var.services, me.id, {
      ...input,
      statement_rid: input.statement_rid || undefined,
    });
    return ok(
      c,
      result,
      result.failed.length ? `已结算${result.paid.length}笔，${result.failed.length}笔未结算` : '结算成功',
    );
  });

  // The statement as a PDF (no path in the spec). GET, so the browser fetches it as a file.
  route(r, statementsApi.pdf, async (c) => {
    const me = requireUser(c);
    const pdf = await statementPdf(c.var.services, me.id, readParam(c, 'rid'));
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(pdf.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  return r;
}
