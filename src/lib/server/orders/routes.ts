import { contract } from '../platform/http/contract.ts';
import {
  DemandResultSchema,
  ExpressSchema,
  KeptSamplesPageSchema,
  OrderCountsSchema,
  OrderDetailSchema,
  OrderFilesSchema,
  OrderMovedSchema,
  OrderPageSchema,
  PaidSchema,
  PlacedOrdersSchema,
  ReadyToPaySchema,
  RecycleAddedSchema,
  RecyclePageSchema,
  RelatedDevicesSchema,
  TestRecordSchema,
} from '../../shared/orders/responses.ts';
import { NoData } from '../../shared/responses.ts';
import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  evaluateSchema,
  expressSchema,
  feedbackSchema,
  orderAddSchema,
  orderListSchema,
  orderRidSchema,
  paySchema,
  readyToPaySchema,
  recycleAddSchema,
} from '../../shared/orders/order.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import {
  addRecycle,
  cancelOrder,
  countByStatus,
  evaluate,
  updateExpress,
  findOwnOrder,
  historyForUser,
  listOrders,
  listRecycles,
  orderDetail,
  payOrder,
  placeOrders,
  readyToPay,
  reportFeedback,
  testRecord,
} from './index.ts';
import { placeDemand } from './demand.ts';
import { demandSchema } from '../../shared/orders/demand.ts';
import { attachProtocolFile, listProtocolFiles, relatedEquipment } from './protocol.ts';
import { z } from '../../shared/zod.ts';
import { ridField } from '../../shared/orders/order.ts';

/** The customer's orders under /api/auth (spec section 7 paths). */
/** sample4recycle/list4person: a page, optionally one order's requests. */
const recycleListSchema = PageRequestSchema.extend({ order_rid: ridField().optional() });

/** order/updateProtocolFile: the order and the uploaded signed agreement. */
const protocolFileSchema = z.object(
  { rid: ridField(), file_rid: ridField('文件') },
  { error: '请求参数格式不正确' },
);

export function orderRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/order/add', contract({ body: orderAddSchema, response: PlacedOrdersSchema }), async (c) => {
    const me = requireUser(c);
    const list = await placeOrders(c.var.services, me.id, await readBody(c, orderAddSchema));
    return ok(c, { list }, '提交成功!');
  });

  // A quote request from /experiment/demand: an order in 待报价 (no path in the spec; see
  // docs/decisions/0011-demand-and-contract.md).
  r.post('/order/demand', contract({ body: demandSchema, response: DemandResultSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await placeDemand(c.var.services, me.id, await readBody(c, demandSchema)), '提交成功!');
  });

  r.post('/order/list4person', contract({ body: orderListSchema, response: OrderPageSchema }), async (c) => {
    const me = requireUser(c);
    const f = await readBody(c, orderListSchema);
    return ok(c, await listOrders(c.var.services.db, { ...f, userId: me.id }));
  });

  r.post('/order/count4person', contract({ response: OrderCountsSchema }), async (c) => {
    const me = requireUser(c);
    const counts = await countByStatus(c.var.services.db, me.id);
    return ok(c, { counts, total: Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) });
  });

  r.post('/order/detail', contract({ body: orderRidSchema, response: OrderDetailSchema }), async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    const order = await findOwnOrder(c.var.services.db, me.id, rid);
    return ok(c, await orderDetail(c.var.services.db, order, c.var.services.now()));
  });

  r.post('/order/cancel', contract({ body: orderRidSchema, response: OrderMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    const o = await findOwnOrder(c.var.services.db, me.id, rid);
    const moved = await cancelOrder(c.var.services, o, {
      actor: 'customer',
      actorId: me.id,
      reason: '客户取消',
    });
    return ok(c, { status: moved.status, status_text: ORDER_STATUS_TEXT[moved.status] }, '订单已取消');
  });

  r.post(
    '/web/order/ready2pay',
    contract({ body: readyToPaySchema, response: ReadyToPaySchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, coupon_rid } = await readBody(c, readyToPaySchema);
      return ok(c, await readyToPay(c.var.services, me.id, rid, coupon_rid));
    },
  );

  r.post('/web/order/pay', contract({ body: paySchema, response: PaidSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, idempotency_key, method, coupon_rid } = await readBody(c, paySchema);
    const options = {
      idempotencyKey: idempotency_key || undefined,
      method,
      couponRid: coupon_rid || undefined,
    };
    return ok(c, await payOrder(c.var.services, me.id, rid, options), '支付成功');
  });

  r.post(
    '/order/history4user',
    contract({ body: PageRequestSchema, response: KeptSamplesPageSchema }),
    async (c) => {
      const me = requireUser(c);
      const { page, size } = await readBody(c, PageRequestSchema);
      return ok(c, await historyForUser(c.var.services, me.id, page, size));
    },
  );

  r.post('/order/testRecord', contract({ body: orderRidSchema, response: TestRecordSchema }), async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    return ok(c, await testRecord(c.var.services, me.id, rid));
  });

  r.post('/order/reportOrderFeedback', contract({ body: feedbackSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    const { rid, content } = await readBody(c, feedbackSchema);
    await reportFeedback(c.var.services, me.id, rid, content);
    return ok(c, null, '提交成功!');
  });

  r.post('/evaluate/add', contract({ body: evaluateSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    const { rid, score, content } = await readBody(c, evaluateSchema);
    await evaluate(c.var.services, me.id, rid, score, content);
    return ok(c, null, '提交成功!');
  });

  r.post(
    '/sample4recycle/add',
    contract({ body: recycleAddSchema, response: RecycleAddedSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(c, await addRecycle(c.var.services, me.id, await readBody(c, recycleAddSchema)), '提交成功!');
    },
  );

  r.post(
    '/sample4recycle/list4person',
    contract({ body: recycleListSchema, response: RecyclePageSchema }),
    async (c) => {
      const me = requireUser(c);
      const { page, size, order_rid } = await readBody(c, recycleListSchema);
      return ok(c, await listRecycles(c.var.services, me.id, page, size, order_rid));
    },
  );

  r.post(
    '/order/listProtocolFile',
    contract({ body: orderRidSchema, response: OrderFilesSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, orderRidSchema);
      return ok(c, await listProtocolFiles(c.var.services, me.id, rid));
    },
  );

  r.post('/order/updateExpress', contract({ body: expressSchema, response: ExpressSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, company, no } = await readBody(c, expressSchema);
    return ok(c, await updateExpress(c.var.services, me.id, rid, company, no), '提交成功!');
  });

  r.post(
    '/order/updateProtocolFile',
    contract({ body: protocolFileSchema, response: OrderFilesSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, file_rid } = await readBody(c, protocolFileSchema);
      return ok(c, await attachProtocolFile(c.var.services, me.id, rid, file_rid), '提交成功!');
    },
  );

  r.post(
    '/order/relateEquipment',
    contract({ body: orderRidSchema, response: RelatedDevicesSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, orderRidSchema);
      return ok(c, await relatedEquipment(c.var.services, me.id, rid));
    },
  );

  return r;
}
