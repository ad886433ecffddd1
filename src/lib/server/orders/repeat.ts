// 再来一单 and saving an order as a template (decision 0089): the order's lines as the plan's
// template lines (items, counts, options, the sheet's samples, the unit price then), its delivery
// and remark; the plan domain puts them into the plan at today's prices or keeps them.
import { asc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { orderItems, orders } from './tables.ts';
import { findOwnOrder } from './read.ts';
import { fillPlan, saveTemplate } from '../plan/index.ts';
import type { TemplateLine } from '../../shared/plan/templates.ts';

async function orderAsTemplate(s: Services, userId: number, rid: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  const rows = await s.db
    .select({ line: orderItems, sourceRid: orders.rid })
    .from(orderItems)
    .leftJoin(orders, eq(orders.id, orderItems.sourceOrderId))
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const lines: TemplateLine[] = rows.map(({ line, sourceRid }) => ({
    item_rid: line.itemRid,
    count: line.sampleCount,
    parameters: line.parameters,
    source: line.source,
    disposal: line.disposal,
    ...(sourceRid ? { source_order_rid: sourceRid } : {}),
    ...(line.samples && line.samples.length > 0 ? { samples: line.samples } : {}),
    price_fen: line.priceFen,
  }));
  return { order: o, lines };
}

/** 再来一单: the order's lines, delivery and remark into the plan at today's prices. */
export async function repeatOrder(s: Services, userId: number, rid: string) {
  const { order, lines } = await orderAsTemplate(s, userId, rid);
  return fillPlan(s, userId, {
    lines,
    delivery: order.delivery,
    remark: order.remark,
    source: `订单 ${order.orderNo}`,
  });
}

/** Keeps the order as one of the customer's templates (常用模板). */
export async function orderToTemplate(s: Services, userId: number, rid: string, name: string) {
  const { order, lines } = await orderAsTemplate(s, userId, rid);
  return saveTemplate(s, userId, { name, lines, delivery: order.delivery, remark: order.remark });
}
