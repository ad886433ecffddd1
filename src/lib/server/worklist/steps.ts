// Testing steps as instrument time (issue 35, decision 0097): a piece of work runs on its
// instrument from its 开始检测 to its 完成 (the result's last submission). The instrument is the one
// its entries record (a catalogue device), else the instrument its item names. The utilisation
// report counts these hours as used beside the bookings'.
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { workHolds } from './tables.ts';
import { resultDirectory } from '../results/index.ts';
import { orderDirectory } from '../orders/index.ts';
import { itemDirectory } from '../catalogue/index.ts';

export type TestingStep = { deviceRid: string; userId: number; startedAt: Date; endedAt: Date };

/** The finished testing steps that overlap [from, to), each with its instrument and customer. */
export async function testingSteps(db: Db, from: Date, to: Date): Promise<TestingStep[]> {
  const r = resultDirectory('step_result');
  const o = orderDirectory('step_order');
  const i = itemDirectory('step_item');
  const rows = await db
    .select({
      deviceRid: sql<string | null>`coalesce(${r.instrumentRid}, ${i.deviceRid})`,
      userId: o.userId,
      startedAt: workHolds.startedAt,
      endedAt: r.submittedAt,
    })
    .from(workHolds)
    .innerJoin(r, eq(r.id, workHolds.resultId))
    .innerJoin(o, eq(o.id, r.orderId))
    .leftJoin(i, eq(i.rid, r.itemRid))
    .where(
      and(
        isNotNull(workHolds.startedAt),
        lt(workHolds.startedAt, to),
        gt(r.submittedAt, from),
        gt(r.submittedAt, workHolds.startedAt),
      ),
    );
  return rows.flatMap((x) =>
    x.deviceRid
      ? [{ deviceRid: x.deviceRid, userId: x.userId, startedAt: x.startedAt!, endedAt: x.endedAt! }]
      : [],
  );
}
