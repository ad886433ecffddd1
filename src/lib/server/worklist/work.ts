// 我的工作 (decision 0082): the results waiting for a technician on received orders, by instrument
// and item, oldest due date first, with who holds each; 领取, 转交 (with a reason), 开始检测 and 完成
// (the results domain's submission). Holding and starting are evidence: work_events, append-only.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { workEvents, workHolds } from './tables.ts';
import { ensureReceivedResults, resultDirectory, submitResult } from '../results/index.ts';
import { orderDirectory, staffStep } from '../orders/index.ts';
import { sampleDirectory } from '../samples/index.ts';
import { deviceDirectory, itemDirectory } from '../catalogue/index.ts';
import { recordedName } from '../accounts/index.ts';
import { labCalendar } from '../calendar/index.ts';
import { RESULT_STATUS_TEXT, type ResultStatus } from '../../shared/results/results.ts';
import {
  ALREADY_HELD,
  ALREADY_STARTED,
  backlogDays,
  backlogText,
  dueSoonUntil,
  HANDOVER_NEEDS_HOLDER,
  HELD_BY_OTHER,
  isBreached,
  NOT_HOLDER,
  NOT_STARTED,
  WORK_NOT_WAITING,
  type WorkAction,
  type WorkView,
} from '../../shared/worklist/work.ts';
import type { WorkGroup, Worklist, WorkRow } from '../../shared/worklist/responses.ts';

/** Results that still wait for a technician: not yet submitted, or returned by a reviewer. */
const WAITING: ResultStatus[] = ['draft', 'returned'];
/** Orders whose work is on the bench: received, or in testing. */
const ON_BENCH = ['received', 'testing'] as const;
/** Rows a list shows at most (the oldest due first); the groups' counts cover everything. */
const LIMIT = 300;

const result = resultDirectory('work_result');
const order = orderDirectory('work_order');
const sample = sampleDirectory('work_sample');
const item = itemDirectory('work_item');
const device = deviceDirectory('work_device');

const waiting = and(inArray(result.status, WAITING), inArray(order.status, [...ON_BENCH]));

const deviceName = sql<string | null>`trim(${device.name} || ' ' || ${device.model})`;

/** The work rows matching `where`, oldest due date first (orders without one last). */
function rows(s: Services, where: SQL | undefined, limit = LIMIT) {
  return s.db
    .select({
      id: result.id,
      rid: result.rid,
      status: result.status,
      itemRid: result.itemRid,
      itemName: result.itemName,
      orderRid: order.rid,
      orderNo: order.orderNo,
      orderStatus: order.status,
      dueDate: order.dueDate,
      sampleNo: sample.sampleNo,
      sampleName: sample.name,
      deviceRid: device.rid,
      deviceName,
      capacity: device.weeklyCapacity,
      holderId: workHolds.holderId,
      holderName: workHolds.holderName,
      heldAt: workHolds.heldAt,
      startedAt: workHolds.startedAt,
    })
    .from(result)
    .innerJoin(order, eq(order.id, result.orderId))
    .leftJoin(sample, eq(sample.id, result.sampleId))
    .leftJoin(item, eq(item.rid, result.itemRid))
    .leftJoin(device, eq(device.rid, item.deviceRid))
    .leftJoin(workHolds, eq(workHolds.resultId, result.id))
    .where(where)
    .orderBy(sql`${order.dueDate} asc nulls last`, asc(order.id), asc(result.id))
    .limit(limit);
}
type Row = Awaited<ReturnType<typeof rows>>[number];

/** How a row's due date stands at `now`: null without one. */
type DueState = WorkRow['due_state'];
function dueStateOf(now: number, soonUntil: string) {
  return (due: string | null): DueState => {
    if (!due) return null;
    if (isBreached(due, now)) return 'breached';
    return due <= soonUntil ? 'soon' : 'ok';
  };
}

const toRow = (r: Row, me: number, dueState: (due: string | null) => DueState): WorkRow => ({
  rid: r.rid,
  order_rid: r.orderRid,
  order_no: r.orderNo,
  sample_no: r.sampleNo ?? '',
  sample_name: r.sampleName ?? '',
  item_rid: r.itemRid,
  item_name: r.itemName,
  status: r.status,
  status_text: RESULT_STATUS_TEXT[r.status],
  due_date: r.dueDate,
  due_state: dueState(r.dueDate),
  holder: r.holderId === null ? null : { id: r.holderId, name: r.holderName ?? '' },
  held_at: r.heldAt?.toISOString() ?? null,
  started_at: r.startedAt?.toISOString() ?? null,
  mine: r.holderId === me,
});

async function dueStates(s: Services) {
  const now = s.now();
  const { calendar } = await labCalendar(s);
  return dueStateOf(now, dueSoonUntil(now, calendar));
}

/** worklist/list: the work by instrument and item, 我的 or 全部, with each queue's backlog. */
export async function worklist(s: Services, me: number, view: WorkView): Promise<Worklist> {
  await ensureReceivedResults(s.db, s.now());
  const [list, counts, state] = await Promise.all([
    rows(s, view === 'mine' ? and(waiting, eq(workHolds.holderId, me)) : waiting),
    // Each queue's size whatever the view: the backlog is the instrument's, not one person's.
    s.db
      .select({ deviceRid: device.rid, itemRid: result.itemRid, n: count() })
      .from(result)
      .innerJoin(order, eq(order.id, result.orderId))
      .leftJoin(item, eq(item.rid, result.itemRid))
      .leftJoin(device, eq(device.rid, item.deviceRid))
      .where(waiting)
      .groupBy(device.rid, result.itemRid),
    dueStates(s),
  ]);
  const perItem = new Map(counts.map((c) => [`${c.deviceRid ?? ''}|${c.itemRid}`, c.n]));
  const perDevice = new Map<string, number>();
  for (const c of counts) perDevice.set(c.deviceRid ?? '', (perDevice.get(c.deviceRid ?? '') ?? 0) + c.n);
  // Groups in the order of their oldest due row.
  const groups = new Map<string, WorkGroup>();
  for (const r of list) {
    const key = r.deviceRid ?? '';
    let g = groups.get(key);
    if (!g) {
      const n = perDevice.get(key) ?? 0;
      const capacity = r.deviceRid ? r.capacity : null;
      g = {
        device: r.deviceRid
          ? { rid: r.deviceRid, name: r.deviceName ?? '', weekly_capacity: r.capacity }
          : null,
        waiting: n,
        backlog_days: backlogDays(n, capacity),
        backlog_text: r.deviceRid ? backlogText(n, capacity) : '未指定仪器',
        items: [],
      };
      groups.set(key, g);
    }
    let it = g.items.find((i) => i.item_rid === r.itemRid);
    if (!it) {
      it = {
        item_rid: r.itemRid,
        item_name: r.itemName,
        waiting: perItem.get(`${key}|${r.itemRid}`) ?? 0,
        rows: [],
      };
      g.items.push(it);
    }
    it.rows.push(toRow(r, me, state));
  }
  return {
    groups: [...groups.values()],
    shown: list.length,
    total: counts.reduce((n, c) => n + c.n, 0),
    limited: list.length === LIMIT,
  };
}

/** One piece of work as its row, for the answer of a step. */
async function rowOf(s: Services, rid: string, me: number): Promise<WorkRow> {
  const [r] = await rows(s, eq(result.rid, rid), 1);
  return toRow(r, me, await dueStates(s));
}

/** The work by its result's public id, refused unless it still waits on a received order. */
async function waitingWork(tx: Tx, rid: string) {
  const [w] = await tx
    .select({ id: result.id, status: result.status, orderRid: order.rid, orderStatus: order.status })
    .from(result)
    .innerJoin(order, eq(order.id, result.orderId))
    .where(eq(result.rid, rid));
  if (!w) throw new DomainError('检测结果不存在', 200, 'NOT_FOUND');
  if (!WAITING.includes(w.status) || !(ON_BENCH as readonly string[]).includes(w.orderStatus))
    throw new DomainError(WORK_NOT_WAITING);
  return w;
}

const lockHold = async (tx: Tx, resultId: number) =>
  (await tx.select().from(workHolds).where(eq(workHolds.resultId, resultId)).for('update'))[0];

async function record(
  tx: Tx,
  e: { resultId: number; action: WorkAction; staffId: number; staffName: string; now: number } & Partial<{
    fromId: number;
    fromName: string;
    reason: string;
  }>,
) {
  await tx.insert(workEvents).values({ ...e, at: new Date(e.now) });
}

/**
 * worklist/take: the work becomes mine. One holder at a time (the hold's key): work another holds
 * is refused with their name; taking it over is an explicit 转交 with a reason.
 */
export async function takeWork(s: Services, me: number, rid: string): Promise<WorkRow> {
  const name = await recordedName(s.db, me);
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const w = await waitingWork(tx, rid);
    const [taken] = await tx
      .insert(workHolds)
      .values({ resultId: w.id, holderId: me, holderName: name, heldAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ id: workHolds.resultId });
    if (!taken) {
      const [held] = await tx.select().from(workHolds).where(eq(workHolds.resultId, w.id));
      throw new DomainError(held?.holderId === me ? ALREADY_HELD : HELD_BY_OTHER(held?.holderName ?? ''));
    }
    await record(tx, { resultId: w.id, action: 'take', staffId: me, staffName: name, now });
  });
  return rowOf(s, rid, me);
}

/** worklist/handover: I take over work another holds, with the reason; a test begun stays begun. */
export async function handOver(s: Services, me: number, rid: string, reason: string): Promise<WorkRow> {
  const name = await recordedName(s.db, me);
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const w = await waitingWork(tx, rid);
    const hold = await lockHold(tx, w.id);
    if (!hold) throw new DomainError(HANDOVER_NEEDS_HOLDER);
    if (hold.holderId === me) throw new DomainError(ALREADY_HELD);
    await tx
      .update(workHolds)
      .set({ holderId: me, holderName: name, heldAt: new Date(now) })
      .where(eq(workHolds.resultId, w.id));
    await record(tx, {
      resultId: w.id,
      action: 'handover',
      staffId: me,
      staffName: name,
      fromId: hold.holderId,
      fromName: hold.holderName,
      reason,
      now,
    });
  });
  return rowOf(s, rid, me);
}

/** worklist/start: testing begins (once), by its holder; a received order moves to 检测中. */
export async function startWork(s: Services, me: number, rid: string): Promise<WorkRow> {
  const name = await recordedName(s.db, me);
  const now = s.now();
  const w = await s.db.transaction(async (tx) => {
    const w = await waitingWork(tx, rid);
    const hold = await lockHold(tx, w.id);
    if (hold?.holderId !== me) throw new DomainError(hold ? HELD_BY_OTHER(hold.holderName) : NOT_HOLDER);
    if (hold.startedAt) throw new DomainError(ALREADY_STARTED);
    await tx
      .update(workHolds)
      .set({ startedAt: new Date(now) })
      .where(eq(workHolds.resultId, w.id));
    await record(tx, { resultId: w.id, action: 'start', staffId: me, staffName: name, now });
    return w;
  });
  if (w.orderStatus === 'received') {
    // Another result of the order may have moved it a moment ago: that is the same outcome.
    await staffStep(s, me, w.orderRid, 'start', '').catch((e: unknown) => {
      if (!(e instanceof DomainError)) throw e;
    });
  }
  return rowOf(s, rid, me);
}

/** worklist/done: the holder submits the result for review (the results domain's rules apply). */
export async function finishWork(s: Services, me: number, rid: string) {
  const hold = await s.db.transaction(async (tx) => lockHold(tx, (await waitingWork(tx, rid)).id));
  if (hold?.holderId !== me) throw new DomainError(hold ? HELD_BY_OTHER(hold.holderName) : NOT_HOLDER);
  if (!hold.startedAt) throw new DomainError(NOT_STARTED);
  return submitResult(s, me, rid);
}
