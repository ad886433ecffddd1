// Disposal and return of samples (decision 0073): the console's list of samples due, a disposal
// witnessed by a second staff member who confirms with their own password, and the customer's
// request to have a sample sent back instead of destroyed.
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiDate, shanghaiIso } from '../../shared/time.ts';
import { samples } from './tables.ts';
import { lockSample, recordSampleEvent, type SampleRow } from './records.ts';
import { toOrderSample } from './read.ts';
import { addEvent, orderDirectory } from '../orders/index.ts';
import { findUserById, findUserByPhone, userDirectory, verifyPassword } from '../accounts/index.ts';
import { staffRole } from '../staff/index.ts';
import { can } from '../../shared/staff/permissions.ts';
import {
  SAMPLE_NOT_FOUND,
  SAMPLE_STATUSES,
  SAMPLE_STATUS_TEXT,
  type SampleStatus,
} from '../../shared/samples/samples.ts';
import type { OrderSample } from '../../shared/samples/responses.ts';
import {
  ASK_RETURN_FROM,
  DISPOSAL_REFUSED,
  RETENTION_RETURN,
  disposableFrom,
  mayDisposeOn,
  retentionText,
  type DisposalRow,
  type DisposalSort,
  type DisposalView,
  type DisposeRequest,
  type DisposeManyRequest,
  type DisposedMany,
} from '../../shared/samples/disposal.ts';
import { positionIn } from '../platform/db/sorting.ts';

const order = orderDirectory('disposal_order');
const customer = userDirectory('disposal_customer');

const eventsCount = sql<number>`(select count(*)::int from "sample_events" e where e."sample_id" = "samples"."id")`;
const lastEventAt = sql<string>`(select max(e."at") from "sample_events" e where e."sample_id" = "samples"."id")`;

async function sampleByRid(db: Db | Tx, rid: string, userId?: number) {
  const [row] = await db
    .select({ s: samples, order: { id: order.id, status: order.status } })
    .from(samples)
    .innerJoin(order, eq(order.id, samples.orderId))
    .where(and(eq(samples.rid, rid), userId === undefined ? undefined : eq(order.userId, userId)));
  if (!row) throw new DomainError(SAMPLE_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

const VIEW_STATUSES: Record<DisposalView, SampleStatus[]> = {
  due: ['disposal_pending', 'return_pending'],
  upcoming: ['stored', 'tested'],
  done: ['disposed', 'returned'],
};

/** The list's order: a column chosen (decision 0095), else the view's own. */
function disposalOrder(view: DisposalView, sort: DisposalSort | undefined, dir: 'asc' | 'desc'): SQL[] {
  const by = (e: SQL | AnyColumn) => sql`${e} ${sql.raw(dir)}`;
  switch (sort) {
    case 'sample':
      return [by(samples.sampleNo)];
    case 'order':
      return [by(order.orderNo)];
    case 'retention':
      return [sql`${samples.retainUntil} ${sql.raw(dir)} nulls last`];
    case 'status':
      return [by(positionIn(SAMPLE_STATUSES, samples.status))];
    default:
      return [view === 'done' ? desc(lastEventAt) : sql`${samples.retainUntil} asc nulls last`];
  }
}

/** sample/disposals: one view of the samples due, coming or done, by their last day kept. */
export async function listDisposals(
  s: Services,
  q: {
    view: DisposalView;
    due_from?: string;
    due_to?: string;
    page?: number;
    size?: number;
    sort?: DisposalSort;
    dir?: 'asc' | 'desc';
  },
): Promise<{ list: DisposalRow[]; total: number }> {
  // A tested sample the customer chose to have sent back is due for return at once.
  const status = inArray(samples.status, VIEW_STATUSES[q.view]);
  const where: SQL[] = [
    q.view === 'due'
      ? or(status, and(eq(samples.status, 'tested'), eq(samples.disposal, RETENTION_RETURN)))!
      : status,
  ];
  if (q.view === 'upcoming') where.push(isNotNull(samples.retainUntil));
  if (q.due_from) where.push(gte(samples.retainUntil, q.due_from));
  if (q.due_to) where.push(lte(samples.retainUntil, q.due_to));
  const w = pageWindow(q.page, q.size);
  const [{ total }] = await s.db
    .select({ total: sql<number>`count(*)::int` })
    .from(samples)
    .where(and(...where));
  const rows = await s.db
    .select({
      s: samples,
      order: { rid: order.rid, orderNo: order.orderNo },
      customer: { rid: customer.rid, phone: customer.phone, name: customer.name, company: customer.company },
      at: lastEventAt,
    })
    .from(samples)
    .innerJoin(order, eq(order.id, samples.orderId))
    .innerJoin(customer, eq(customer.id, order.userId))
    .where(and(...where))
    .orderBy(...disposalOrder(q.view, q.sort, q.dir ?? 'asc'), asc(samples.sampleNo))
    .limit(w.size)
    .offset(w.offset);
  return {
    total,
    list: rows.map(({ s: r, order: o, customer: c, at }) => ({
      rid: r.rid,
      sample_no: r.sampleNo,
      name: r.name,
      item_name: r.itemName,
      status: r.status,
      status_text: SAMPLE_STATUS_TEXT[r.status],
      order_rid: o.rid,
      order_no: o.orderNo,
      customer: { rid: c.rid, phone: c.phone, name: c.name, company: c.company },
      disposal: r.disposal,
      retention_text: retentionText(r.disposal),
      retain_until: r.retainUntil,
      disposable_from: r.retainUntil ? disposableFrom(r.retainUntil) : null,
      location: r.locationLabel,
      noticed_at: r.disposalNoticeAt ? shanghaiIso(r.disposalNoticeAt) : null,
      updated_at: shanghaiIso(new Date(at)),
    })),
  };
}

/** Wrong witness passwords allowed per witness account in 15 minutes. */
const WITNESS_TRIES = { limit: 5, seconds: 900 };

/**
 * The witness of a disposal: another staff member, present, who types their own phone number and
 * password on the disposer's screen. Refused for the disposer themself, a wrong password (five
 * tries per account in 15 minutes), or an account that may not handle samples.
 */
async function witnessOf(s: Services, staffId: number, phone: string, password: string) {
  const w = await findUserByPhone(s.db, phone);
  if (w?.id === staffId) throw new DomainError(DISPOSAL_REFUSED.samePerson);
  const key = `witness:fail:${phone}`;
  if ((await s.limiter.peek(key)).count >= WITNESS_TRIES.limit)
    throw new DomainError('见证人密码错误次数过多，请15分钟后再试', 200, 'RATE_LIMITED');
  if (!w || !(await verifyPassword(w.passwordHash, password))) {
    await s.limiter.hit(key, WITNESS_TRIES);
    throw new DomainError(DISPOSAL_REFUSED.badWitness);
  }
  if (!can(await staffRole(s.db, w.id), 'orders.process')) throw new DomainError(DISPOSAL_REFUSED.notStaff);
  return { id: w.id, name: w.name || w.phone };
}

/** Why a sample may not be destroyed today, or null when it may. */
function refusal(x: SampleRow, today: string): string | null {
  if (x.status === 'disposed') return '样品已销毁，请勿重复操作';
  if (x.status === 'returned') return '样品已寄回客户，不能销毁';
  if (x.status === 'testing') return DISPOSAL_REFUSED.testing;
  if (x.status === 'return_pending') return DISPOSAL_REFUSED.returnAsked;
  if (x.disposal === RETENTION_RETURN) return DISPOSAL_REFUSED.sendBack;
  if (!x.retainUntil) return DISPOSAL_REFUSED.noDate;
  if (!mayDisposeOn(x.retainUntil, today)) return DISPOSAL_REFUSED.notDue(x.retainUntil);
  if (!['stored', 'tested', 'abnormal', 'disposal_pending'].includes(x.status))
    return `样品当前为「${SAMPLE_STATUS_TEXT[x.status]}」，不能销毁`;
  return null;
}

type Disposer = { actor: 'staff'; actorId: number; actorName: string };
type Witness = Awaited<ReturnType<typeof witnessOf>>;
type HowDisposed = Pick<DisposeRequest, 'method' | 'reason' | 'note'>;

async function disposerOf(s: Services, staffId: number): Promise<Disposer> {
  const staff = await findUserById(s.db, staffId);
  return { actor: 'staff', actorId: staffId, actorName: staff?.name || staff?.phone || '' };
}

/**
 * Destroys one sample in its own transaction, under its row lock, the refusals checked again
 * there: a 'disposed' custody event after a 'disposal_scheduled' one when the job has not yet
 * listed it. Throws the refusal (a DomainError) otherwise.
 */
async function disposeOne(
  s: Services,
  id: number,
  by: Disposer,
  witness: Witness,
  how: HowDisposed,
): Promise<OrderSample> {
  return s.db.transaction(async (tx) => {
    const locked = await lockSample(tx, id);
    const now = s.now();
    const why = refusal(locked, shanghaiDate(now));
    if (why) throw new DomainError(why);
    if (locked.status !== 'disposal_pending')
      await recordSampleEvent(tx, locked.id, { kind: 'disposal_scheduled', ...by, note: '保留期满', now });
    const done = await recordSampleEvent(tx, locked.id, {
      kind: 'disposed',
      ...by,
      details: { method: how.method, reason: how.reason, witness: witness.name, witness_id: witness.id },
      note: how.note,
      now,
    });
    return toOrderSample(done, await countEvents(tx, done.id));
  });
}

/**
 * sample/dispose: destroys one sample whose retention is over, with method, reason and witness.
 * Refused before its date, while it is tested, once its customer asked for it back.
 */
export async function disposeSample(s: Services, staffId: number, req: DisposeRequest): Promise<OrderSample> {
  const { s: found } = await sampleByRid(s.db, req.rid);
  const early = refusal(found, shanghaiDate(s.now()));
  if (early) throw new DomainError(early);
  const witness = await witnessOf(s, staffId, req.witness_phone, req.password);
  return disposeOne(s, found.id, await disposerOf(s, staffId), witness, req);
}

/**
 * sample/disposeMany: several samples destroyed with one witness confirmation (decision 0078).
 * The witness is checked once, before anything; then each sample is disposed of on its own, in
 * its own transaction under its lock, so a refused one (not due, asked back, under test, gone)
 * is reported with its reason and the others are still done.
 */
export async function disposeSamples(
  s: Services,
  staffId: number,
  req: DisposeManyRequest,
): Promise<DisposedMany> {
  const witness = await witnessOf(s, staffId, req.witness_phone, req.password);
  const by = await disposerOf(s, staffId);
  const found = await s.db
    .select({ id: samples.id, rid: samples.rid, sampleNo: samples.sampleNo })
    .from(samples)
    .where(inArray(samples.rid, req.rids));
  const byRid = new Map(found.map((f) => [f.rid, f]));
  const result: DisposedMany = { disposed: [], refused: [] };
  for (const rid of req.rids) {
    const f = byRid.get(rid);
    if (!f) {
      result.refused.push({ rid, sample_no: '', msg: SAMPLE_NOT_FOUND });
      continue;
    }
    try {
      result.disposed.push(await disposeOne(s, f.id, by, witness, req));
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      result.refused.push({ rid, sample_no: f.sampleNo, msg: e.message });
    }
  }
  return result;
}

async function countEvents(tx: Tx, id: number) {
  const [row] = await tx.select({ n: eventsCount }).from(samples).where(eq(samples.id, id));
  return row?.n ?? 0;
}

/**
 * sample/askReturn: the customer asks for one of their samples back instead of its disposal; it
 * moves to 待退回 with their event, and the order's timeline tells staff.
 */
export async function askReturn(s: Services, userId: number, rid: string): Promise<OrderSample> {
  const { s: found, order: o } = await sampleByRid(s.db, rid, userId);
  return s.db.transaction(async (tx) => {
    const locked = await lockSample(tx, found.id);
    if (locked.disposal === RETENTION_RETURN) throw new DomainError(DISPOSAL_REFUSED.askSendBack);
    if (locked.status === 'return_pending') throw new DomainError('已申请寄回，请勿重复提交');
    if (!ASK_RETURN_FROM.includes(locked.status)) throw new DomainError(DISPOSAL_REFUSED.askTooLate);
    const now = s.now();
    const moved = await recordSampleEvent(tx, locked.id, {
      kind: 'return_requested',
      actor: 'customer',
      actorId: userId,
      note: '客户申请寄回（代替销毁）',
      now,
    });
    await addEvent(tx, {
      orderId: o.id,
      from: o.status,
      to: o.status,
      action: 'sample_return_asked',
      actor: 'customer',
      actorId: userId,
      note: `客户申请寄回样品 ${locked.sampleNo}`,
      now,
    });
    return toOrderSample(moved, await countEvents(tx, moved.id));
  });
}
