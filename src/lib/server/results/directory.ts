// What other domains read of results (decision 0061): the worklist (decision 0082) lists the
// results waiting for a technician beside its own rows, and makes sure received orders have theirs.
import { and, inArray, notExists, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.ts';
import { resultEntries, resultFiles, results } from './tables.ts';
import type { ResultStatus } from '../../shared/results/results.ts';
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
      /** The last submission (完成 in the worklist); null while never submitted. */
      submittedAt: results.submittedAt,
      /** The catalogue instrument its latest entry naming one records (decision 0097); null: none. */
      instrumentRid: sql<string | null>`(select ${resultEntries.instrumentRid} from ${resultEntries}
        where ${resultEntries.resultId} = ${results.id} and ${resultEntries.instrumentRid} is not null
        order by ${resultEntries.id} desc limit 1)`.as('instrument_rid'),
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

/**
 * An order's results per sample as the customer's tracking reads them (decision 0093): each
 * result's status and whether anything was entered on it (an entry or a raw file); one statement.
 */
export async function resultStatesOf(
  db: Db,
  orderId: number,
): Promise<{ sampleId: number | null; status: ResultStatus; entered: boolean }[]> {
  return db
    .select({
      sampleId: results.sampleId,
      status: results.status,
      entered: sql<boolean>`(exists (select 1 from ${resultEntries} where ${resultEntries.resultId} = ${results.id}) or exists (select 1 from ${resultFiles} where ${resultFiles.resultId} = ${results.id}))`,
    })
    .from(results)
    .where(eq(results.orderId, orderId));
}
