// The results of an order, made when first opened (decision 0075): one per sample and its line for
// an order with samples (送样检测), one per line for an order without (数据分析, 预约现场). A result
// is found by its public id and locked for a write; every write takes that lock first.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { newRid } from '../platform/ids.ts';
import { DomainError } from '../platform/errors.ts';
import { results } from './tables.ts';
import { orderDirectory, orderLineDirectory } from '../orders/index.ts';
import { sampleDirectory } from '../samples/index.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';
import { RESULT_NOT_FOUND } from '../../shared/results/results.ts';

export type ResultRow = typeof results.$inferSelect;

const order = orderDirectory('result_order');
const line = orderLineDirectory('result_line');
const sample = sampleDirectory('result_sample');

/** An order by its public id: its id, number and customer. */
export async function orderByRid(db: Db | Tx, rid: string) {
  const [row] = await db
    .select({
      id: order.id,
      rid: order.rid,
      orderNo: order.orderNo,
      userId: order.userId,
      status: order.status,
    })
    .from(order)
    .where(eq(order.rid, rid));
  if (!row) throw new DomainError(ORDER_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/**
 * The results an order should have and lacks: every sample of each line, or the line itself when
 * it has no samples.
 */
export async function missingResults(db: Db | Tx, orderId: number) {
  const [lines, samples, existing] = await Promise.all([
    db
      .select({ id: line.id, itemRid: line.itemRid, name: line.name })
      .from(line)
      .where(eq(line.orderId, orderId))
      .orderBy(line.id),
    db
      .select({ id: sample.id, orderItemId: sample.orderItemId })
      .from(sample)
      .where(eq(sample.orderId, orderId))
      .orderBy(sample.sampleNo),
    db
      .select({ orderItemId: results.orderItemId, sampleId: results.sampleId })
      .from(results)
      .where(eq(results.orderId, orderId)),
  ]);
  const have = new Set(existing.map((r) => `${r.orderItemId}:${r.sampleId ?? ''}`));
  const wanted = lines.flatMap((l) => {
    const mine = samples.filter((s) => s.orderItemId === l.id);
    return (mine.length ? mine.map((s) => s.id) : [null]).map((sampleId) => ({ line: l, sampleId }));
  });
  return wanted.filter(({ line: l, sampleId }) => !have.has(`${l.id}:${sampleId ?? ''}`));
}

/** Makes the results an order lacks; two staff opening the order at once make each once. */
export async function ensureResults(db: Db | Tx, orderId: number, now: number): Promise<void> {
  const missing = await missingResults(db, orderId);
  if (missing.length === 0) return;
  await db
    .insert(results)
    .values(
      missing.map(({ line: l, sampleId }) => ({
        rid: newRid('result'),
        orderId,
        orderItemId: l.id,
        sampleId,
        itemRid: l.itemRid,
        itemName: l.name,
        createdAt: new Date(now),
      })),
    )
    .onConflictDoNothing();
}

/** A result by its public id (not locked). */
export async function resultByRid(db: Db | Tx, rid: string): Promise<ResultRow> {
  const [row] = await db.select().from(results).where(eq(results.rid, rid));
  if (!row) throw new DomainError(RESULT_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/** Locks a result's row for the rest of the transaction: its writes and reviews queue up. */
export async function lockResult(tx: Tx, rid: string): Promise<ResultRow> {
  const [row] = await tx.select().from(results).where(eq(results.rid, rid)).for('update');
  if (!row) throw new DomainError(RESULT_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/** Moves a locked result (status, round, times). */
export async function updateResult(tx: Tx, id: number, set: Partial<ResultRow>): Promise<void> {
  await tx.update(results).set(set).where(eq(results.id, id));
}

/** The results of an order, in sample then line order (ids follow that order when made). */
export async function resultsOfOrder(db: Db | Tx, orderId: number): Promise<ResultRow[]> {
  return db.select().from(results).where(eq(results.orderId, orderId)).orderBy(results.id);
}
