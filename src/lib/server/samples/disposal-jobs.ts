// The disposal list's daily work (decision 0073), one periodic job: tested samples get their last
// day kept, samples to be sent back move to 待退回, customers hear 3 working days ahead of a
// disposal, and samples past their date move to 待销毁. Every step is idempotent and safe with
// several processes: each sample is re-read under its row lock, the notice is claimed by a
// conditional update, and its messages carry the order event's unique key.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { samples } from './tables.ts';
import { lockSample, recordSampleEvent } from './records.ts';
import { setRetention } from './disposal-retention.ts';
import { addEvent, orderDirectory } from '../orders/index.ts';
import { CHANNELS, queueNotification } from '../notify/index.ts';
import { addDays } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import type { SampleMove, SampleStatus } from '../../shared/samples/samples.ts';
import { RETENTION_RETURN, disposableFrom, noticeDate } from '../../shared/samples/disposal.ts';

/** The job kind (periodic). */
export const SAMPLE_DISPOSAL = 'sample-disposal';

/** Samples one pass handles per step; the next pass takes the rest. */
const BATCH = 200;
const KEPT: SampleStatus[] = ['stored', 'tested'];
const order = orderDirectory('notice_order');

/** One pass; answers how many samples each step touched. */
export async function runDisposalJob(s: Services) {
  return {
    dated: await dateTested(s),
    toReturn: await moveAll(s, 'return_requested', sendBackDue(), '检测完成，待寄回客户'),
    noticed: await sendNotices(s),
    toDispose: await moveAll(s, 'disposal_scheduled', disposalDue(shanghaiDate(s.now())), '保留期满'),
  };
}

/** Tested samples without a last day kept (an earlier record, a backfilled one) get it now. */
async function dateTested(s: Services): Promise<number> {
  const testedAt = sql<string>`(select max(e."at") from "sample_events" e where e."sample_id" = "samples"."id" and e."to_status" = 'tested')`;
  const rows = await s.db
    .select({ id: samples.id, disposal: samples.disposal, retainUntil: samples.retainUntil, testedAt })
    .from(samples)
    .where(
      and(
        inArray(samples.status, KEPT),
        ne(samples.disposal, RETENTION_RETURN),
        isNull(samples.retainUntil),
        sql`${testedAt} is not null`,
      ),
    )
    .limit(BATCH);
  for (const r of rows) await s.db.transaction((tx) => setRetention(tx, r, +new Date(r.testedAt)));
  return rows.length;
}

/** To be sent back: tested, or put back in the store after testing (its 48 h run from then on). */
const sendBackDue = () =>
  and(
    eq(samples.disposal, RETENTION_RETURN),
    or(
      eq(samples.status, 'tested'),
      and(
        eq(samples.status, 'stored'),
        sql`exists (select 1 from "sample_events" e where e."sample_id" = "samples"."id" and e."to_status" = 'tested')`,
      ),
    ),
  )!;
const disposalDue = (today: string) =>
  and(
    inArray(samples.status, KEPT),
    ne(samples.disposal, RETENTION_RETURN),
    isNotNull(samples.retainUntil),
    lt(samples.retainUntil, today),
  )!;

/** Moves every sample matching `where` with a system event, each re-checked under its lock. */
async function moveAll(s: Services, kind: SampleMove, where: ReturnType<typeof and>, note: string) {
  const rows = await s.db
    .select({ id: samples.id })
    .from(samples)
    .where(where)
    .orderBy(asc(samples.id))
    .limit(BATCH);
  let moved = 0;
  for (const { id } of rows) {
    const done = await s.db.transaction(async (tx) => {
      await lockSample(tx, id);
      const [still] = await tx
        .select({ id: samples.id })
        .from(samples)
        .where(and(eq(samples.id, id), where));
      if (!still) return false;
      await recordSampleEvent(tx, id, { kind, actor: 'system', actorId: null, note, now: s.now() });
      return true;
    });
    if (done) moved++;
  }
  return moved;
}

/**
 * Tells each customer, once per sample, that their samples will be disposed of: on the working
 * day 3 working days before the first day of disposal (or at once when that day has passed). One
 * message per order and first day, naming the samples.
 */
async function sendNotices(s: Services): Promise<number> {
  const now = s.now();
  const today = shanghaiDate(now);
  // Notice days fall at most a week or two before the last day kept (holidays included).
  const rows = await s.db
    .select({
      id: samples.id,
      orderId: samples.orderId,
      no: samples.sampleNo,
      until: samples.retainUntil,
    })
    .from(samples)
    .where(
      and(
        inArray(samples.status, [...KEPT, 'disposal_pending']),
        ne(samples.disposal, RETENTION_RETURN),
        isNull(samples.disposalNoticeAt),
        lte(samples.retainUntil, addDays(today, 20)),
      ),
    )
    .orderBy(asc(samples.orderId), asc(samples.sampleNo))
    .limit(BATCH);
  const groups = new Map<string, { orderId: number; from: string; ids: number[]; nos: string[] }>();
  for (const r of rows) {
    if (!r.until || noticeDate(r.until) > today) continue;
    const from = disposableFrom(r.until);
    const key = `${r.orderId}:${from}`;
    const g = groups.get(key) ?? { orderId: r.orderId, from, ids: [], nos: [] };
    g.ids.push(r.id);
    g.nos.push(r.no);
    groups.set(key, g);
  }
  let noticed = 0;
  for (const g of groups.values()) noticed += await noticeOrder(s, g, now);
  return noticed;
}

async function noticeOrder(s: Services, g: { orderId: number; from: string; ids: number[] }, now: number) {
  return s.db.transaction(async (tx) => {
    const claimed = await tx
      .update(samples)
      .set({ disposalNoticeAt: new Date(now) })
      .where(and(inArray(samples.id, g.ids), isNull(samples.disposalNoticeAt)))
      .returning({ no: samples.sampleNo });
    if (claimed.length === 0) return 0;
    const [o] = await tx
      .select({ no: order.orderNo, status: order.status, userId: order.userId })
      .from(order)
      .where(eq(order.id, g.orderId));
    const nos = claimed
      .map((c) => c.no)
      .sort()
      .map((n) => n.slice(o.no.length));
    const note = `${nos.join('、')}于${g.from}起`;
    const eventId = await addEvent(tx, {
      orderId: g.orderId,
      from: o.status,
      to: o.status,
      action: 'disposal_notice',
      actor: 'system',
      actorId: null,
      note: `已通知客户：样品${note}销毁`,
      now,
    });
    await queueNotification(tx, {
      channels: CHANNELS.disposal,
      userId: o.userId,
      orderId: g.orderId,
      eventId,
      template: 'disposal',
      vars: { order_no: o.no, amount_fen: '0', note, recycle: '0' },
      now,
    });
    return claimed.length;
  });
}

/** The periodic job's handler. */
export const disposalJob = async (s: Services) => {
  await runDisposalJob(s);
};
