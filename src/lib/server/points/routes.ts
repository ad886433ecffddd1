import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import {
  exchangeApplySchema,
  exchangeQuoteSchema,
  pointsListSchema,
  pointsPayeeSchema,
  pointsTransferSchema,
} from '../../shared/points/points.ts';
import {
  ExchangeQuoteSchema,
  ExchangeSchema,
  PointsEntryPageSchema,
  PointsItemPageSchema,
  PointsOverviewSchema,
  PointsPayeeSchema,
  PointsTransferredSchema,
} from '../../shared/points/responses.ts';
import { pointsHistory, pointsInit } from './read.ts';
import { applyExchange, listItems, quoteExchange } from './exchange.ts';
import { findPayee, transferPoints } from './transfer.ts';

/** The customer's points calls under /api/auth (decision 0027). */
export function pointsRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/integration/init', contract({ response: PointsOverviewSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await pointsInit(c.var.services, me.id));
  });

  r.post(
    '/integration/list',
    contract({ body: pointsListSchema, response: PointsEntryPageSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await pointsHistory(c.var.services.db, me.id, await readBody(c, pointsListSchema)));
    },
  );

  r.post(
    '/integration/list4exchange',
    contract({ body: PageRequestSchema, response: PointsItemPageSchema }),
    async (c) => {
      requireUser(c);
      const f = await readBody(c, PageRequestSchema);
      return ok(c, await listItems(c.var.services.db, { ...f, status: 'active' }));
    },
  );

  r.post(
    '/integration/apply',
    contract({ body: exchangeQuoteSchema, response: ExchangeQuoteSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await quoteExchange(c.var.services, me.id, await readBody(c, exchangeQuoteSchema)));
    },
  );

  r.post(
    '/integration/applyExchange',
    contract({ body: exchangeApplySchema, response: ExchangeSchema }),
    async (c) => {
      const me = requireUser(c);
      const x = await applyExchange(c.var.services, me.id, await readBody(c, exchangeApplySchema));
      return ok(c, x, x.status === 'done' ? '兑换成功，赠送金已到账' : '兑换申请已提交，工作人员将尽快发放');
    },
  );

  r.post(
    '/integration/payee',
    contract({ body: pointsPayeeSchema, response: PointsPayeeSchema }),
    async (c) => {
      const me = requireUser(c);
      const { to_account } = await readBody(c, pointsPayeeSchema);
      return ok(c, await findPayee(c.var.services, me.id, to_account));
    },
  );

  r.post(
    '/integration/transfer',
    contract({ body: pointsTransferSchema, response: PointsTransferredSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(
        c,
        await transferPoints(c.var.services, me.id, await readBody(c, pointsTransferSchema)),
        '转赠成功',
      );
    },
  );

  return r;
}
