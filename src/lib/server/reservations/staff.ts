import { newRid } from '../platform/ids.ts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { deviceBlocks, reservations } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { addEvent, applyTransition, billSessionUse, lockOrder, lockPayerOf } from '../orders/index.ts';
import { moneyTransaction } from '../money/index.ts';
import { cancelReservation, findReservation, inactiveMessage, periodText } from './book.ts';
import { reservationItem } from './read.ts';
import {
  ACTIVE_RESERVATION,
  BLOCK_KINDS,
  BLOCK_KIND_TEXT,
  DEVICE_UNAVAILABLE,
  RESERVATION_NOT_FOUND,
  actualUseProblem,
  durationText,
  reservationAmountFen,
  type BlockKind,
  type ReservationStatus,
} from '../../shared/reservations/reservation-rules.ts';
import type { BlockItem, BlockSort, DeviceInput } from '../../shared/reservations/reservation.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiIso } from '../../shared/time.ts';
import {
  catalogueChanged,
  deviceDirectory,
  insertDevice,
  itemsByRid,
  toDeviceSummary,
  updateDevice,
  type Device,
  type DeviceValues,
} from '../catalogue/index.ts';
import { containsPattern } from '../platform/db/like.ts';
import { positionIn } from '../platform/db/sorting.ts';

const instrument = deviceDirectory('instrument');

export type ReservationStep = 'confirm' | 'done' | 'no_show';

const STEP_TEXT: Record<ReservationStep, string> = {
  confirm: '确认预约',
  done: '上机完成',
  no_show: '未到场',
};

/**
 * Staff moves of a reservation, each written on its order's timeline: confirm (待确认 → 已确认),
 * done and no_show (after the start; the order is finished). Done records the time actually used
 * (the booked time when none is given); an instrument billed by actual use (decision 0087) is
 * billed for it in the same money transaction, the payer locked before the order.
 */
export async function staffReservationStep(
  s: Services,
  staffId: number,
  rid: string,
  step: ReservationStep,
  input: { note: string; actual_start?: string; actual_end?: string },
) {
  const peek = await findReservation(s.db, rid);
  const now = s.now();
  const { note } = input;
  await moneyTransaction(s.db, async (tx) => {
    if (step === 'done') await lockPayerOf(tx, peek.orderId);
    const order = await lockOrder(tx, peek.orderId);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, peek.id)).for('update');
    if (!r) throw new DomainError(RESERVATION_NOT_FOUND, 200, 'NOT_FOUND');
    const allowed: ReservationStatus[] = step === 'confirm' ? ['pending'] : [...ACTIVE_RESERVATION];
    if (!allowed.includes(r.status))
      throw new DomainError(
        step === 'confirm' && r.status === 'confirmed' ? '预约已确认' : inactiveMessage(r.status),
      );
    if (step !== 'confirm' && now < +r.startAt) throw new DomainError('预约开始后才能标记完成或未到场');
    const to: ReservationStatus = step === 'confirm' ? 'confirmed' : step;
    const used =
      step === 'done'
        ? {
            from: input.actual_start ? Date.parse(input.actual_start) : +r.startAt,
            to: input.actual_end ? Date.parse(input.actual_end) : Math.min(+r.endAt, now - (now % 60_000)),
          }
        : null;
    if (used) {
      const problem = actualUseProblem({ ...used, start: +r.startAt, now });
      if (problem) throw new DomainError(problem);
    }
    await tx
      .update(reservations)
      .set({
        status: to,
        updatedAt: new Date(now),
        ...(used && { actualStartAt: new Date(used.from), actualEndAt: new Date(used.to) }),
      })
      .where(eq(reservations.id, r.id));
    const text = [STEP_TEXT[step], periodText(r.startAt, r.endAt), note].filter(Boolean).join('：');
    if (step === 'confirm') {
      await addEvent(tx, {
        orderId: order.id,
        from: order.status,
        to: order.status,
        action: 'reservation_confirm',
        actor: 'staff',
        actorId: staffId,
        note: text,
        now,
      });
      return;
    }
    let words = step === 'no_show' ? `未到场，按预约计费${note ? `：${note}` : ''}` : text;
    if (used) {
      const minutes = (used.to - used.from) / 60_000;
      const usedText = `${periodText(used.from, used.to)}（${durationText(minutes)}）`;
      const [d] = await tx.select().from(instrument).where(eq(instrument.id, r.deviceId));
      if (d.billByActual && d.priceUnit !== 'session') {
        const amountFen = reservationAmountFen(d.priceFen, 'hour', minutes);
        words = `${words}；${await billSessionUse(tx, order.id, { amountFen, usedText, now })}`;
      } else words = `${words}；实际用时 ${usedText}`;
    }
    const current = await lockOrder(tx, order.id);
    await applyTransition(tx, current, {
      action: 'finish',
      actor: 'staff',
      actorId: staffId,
      note: words,
      now,
    });
  });
  return reservationItem(s.db, peek.id, now);
}

/** Rejecting with a reason cancels the reservation and its order (refund if paid), freeing the slots. */
export async function rejectReservation(s: Services, staffId: number, rid: string, reason: string) {
  const r = await findReservation(s.db, rid);
  await cancelReservation(s, r, { actor: 'staff', actorId: staffId, reason, reject: true });
  return reservationItem(s.db, r.id, s.now());
}

// ---- instruments ----

const adminDevice = (d: Device) => ({
  ...toDeviceSummary(d),
  on_sale: d.onSale,
  specs: d.specs,
  sort: d.sort,
  weekly_capacity: d.weeklyCapacity,
});

export async function listDevicesForStaff(s: Services, q: { page?: number; size?: number; kw: string }) {
  const w = pageWindow(q.page, q.size);
  const pattern = q.kw ? containsPattern(q.kw) : undefined;
  const where = pattern
    ? or(
        ilike(instrument.name, pattern),
        ilike(instrument.model, pattern),
        ilike(instrument.category, pattern),
      )
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select()
      .from(instrument)
      .where(where)
      .orderBy(asc(instrument.sort), asc(instrument.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(instrument).where(where),
  ]);
  return { list: rows.map(adminDevice), total };
}

async function checkItem(s: Services, itemRid: string | null | undefined) {
  if (!itemRid) return;
  const [it] = await itemsByRid(s.db, [itemRid]);
  if (!it) throw new DomainError('[关联项目]不存在', 200, 'NOT_FOUND');
  if (it.typeId !== 2) throw new DomainError('[关联项目]须为预约现场项目');
}

const columns = (input: Partial<DeviceInput>) => {
  const v: Partial<DeviceValues> = {};
  if (input.name !== undefined) v.name = input.name;
  if (input.model !== undefined) v.model = input.model;
  if (input.category !== undefined) v.category = input.category;
  if (input.location !== undefined) v.location = input.location;
  if (input.img !== undefined) v.img = input.img;
  if (input.sketch !== undefined) v.sketch = input.sketch;
  if (input.price_fen !== undefined) v.priceFen = input.price_fen;
  if (input.price_unit !== undefined) v.priceUnit = input.price_unit;
  if (input.min_minutes !== undefined) v.minMinutes = input.min_minutes;
  if (input.lead_hours !== undefined) v.leadHours = input.lead_hours;
  if (input.remote !== undefined) v.remote = input.remote;
  if (input.on_sale !== undefined) v.onSale = input.on_sale;
  if (input.item_rid !== undefined) v.itemRid = input.item_rid;
  if (input.specs !== undefined) v.specs = input.specs;
  if (input.sort !== undefined) v.sort = input.sort;
  if (input.weekly_capacity !== undefined) v.weeklyCapacity = input.weekly_capacity;
  if (input.bill_by_actual !== undefined) v.billByActual = input.bill_by_actual;
  if (input.needs_authorization !== undefined) v.needsAuthorization = input.needs_authorization;
  if (input.booking_rules !== undefined) v.bookingRules = input.booking_rules;
  return v;
};

export async function addDevice(s: Services, input: DeviceInput) {
  await checkItem(s, input.item_rid);
  const v = columns(input);
  const d = await insertDevice(s, {
    ...v,
    rid: newRid('device', 6),
    name: input.name,
    model: input.model,
    category: input.category,
    location: input.location,
    img: input.img,
    priceFen: input.price_fen,
  });
  // Every process's device pages and booking data, not only this one's (decision 0035).
  await catalogueChanged(s);
  return adminDevice(d);
}

export async function editDevice(s: Services, rid: string, input: Partial<DeviceInput>) {
  await checkItem(s, input.item_rid);
  const v = columns(input);
  const [d] =
    Object.keys(v).length === 0
      ? await s.db.select().from(instrument).where(eq(instrument.rid, rid))
      : [await updateDevice(s, rid, v)];
  if (!d) throw new DomainError('仪器不存在', 200, 'NOT_FOUND');
  // Every process's device pages and booking data, not only this one's (decision 0035).
  await catalogueChanged(s);
  return adminDevice(d);
}

// ---- blocks ----

function toBlock(b: typeof deviceBlocks.$inferSelect, d: { rid: string; name: string } | null): BlockItem {
  return {
    rid: b.rid,
    kind: b.kind,
    kind_text: BLOCK_KIND_TEXT[b.kind],
    device: d,
    start: shanghaiIso(b.startAt),
    end: shanghaiIso(b.endAt),
    reason: b.reason,
    created: b.createdAt.toISOString(),
  };
}

export async function addBlock(
  s: Services,
  staffId: number,
  input: { kind: BlockKind; device_rid: string | null; start: string; end: string; reason: string },
): Promise<BlockItem & { conflicts: number }> {
  let d: { id: number; rid: string; name: string } | null = null;
  if (input.device_rid) {
    [d] = await s.db
      .select({ id: instrument.id, rid: instrument.rid, name: instrument.name })
      .from(instrument)
      .where(eq(instrument.rid, input.device_rid));
    if (!d) throw new DomainError(DEVICE_UNAVAILABLE);
  }
  const [b] = await s.db
    .insert(deviceBlocks)
    .values({
      rid: newRid('block'),
      deviceId: d?.id ?? null,
      kind: input.kind,
      startAt: new Date(Date.parse(input.start)),
      endAt: new Date(Date.parse(input.end)),
      reason: input.reason,
      createdBy: staffId,
      createdAt: new Date(s.now()),
    })
    .returning();
  // Bookings already inside the new block stay; staff see how many to deal with (reject or keep).
  const [{ n }] = await s.db
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        d ? eq(reservations.deviceId, d.id) : undefined,
        inArray(reservations.status, [...ACTIVE_RESERVATION]),
        lt(reservations.startAt, b.endAt),
        gt(reservations.endAt, b.startAt),
      ),
    );
  return { ...toBlock(b, d && { rid: d.rid, name: d.name }), conflicts: n };
}

/** Current and future blocks first (by start), then past ones (latest first). */
/** The blocks list's ORDER BY: a column chosen (decision 0095), else the current and coming first. */
function blockOrder(sort: BlockSort | undefined, dir: 'asc' | 'desc', now: Date): SQL[] {
  const by = (e: SQL | AnyColumn) => sql`${e} ${sql.raw(dir)}`;
  const byDefault = [desc(gt(deviceBlocks.endAt, now)), asc(deviceBlocks.startAt), desc(deviceBlocks.id)];
  switch (sort) {
    case 'kind':
      return [by(positionIn(BLOCK_KINDS, deviceBlocks.kind)), ...byDefault];
    case 'device':
      // A holiday (every instrument) before or after the instruments by name.
      return [sql`${instrument.name} ${sql.raw(dir)} nulls first`, ...byDefault];
    case 'time':
      return [by(deviceBlocks.startAt), by(deviceBlocks.id)];
    case 'reason':
      return [by(deviceBlocks.reason), ...byDefault];
    default:
      return byDefault;
  }
}

export async function listBlocks(
  s: Services,
  q: { page?: number; size?: number; device_rid?: string; sort?: BlockSort; dir?: 'asc' | 'desc' },
) {
  const w = pageWindow(q.page, q.size);
  let where;
  if (q.device_rid) {
    const [d] = await s.db
      .select({ id: instrument.id })
      .from(instrument)
      .where(eq(instrument.rid, q.device_rid));
    if (!d) return { list: [], total: 0 };
    where = eq(deviceBlocks.deviceId, d.id);
  }
  const now = new Date(s.now());
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({ b: deviceBlocks, d: { rid: instrument.rid, name: instrument.name } })
      .from(deviceBlocks)
      .leftJoin(instrument, eq(instrument.id, deviceBlocks.deviceId))
      .where(where)
      .orderBy(...blockOrder(q.sort, q.dir ?? 'asc', now))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(deviceBlocks).where(where),
  ]);
  return { list: rows.map(({ b, d }) => toBlock(b, d?.rid ? d : null)), total };
}

export async function deleteBlock(s: Services, rid: string) {
  const [b] = await s.db
    .delete(deviceBlocks)
    .where(eq(deviceBlocks.rid, rid))
    .returning({ rid: deviceBlocks.rid });
  if (!b) throw new DomainError('封锁记录不存在', 200, 'NOT_FOUND');
  return { rid: b.rid };
}
