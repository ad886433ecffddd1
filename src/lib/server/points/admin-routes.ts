import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  adjustRequestListSchema,
  adjustRequestRejectSchema,
  adjustRequestRidSchema,
  exchangeFulfilSchema,
  exchangeRejectSchema,
  pointsAdjustSchema,
  pointsCustomerHistorySchema,
  pointsCustomerSchema,
  pointsExchangeListSchema,
  pointsItemAddSchema,
  pointsItemEditSchema,
  pointsItemListSchema,
  pointsItemRidSchema,
} from '../../shared/points/points.ts';
import {
  AdjustDecidedSchema,
  ExchangeSchema,
  PointsAdjustedSchema,
  PointsEntryPageSchema,
  PointsItemPageSchema,
  PointsAdjustRequestPageSchema,
  PointsItemSchema,
  StaffExchangePageSchema,
  StaffPointsSchema,
} from '../../shared/points/responses.ts';
import { addItem, decideExchange, editItem, listExchanges, listItems, setItemStatus } from './exchange.ts';
import {
  adjustPendingMessage,
  adjustPoints,
  approveAdjust,
  customerByRid,
  customerPoints,
  listAdjustRequests,
  rejectAdjust,
} from './staff.ts';
import { pointsHistory } from './read.ts';

/** Staff's points calls under /api/admin: the catalogue, gift-card exchanges, a customer's points. */
export function pointsAdminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/points/item/list',
    contract({ body: pointsItemListSchema, response: PointsItemPageSchema }),
    async (c) => ok(c, await listItems(c.var.services.db, await readBody(c, pointsItemListSchema))),
  );

  r.post('/points/item/add', contract({ body: pointsItemAddSchema, response: PointsItemSchema }), async (c) =>
    ok(c, await addItem(c.var.services, await readBody(c, pointsItemAddSchema)), '已上架'),
  );

  r.post(
    '/points/item/edit',
    contract({ body: pointsItemEditSchema, response: PointsItemSchema }),
    async (c) => ok(c, await editItem(c.var.services, await readBody(c, pointsItemEditSchema)), '保存成功'),
  );

  r.post(
    '/points/item/retire',
    contract({ body: pointsItemRidSchema, response: PointsItemSchema }),
    async (c) => {
      const { rid } = await readBody(c, pointsItemRidSchema);
      return ok(c, await setItemStatus(c.var.services, rid, 'retired'), '已下架');
    },
  );

  r.post(
    '/points/item/restore',
    contract({ body: pointsItemRidSchema, response: PointsItemSchema }),
    async (c) => {
      const { rid } = await readBody(c, pointsItemRidSchema);
      return ok(c, await setItemStatus(c.var.services, rid, 'active'), '已重新上架');
    },
  );

  r.post(
    '/points/exchange/list',
    contract({ body: pointsExchangeListSchema, response: StaffExchangePageSchema }),
    async (c) => ok(c, await listExchanges(c.var.services.db, await readBody(c, pointsExchangeListSchema))),
  );

  r.post(
    '/points/exchange/fulfil',
    contract({ body: exchangeFulfilSchema, response: ExchangeSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, note } = await readBody(c, exchangeFulfilSchema);
      return ok(c, await decideExchange(c.var.services, me.id, rid, { fulfil: true, note }), '已发放');
    },
  );

  r.post(
    '/points/exchange/reject',
    contract({ body: exchangeRejectSchema, response: ExchangeSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reason } = await readBody(c, exchangeRejectSchema);
      return ok(
        c,
        await decideExchange(c.var.services, me.id, rid, { fulfil: false, reason }),
        '已驳回，积分已退回',
      );
    },
  );

  r.post(
    '/points/customer',
    contract({ body: pointsCustomerSchema, response: StaffPointsSchema }),
    async (c) => {
      const { user_rid } = await readBody(c, pointsCustomerSchema);
      return ok(c, await customerPoints(c.var.services, user_rid));
    },
  );

  r.post(
    '/points/customer/history',
    contract({ body: pointsCustomerHistorySchema, response: PointsEntryPageSchema }),
    async (c) => {
      const { user_rid, ...f } = await readBody(c, pointsCustomerHistorySchema);
      const u = await customerByRid(c.var.services, user_rid);
      return ok(c, await pointsHistory(c.var.services.db, u.id, f));
    },
  );

  r.post(
    '/points/adjust',
    contract({ body: pointsAdjustSchema, response: PointsAdjustedSchema }),
    async (c) => {
      const me = requireUser(c);
      const s = c.var.services;
      const done = await adjustPoints(s, me.id, await readBody(c, pointsAdjustSchema));
      return ok(c, done, done.pending ? adjustPendingMessage(s) : '已调整');
    },
  );

  // Large adjustments wait for a second staff member (issue 28; decision 0048).
  r.post(
    '/points/adjust/list',
    contract({ body: adjustRequestListSchema, response: PointsAdjustRequestPageSchema }),
    async (c) => ok(c, await listAdjustRequests(c.var.services, await readBody(c, adjustRequestListSchema))),
  );

  r.post(
    '/points/adjust/approve',
    contract({ body: adjustRequestRidSchema, response: AdjustDecidedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, adjustRequestRidSchema);
      return ok(c, await approveAdjust(c.var.services, me.id, rid), '已批准，积分已调整');
    },
  );

  r.post(
    '/points/adjust/reject',
    contract({ body: adjustRequestRejectSchema, response: AdjustDecidedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reason } = await readBody(c, adjustRequestRejectSchema);
      return ok(c, await rejectAdjust(c.var.services, me.id, rid, reason), '已驳回');
    },
  );

  return r;
}
