import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody, readParam } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { contentDisposition } from '../files/index.ts';
import {
  settlementListSchema,
  settlementPaySchema,
  statementDisputeSchema,
  statementQuerySchema,
  statementRidSchema,
} from '../../shared/statements/statements.ts';
import {
  SettlementListSchema,
  SettlementResultSchema,
  StatementDetailSchema,
  StatementPageSchema,
} from '../../shared/statements/responses.ts';
import { confirmStatement, disputeStatement, listMine } from './customer.ts';
import { settlementList, settleOrders } from './settle.ts';
import { statementPdf } from './pdf.ts';

/** The customer's statement calls under /api/auth (the spec's assign/*; decision 0029). */
export function statementRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/assign/statement',
    contract({ body: statementQuerySchema, response: StatementPageSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await listMine(c.var.services, me.id, await readBody(c, statementQuerySchema)));
    },
  );

  r.post(
    '/assign/right',
    contract({ body: statementRidSchema, response: StatementDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, statementRidSchema);
      return ok(c, await confirmStatement(c.var.services, me.id, rid), '已确认对账单');
    },
  );

  r.post(
    '/assign/wrong',
    contract({ body: statementDisputeSchema, response: StatementDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, statementDisputeSchema);
      return ok(c, await disputeStatement(c.var.services, me.id, input), '异议已提交，工作人员将尽快答复');
    },
  );

  r.post(
    '/assign/settlementList',
    contract({ body: settlementListSchema, response: SettlementListSchema }),
    async (c) => {
      const me = requireUser(c);
      const { statement_rid } = await readBody(c, settlementListSchema);
      return ok(c, await settlementList(c.var.services, me.id, statement_rid || undefined));
    },
  );

  r.post(
    '/assign/settlementOperatePlus',
    contract({ body: settlementPaySchema, response: SettlementResultSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, settlementPaySchema);
      const result = await settleOrders(c.var.services, me.id, {
        ...input,
        statement_rid: input.statement_rid || undefined,
      });
      return ok(
        c,
        result,
        result.failed.length ? `已结算${result.paid.length}笔，${result.failed.length}笔未结算` : '结算成功',
      );
    },
  );

  // The statement as a PDF (no path in the spec). GET, so the browser fetches it as a file.
  r.get('/assign/statement/pdf/:rid', contract({ produces: 'application/pdf: the statement' }), async (c) => {
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
