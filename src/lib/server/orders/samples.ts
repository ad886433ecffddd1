// The samples after testing: past orders whose samples are kept (reusable as a source), and
// asking for samples to be sent back (sample4recycle).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import type { Services } from '../platform/services.ts';
import { orderItems, orders, sampleRecycles } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import type { Tx } from '../platform/db/client.ts';
import { DISPOSAL_KEEP, DISPOSAL_RECYCLE } from '../../shared/plan/plan-rules.ts';
import { canRequestReturn, SAMPLES_NOT_RECEIVED } from '../../shared/orders/order-view.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { findOwnOrder } from './read.ts';
import { DONE } from './customer.ts';
import type { SheetSample } from '../../shared/plan/sheet.ts';

/** Whether any of the order's items has this disposal (kept, sent back). */
export async function hasDisposal(tx: Tx, orderId: number, disposal: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.disposal, disposal)));
  return row.n > 0;
}

/** Past orders whose samples are kept in the store (disposal 2): reusable as sample source 0. */
export async function historyForUser(s: Services, userId: number, page?: number, size?: number) {
  const w = pageWindow(page, size);
  const where = and(
    eq(orders.userId, userId),
    inArray(orders.status, [...DONE]),
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.disposal} = ${DISPOSAL_KEEP})`,
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(orders).where(where),
  ]);
  const kept =
    rows.length === 0
      ? []
      : await s.db
          .select()
          .from(orderItems)
          .where(
            and(
              inArray(
                orderItems.orderId,
                rows.map((r) => r.id),
              ),
              eq(orderItems.disposal, DISPOSAL_KEEP),
            ),
          );
  return {
    list: rows.map((r) => ({
      rid: r.rid,
      order_no: r.orderNo,
      created: r.createdAt.toISOString(),
      items: kept
        .filter((k) => k.orderId === r.id)
        .map((k) => ({ item_rid: k.itemRid, name: k.name, sample_count: k.sampleCount })),
    })),
    total,
  };
}

const RECYCLE_EXISTS = '该订单已提交样品回收申请';

/** Asks for the samples of a disposal-1 order to be sent back. */
export async function addRecycle(
  s: Services,
  userId: number,
  input: { rid: string; name: string; phone: string; address: string; message: string },
) {
  const o = await findOwnOrder(s.db, userId, input.rid);
  if (o.status === 'cancelled') throw new DomainError('订单已取消');
  if (!canRequestReturn(o)) throw new DomainError(SAMPLES_NOT_RECEIVED);
  if (!(await hasDisposal(s.db as unknown as Tx, o.id, DISPOSAL_RECYCLE)))
    throw new DomainError('该订单没有需要回收的样品');
  const [row] = await s.db
    .insert(sampleRecycles)
    .values({
      rid: newRid('recycle'),
      orderId: o.id,
      userId,
      name: input.name,
      phone: input.phone,
      address: input.address,
      message: input.message,
      createdAt: new Date(s.now()),
    })
    .onConflictDoNothing()
    .returning({ rid: sampleRecycles.rid });
  if (!row) throw new DomainError(RECYCLE_EXISTS);
  return { rid: row.rid };
}

export async function listRecycles(
  s: Services,
  userId: number,
  page?: number,
  size?: number,
  orderRid?: string,
) {
  const w = pageWindow(page, size);
  const where = and(eq(sampleRecycles.userId, userId), orderRid ? eq(orders.rid, orderRid) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({ r: sampleRecycles, orderNo: orders.orderNo, orderRid: orders.rid })
      .from(sampleRecycles)
      .innerJoin(orders, eq(orders.id, sampleRecycles.orderId))
      .where(where)
      .orderBy(desc(sampleRecycles.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ total: count() })
      .from(sampleRecycles)
      .innerJoin(orders, eq(orders.id, sampleRecycles.orderId))
      .where(where),
  ]);
  return {
    list: rows.map(({ r, orderNo, orderRid }) => ({
      rid: r.rid,
      order_rid: orderRid,
      order_no: orderNo,
      status: r.status,
      name: r.name,
      phone: r.phone,
      address: r.address,
      message: r.message,
      created: r.createdAt.toISOString(),
    })),
    total,
  };
}

/**
 * The customer's return address requests (sample4recycle) of an order are served: its samples
 * have gone back (decision 0078: called by samples once none of them is left to send back).
 */
export async function markRecyclesSent(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(sampleRecycles)
    .set({ status: 'sent' })
    .where(and(eq(sampleRecycles.orderId, orderId), eq(sampleRecycles.status, 'pending')));
}

/** The customer's return request of an order (where its samples go back), for the staff page. */
export async function returnAddressOf(s: Services, orderId: number) {
  const [r] = await s.db.select().from(sampleRecycles).where(eq(sampleRecycles.orderId, orderId));
  return r
    ? {
        status: r.status,
        name: r.name,
        phone: r.phone,
        address: r.address,
        message: r.message,
        created: r.createdAt.toISOString(),
      }
    : null;
}

/**
 * A sample sheet uploaded on the order page (decision 0093): the line keeps the sheet's samples
 * and, as at placing, the parameters they all share as its own. The caller holds the order's lock.
 */
export async function setLineSamples(
  tx: Tx,
  lineId: number,
  samples: SheetSample[],
  parameters: Record<string, string>,
): Promise<void> {
  await tx.update(orderItems).set({ samples, parameters }).where(eq(orderItems.id, lineId));
}
