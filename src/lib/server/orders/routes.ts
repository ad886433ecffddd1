import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { ordersApi } from '../../shared/orders/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { orderStatusText } from '../../shared/orders/order-status.ts';
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
import { orderToTemplate, repeatOrder } from './repeat.ts';
import type { SceneDateOf } from '../member/index.ts';
import { attachProtocolFile, listProtocolFiles, relatedEquipment, type ReservedDevice } from './protocol.ts';

/** What the customer's order routes need from reservations, which import orders: the app hands it in. */
export type OrderNeighbours = { reservedDevice: ReservedDevice; sceneDateOf: SceneDateOf };

/**
 * The customer's orders under /api/auth (spec section 7 paths). Placing checks pickups against
 * reservations' scene date; related equipment names the instrument an order reserved.
 */
export function orderRoutes({ reservedDevice, sceneDateOf }: OrderNeighbours) {
  const r = new Hono<ApiEnv>();

  route(r, ordersApi.add, async (c, input) => {
    const me = requireUser(c);
    const list = await placeOrders(c.var.services, me.id, await input.body(), sceneDateOf);
    return ok(c, { list }, '提交成功!');
  });

  // A quote request from /experiment/demand: an order in 待报价 (no path in the spec; see
  // docs/decisions/0011-demand-and-contract.md).
  route(r, ordersApi.demand, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await placeDemand(c.var.services, me.id, await input.body()), '提交成功!');
  });

  route(r, ordersApi.list, async (c, input) => {
    const me = requireUser(c);
    const f = await input.body();
    return ok(c, await listOrders(c.var.services.db, { ...f, userId: me.id }));
  });

  route(r, ordersApi.counts, async (c) => {
    const me = requireUser(c);
    const counts = await countByStatus(c.var.services.db, me.id);
    return ok(c, { counts, total: Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) });
  });

  route(r, ordersApi.repeat, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await repeatOrder(c.var.services, me.id, (await input.body()).rid), '已加入实验计划');
  });
  route(r, ordersApi.saveTemplate, async (c, input) => {
    const me = requireUser(c);
    const { rid, name } = await input.body();
    return ok(c, await orderToTemplate(c.var.services, me.id, rid, name), '已保存为常用模板');
  });

  route(r, ordersApi.detail, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    const order = await findOwnOrder(c.var.services.db, me.id, rid);
    return ok(c, await orderDetail(c.var.services.db, order, c.var.services.now()));
  });

  route(r, ordersApi.cancel, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    const o = await findOwnOrder(c.var.services.db, me.id, rid);
    const moved = await cancelOrder(c.var.services, o, {
      actor: 'customer',
      actorId: me.id,
      reason: '客户取消',
    });
    return ok(
      c,
      { status: moved.status, status_text: orderStatusText(moved.status, moved.typeId) },
      '订单已取消',
    );
  });

  route(r, ordersApi.readyToPay, async (c, input) => {
    const me = requireUser(c);
    const { rid, coupon_rid } = await input.body();
    return ok(c, await readyToPay(c.var.services, me.id, rid, coupon_rid));
  });

  route(r, ordersApi.pay, async (c, input) => {
    const me = requireUser(c);
    const { rid, idempotency_key, method, coupon_rid } = await input.body();
    const options = {
      idempotencyKey: idempotency_key || undefined,
      method,
      couponRid: coupon_rid || undefined,
    };
    return ok(c, await payOrder(c.var.services, me.id, rid, options), '支付成功');
  });

  route(r, ordersApi.history, async (c, input) => {
    const me = requireUser(c);
    const { page, size } = await input.body();
    return ok(c, await historyForUser(c.var.services, me.id, page, size));
  });

  route(r, ordersApi.testRecord, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await testRecord(c.var.services, me.id, rid));
  });

  route(r, ordersApi.feedback, async (c, input) => {
    const me = requireUser(c);
    const { rid, content } = await input.body();
    await reportFeedback(c.var.services, me.id, rid, content);
    return ok(c, null, '提交成功!');
  });

  route(r, ordersApi.evaluate, async (c, input) => {
    const me = requireUser(c);
    const { rid, score, content } = await input.body();
    await evaluate(c.var.services, me.id, rid, score, content);
    return ok(c, null, '提交成功!');
  });

  route(r, ordersApi.recycleAdd, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await addRecycle(c.var.services, me.id, await input.body()), '提交成功!');
  });

  route(r, ordersApi.recycleList, async (c, input) => {
    const me = requireUser(c);
    const { page, size, order_rid } = await input.body();
    return ok(c, await listRecycles(c.var.services, me.id, page, size, order_rid));
  });

  route(r, ordersApi.protocolFiles, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await listProtocolFiles(c.var.services, me.id, rid));
  });

  route(r, ordersApi.updateExpress, async (c, input) => {
    const me = requireUser(c);
    const { rid, company, no } = await input.body();
    return ok(c, await updateExpress(c.var.services, me.id, rid, company, no), '提交成功!');
  });

  route(r, ordersApi.updateProtocolFile, async (c, input) => {
    const me = requireUser(c);
    const { rid, file_rid } = await input.body();
    return ok(c, await attachProtocolFile(c.var.services, me.id, rid, file_rid), '提交成功!');
  });

  route(r, ordersApi.relatedEquipment, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await relatedEquipment(c.var.services, reservedDevice, me.id, rid));
  });

  return r;
}
