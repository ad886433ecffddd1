import { and, getTableName, asc, eq, gt, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { filesOnOrder, photosOnOrder } from '../files/index.ts';
import { orderEvents, orderFeedback, orderItems, orderReceipts, orders, orderTallies } from './tables.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { orderStatusText, type OrderStatus } from '../../shared/orders/order-status.ts';
import {
  ORDER_NOT_FOUND,
  type OrderDetail,
  type OrderEvent,
  type OrderFile,
  type OrderLine,
  type OrderSummary,
  type StaffOrderEvent,
} from '../../shared/orders/order.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { quoteExpired } from '../../shared/orders/quote.ts';
import type { Quote, Receipt } from '../../shared/orders/responses.ts';
import { RECEIPT_CONDITION_TEXT } from '../../shared/orders/receipt.ts';
import type { OrderRow } from './transition.ts';
import { orderCoupon } from '../coupons/index.ts';
import { samplesForDetail } from './sample-hooks.ts';

/** One of the user's own orders; another user's rid reads as not found. */
export async function findOwnOrder(db: Db, userId: number, rid: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.rid, rid), eq(orders.userId, userId)));
  if (!row) throw new DomainError(ORDER_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

export async function findOrder(db: Db, rid: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.rid, rid));
  if (!row) throw new DomainError(ORDER_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/** What a list shows of an order: its summary columns, the quote's deadline and the delivery type. */
export const summaryColumns = {
  rid: orders.rid,
  orderNo: orders.orderNo,
  typeId: orders.typeId,
  status: orders.status,
  customerKind: orders.customerKind,
  payMode: orders.payMode,
  amountFen: orders.amountFen,
  quotedFen: orders.quotedFen,
  paidFen: orders.paidFen,
  quoteValidUntil: sql<string | null>`${orders.quote}->>'valid_until'`.as('quote_valid_until'),
  deliveryType: sql<number | null>`(${orders.delivery}->>'type')::int`.as('delivery_type'),
  dueDate: orders.dueDate,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};
type SummaryRow = Pick<OrderRow, 'rid' | 'orderNo' | 'typeId' | 'status' | 'customerKind' | 'payMode'> &
  Pick<OrderRow, 'amountFen' | 'quotedFen' | 'paidFen' | 'createdAt' | 'updatedAt' | 'dueDate'> & {
    quoteValidUntil: string | null;
    deliveryType: number | null;
  };

/** An order read whole, as a list reads it. */
const asSummaryRow = (o: OrderRow): SummaryRow => ({
  ...o,
  quoteValidUntil: o.quote?.valid_until ?? null,
  deliveryType: o.delivery.type,
});

export function toSummary(o: SummaryRow, itemNames: string[]): OrderSummary {
  return {
    rid: o.rid,
    order_no: o.orderNo,
    type_id: o.typeId,
    status: o.status,
    status_text: orderStatusText(o.status, o.typeId),
    customer_kind: o.customerKind,
    pay_mode: o.payMode,
    amount_fen: o.amountFen,
    quoted_fen: o.quotedFen,
    paid_fen: o.paidFen,
    item_names: itemNames,
    quote_valid_until: o.quoteValidUntil,
    delivery_type: o.deliveryType === 1 ? 1 : 0,
    due_date: o.dueDate,
    created: o.createdAt.toISOString(),
    updated: o.updatedAt.toISOString(),
  };
}

/**
 * The names of an order's lines, in their order, inside the list's own statement. Spelled out:
 * drizzle writes a single-table select's columns unqualified, and an unqualified "id" inside the
 * subquery would be the line's own id.
 */
export const itemNames = sql<string[]>`array(select line.name from ${orderItems} line
  where line.order_id = ${sql.identifier(getTableName(orders))}.id order by line.id)`;

const eventOf = (e: typeof orderEvents.$inferSelect): OrderEvent => ({
  from: e.fromStatus,
  to: e.toStatus,
  action: e.action,
  actor: e.actorKind,
  note: e.note,
  at: e.at.toISOString(),
});

export async function timelineOf(db: Db, orderId: number): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return rows.map(eventOf);
}

const actor = userDirectory('actor');

/** The timeline as staff see it: each staff event names who did it (name, or phone without one). */
export async function staffTimelineOf(db: Db, orderId: number): Promise<StaffOrderEvent[]> {
  const rows = await db
    .select({ e: orderEvents, who: sql<string | null>`${displayNameOf(actor)}` })
    .from(orderEvents)
    .leftJoin(actor, eq(actor.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return rows.map(({ e, who }) => ({ ...eventOf(e), by: e.actorKind === 'staff' ? (who ?? '') : '' }));
}

/** The order's files; receipt photos are listed with their receipt instead. */
export async function filesOf(db: Db, orderId: number): Promise<OrderFile[]> {
  const rows = await filesOnOrder(db, orderId);
  return rows.map((f) => ({
    rid: f.rid,
    kind: f.kind,
    name: f.originalName,
    mime: f.mime,
    size: f.size,
    created: f.createdAt.toISOString(),
  }));
}

/** An order's receipts and refusals, oldest first, each with its photos. */
async function receiptsOf(db: Db, orderId: number): Promise<Receipt[]> {
  const rows = await db
    .select()
    .from(orderReceipts)
    .where(eq(orderReceipts.orderId, orderId))
    .orderBy(asc(orderReceipts.id));
  const rids = rows.flatMap((r) => r.photoRids);
  const photos = new Map(
    rids.length === 0 ? [] : (await photosOnOrder(db, orderId, rids)).map((f) => [f.rid, f]),
  );
  return rows.map((r) => ({
    outcome: r.outcome,
    count: r.count,
    condition: r.condition,
    condition_text: r.condition ? RECEIPT_CONDITION_TEXT[r.condition] : '',
    condition_note: r.conditionNote,
    reason: r.reason,
    note: r.note,
    photos: r.photoRids.flatMap((rid) => photos.get(rid) ?? []),
    at: r.at.toISOString(),
  }));
}

/** The order's quote as answered: whether it has expired is read on `now`'s Shanghai date. */
function quoteOf(o: OrderRow, now: number): Quote | null {
  const q = o.quote;
  if (!q) return null;
  return {
    ...q,
    expired: quoteExpired(q.valid_until, shanghaiDate(now)),
    turnaround_days: q.turnaround_days ?? null,
    start_estimate_days: q.start_estimate_days ?? null,
  };
}

export async function orderDetail(db: Db, o: OrderRow, now: number): Promise<OrderDetail> {
  const [lines, timeline, fileList, [evaluation], coupon, receipts, samples] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(orderItems.id),
    timelineOf(db, o.id),
    filesOf(db, o.id),
    db
      .select()
      .from(orderFeedback)
      .where(and(eq(orderFeedback.orderId, o.id), eq(orderFeedback.kind, 'evaluation'))),
    orderCoupon(db, o.id),
    receiptsOf(db, o.id),
    samplesForDetail(db, o.id),
  ]);
  const sourceIds = lines.map((l) => l.sourceOrderId).filter((v): v is number => v !== null);
  const sourceRids = new Map<number, string>();
  if (sourceIds.length > 0) {
    for (const r of await db
      .select({ id: orders.id, rid: orders.rid })
      .from(orders)
      .where(inArray(orders.id, sourceIds)))
      sourceRids.set(r.id, r.rid);
  }
  const items: OrderLine[] = lines.map((l) => ({
    item_rid: l.itemRid,
    name: l.name,
    price_fen: l.priceFen,
    unit: l.unit,
    sample_count: l.sampleCount,
    parameters: l.parameters,
    source: l.source,
    source_order_rid: l.sourceOrderId ? (sourceRids.get(l.sourceOrderId) ?? null) : null,
    disposal: l.disposal,
    line_fen: l.lineFen,
    turnaround_days: l.turnaroundDays,
    start_estimate_days: l.startEstimateDays,
  }));
  return {
    ...toSummary(
      asSummaryRow(o),
      items.map((i) => i.name),
    ),
    delivery: o.delivery,
    express: o.express ?? null,
    remark: o.remark,
    demand: o.demand ?? null,
    items,
    timeline,
    files: fileList,
    evaluation: evaluation
      ? {
          score: evaluation.score ?? 0,
          content: evaluation.content,
          created: evaluation.createdAt.toISOString(),
          edited: evaluation.editedAt?.toISOString() ?? null,
        }
      : null,
    coupon,
    quote: quoteOf(o, now),
    receipts,
    samples,
  };
}

/** A customer's orders in one status, summed from the tallies of the subquery below (a literal status). */
const tallyOf = (status: OrderStatus) =>
  sql`coalesce(sum(${orderTallies.orders}) filter (where ${orderTallies.status} = ${sql.raw(`'${status}'`)}), 0)`;

/**
 * What waits for the customer whose id is `userId` (a column of the caller's query): orders to
 * pay, settle, be quoted, or fetched. A subquery, so the home page asks in one statement.
 */
export const waitingOrdersOf = (userId: AnyColumn) =>
  sql<Record<'unpaid' | 'unsettled' | 'quoting' | 'delivered', number>>`(select json_build_object(
    'unpaid', ${tallyOf('unpaid')},
    'unsettled', ${tallyOf('unsettled')},
    'quoting', ${tallyOf('quoting')},
    'delivered', ${tallyOf('delivered')}
  ) from ${orderTallies} where ${orderTallies.userId} = ${userId})`;

/** How many of the user's orders are in each status (the tab counts of /member/order). */
export async function countByStatus(db: Db, userId: number): Promise<Partial<Record<OrderStatus, number>>> {
  const rows = await db
    .select({ status: orderTallies.status, n: orderTallies.orders })
    .from(orderTallies)
    .where(and(eq(orderTallies.userId, userId), gt(orderTallies.orders, 0)));
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
