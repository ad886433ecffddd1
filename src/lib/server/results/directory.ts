// What other domains read of results (decision 0061): the worklist (decision 0082) lists the
// results waiting for a technician beside its own rows, and makes sure received orders have theirs.
import { and, inArray, notExists, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.ts';
import { results } from './tables.ts';
import { ensureResults } from './records.ts';
import { orderDirectory } from '../orders/index.ts';

/** The results as a read-only subquery joined on `id` under the alias given. */
export const resultDirectory = (alias: string) =>
  new QueryBuilder()
    .select({
      id: results.id,
      rid: results.rid,
      orderId: results.orderId,
      sampleId: results.sampleId,
      itemRid: results.itemRid,
      itemName: results.itemName,
      status: results.status,
      createdAt: results.createdAt,
    })
    .from(results)
    .as(alias);

const order = orderDirectory('work_order');

/**
 * Makes the results of orders received (or in testing) that have none yet, so the worklist shows
 * their work before anyone opened the order; two callers at once make each once.
 */
export async function ensureReceivedResults(db: Db, now: number): Promise<void> {
  const bare = await db
    .select({ id: order.id })
    .from(order)
    .where(
      and(
        inArray(order.status, ['received', 'testing']),
        notExists(db.select({ id: results.id }).from(results).where(eq(results.orderId, order.id))),
      ),
    );
  for (const o of bare) await ensureResults(db, o.id, now);
}
