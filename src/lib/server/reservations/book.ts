import { newRid } from '../platform/ids.ts';
import { and, asc, count, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { deviceAuthorizations, deviceBlocks, reservationSlots, reservations, tempDevices } from './tables.ts';
import { findUserById } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import type { Tx } from '../platform/db/client.ts';
import {
  assertBasicInfo,
  cancelWithRefund,
  insertOrder,
  registerHold,
  selfDelivery,
  type OrderRow,
  type ReleasedBy,
} from '../orders/index.ts';
import { sceneDateOf } from './scene-date.ts';
import { settingsOfDevice } from './settings.ts';
import { lockUser } from '../accounts/index.ts';
import { moneyTransaction } from '../money/index.ts';
import { attachedElsewhere } from './temp.ts';
import {
  ORDER_STATUS_TEXT,
  RESERVATION_TYPE_ID,
  customerKindOf,
  initialStatus,
  payModeOf,
  type Actor,
} from '../../shared/orders/order-status.ts';
import {
  ACTIVE_RESERVATION,
  DEVICE_UNAVAILABLE,
  MAX_UPCOMING_RESERVATIONS,
  NOT_AUTHORIZED,
  RESERVATION_NOT_FOUND,
  TOO_MANY_RESERVATIONS,
  RESERVATION_STATUS_TEXT,
  SLOT_TAKEN,
  TEMP_DEVICE_NOT_FOUND,
  bookingProblem,
  cancelDeadline,
  cancelDeadlineMessage,
  cellStarts,
  durationText,
  reservationAmountFen,
  type ReservationStatus,
} from '../../shared/reservations/reservation-rules.ts';
import type { ReservationAddRequest, ReservationAdded } from '../../shared/reservations/reservation.ts';
import { shanghaiIso, shanghaiMinute } from '../../shared/time.ts';
import { deviceDirectory } from '../catalogue/index.ts';

const instrument = deviceDirectory('instrument');

export type ReservationRow = typeof reservations.$inferSelect;

/** '2026-11-23 08:30–10:30' in Shanghai time. */
export const periodText = (start: Date | number, end: Date | number) =>
  `${shanghaiMinute(start)}–${shanghaiMinute(end).slice(11)}`;

/** Staff blocks overlapping [start, end) for one device (its maintenance and every holiday). */
export async function blocksOverlapping(db: Db | Tx, deviceId: number | null, start: number, end: number) {
  return db
    .select()
    .from(deviceBlocks)
    .where(
      and(
        deviceId === null
          ? isNull(deviceBlocks.deviceId)
          : or(isNull(deviceBlocks.deviceId), eq(deviceBlocks.deviceId, deviceId)),
        lt(deviceBlocks.startAt, new Date(end)),
        gt(deviceBlocks.endAt, new Date(start)),
      ),
    )
    .orderBy(asc(deviceBlocks.startAt));
}

/** The customer's temp devices by rid: all must be theirs and not rejected. */
async function ownTempDevices(tx: Tx, userId: number, rids: string[], now: number) {
  if (rids.length === 0) return [];
  const rows = await tx
    .select()
    .from(tempDevices)
    .where(and(eq(tempDevices.userId, userId), inArray(tempDevices.rid, rids)));
  if (rows.length !== rids.length) throw new DomainError(TEMP_DEVICE_NOT_FOUND, 200, 'NOT_FOUND');
  const rejected = rows.find((r) => r.status === 'rejected');
  if (rejected) throw new DomainError(`临时设备「${rejected.name}」未通过审核，无法关联`);
  const elsewhere = await attachedElsewhere(tx, rows, null, now);
  if (elsewhere) throw new DomainError(`临时设备「${elsewhere}」已关联其他预约`);
  return rows;
}

/** Whether the customer is authorised (trained) on the instrument (decision 0087). */
async function isAuthorized(db: Db | Tx, deviceId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deviceAuthorizations.id })
    .from(deviceAuthorizations)
    .where(and(eq(deviceAuthorizations.deviceId, deviceId), eq(deviceAuthorizations.userId, userId)));
  return Boolean(row);
}

/**
 * reservation/add: in one transaction, re-checks the rules, creates the type-2 order (its line,
 * its timeline entry), the reservation and its cells. The unique cells are the lock: when any of
 * them is held, nothing of this booking is kept and the customer hears SLOT_TAKEN. Staff booking
 * for a customer (`staffId`) follow the same rules but the instrument's lead time (decision 0087).
 */
export async function addReservation(
  s: Services,
  userId: number,
  req: ReservationAddRequest,
  staffId?: number,
): Promise<ReservationAdded> {
  const now = s.now();
  const user = await findUserById(s.db, userId);
  if (!user) throw new DomainError('请先登录', 401);
  assertBasicInfo(user);
  const start = Date.parse(req.start);
  const end = Date.parse(req.end);
  const kind = customerKindOf(user.organization);
  const payMode = payModeOf(user.organization);

  return s.db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(instrument)
      .where(and(eq(instrument.rid, req.device_rid), eq(instrument.onSale, true)));
    if (!d) throw new DomainError(DEVICE_UNAVAILABLE);
    const settings = await settingsOfDevice(tx, d);
    const blocks =
      Number.isFinite(start) && Number.isFinite(end) ? await blocksOverlapping(tx, d.id, start, end) : [];
    const problem = bookingProblem({
      start,
      end,
      now,
      device: { minMinutes: d.minMinutes, leadHours: staffId ? 0 : d.leadHours },
      settings,
      blocks: blocks.map((b) => ({ start: +b.startAt, end: +b.endAt, kind: b.kind, reason: b.reason })),
    });
    if (problem) throw new DomainError(problem);
    if (d.needsAuthorization && !(await isAuthorized(tx, d.id, userId)))
      throw new DomainError(NOT_AUTHORIZED, 200, 'REFUSED');
    const temps = await ownTempDevices(tx, userId, req.temp_device_rids, now);
    // The user row lock makes "count, then insert" one step under parallel requests.
    await lockUser(tx, userId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(reservations)
      .where(
        and(
          eq(reservations.userId, userId),
          inArray(reservations.status, [...ACTIVE_RESERVATION]),
          gt(reservations.endAt, new Date(now)),
        ),
      );
    if (n >= MAX_UPCOMING_RESERVATIONS) throw new DomainError(TOO_MANY_RESERVATIONS);

    const minutes = (end - start) / 60_000;
    const unit = d.priceUnit === 'session' ? 'session' : 'hour';
    const amount = reservationAmountFen(d.priceFen, unit, minutes);
    const period = periodText(start, end);
    const status = initialStatus({
      needs_quote: false,
      pay_mode: payMode,
      delivery_type: 0,
      type_id: RESERVATION_TYPE_ID,
    });
    // The one order-creation path (order/add and order/demand use it too).
    const order = await insertOrder(tx, {
      userId,
      typeId: RESERVATION_TYPE_ID,
      status,
      kind,
      payMode,
      rows: [
        {
          orderId: 0,
          itemRid: d.itemRid ?? `device:${d.rid}`,
          name: `${d.name} 上机预约`,
          priceFen: d.priceFen,
          unit: unit === 'session' ? '次' : '小时',
          sampleCount: 1,
          parameters: { 仪器: `${d.name}（${d.model}）`, 时段: period, 时长: durationText(minutes) },
          source: -1,
          disposal: 0,
          lineFen: amount,
        },
      ],
      delivery: selfDelivery(),
      remark: req.remark,
      note: `${staffId ? '员工代客' : ''}预约 ${d.name} ${period}`,
      now,
    });
    const [r] = await tx
      .insert(reservations)
      .values({
        rid: newRid('reservation'),
        userId,
        deviceId: d.id,
        orderId: order.id,
        startAt: new Date(start),
        endAt: new Date(end),
        status: 'pending',
        remark: req.remark,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    const cells = cellStarts(start, end);
    const held = await tx
      .insert(reservationSlots)
      .values(cells.map((c) => ({ reservationId: r.id, deviceId: d.id, slotStart: new Date(c) })))
      .onConflictDoNothing()
      .returning({ id: reservationSlots.id });
    // Someone holds at least one of the cells: roll the whole booking back.
    if (held.length !== cells.length) throw new DomainError(SLOT_TAKEN);
    if (temps.length > 0)
      await tx
        .update(tempDevices)
        .set({ reservationId: r.id })
        .where(
          inArray(
            tempDevices.id,
            temps.map((t) => t.id),
          ),
        );
    return {
      rid: r.rid,
      order_rid: order.placed.rid,
      order_no: order.placed.order_no,
      status: r.status,
      status_text: RESERVATION_STATUS_TEXT[r.status],
      order_status: status,
      order_status_text: ORDER_STATUS_TEXT[status],
      amount_fen: amount,
      start: shanghaiIso(start),
      end: shanghaiIso(end),
      scene_date: await sceneDateOf(tx, userId, now),
    };
  });
}

/**
 * Marks a locked reservation cancelled or rejected and deletes its cells (the time is free when
 * the transaction commits). Customers are held to the deadline; staff are not.
 */
async function releaseReservation(
  tx: Tx,
  r: ReservationRow,
  by: { actor: Actor; actorId: number | null; reason: string; reject?: boolean },
  now: number,
): Promise<ReservationRow> {
  if (!ACTIVE_RESERVATION.includes(r.status)) throw new DomainError(inactiveMessage(r.status));
  if (by.actor === 'customer') {
    const [d] = await tx.select().from(instrument).where(eq(instrument.id, r.deviceId));
    const { cancel_hours } = await settingsOfDevice(tx, d);
    if (now >= cancelDeadline(+r.startAt, cancel_hours))
      throw new DomainError(cancelDeadlineMessage(cancel_hours));
  }
  await tx.delete(reservationSlots).where(eq(reservationSlots.reservationId, r.id));
  const [updated] = await tx
    .update(reservations)
    .set({
      status: by.reject ? 'rejected' : 'cancelled',
      cancelReason: by.reason,
      cancelledBy: by.actor === 'customer' ? 'customer' : 'staff',
      cancelledAt: new Date(now),
      updatedAt: new Date(now),
    })
    .where(eq(reservations.id, r.id))
    .returning();
  return updated;
}

export function inactiveMessage(status: ReservationStatus): string {
  if (status === 'cancelled') return '预约已取消';
  if (status === 'rejected') return '预约已被驳回';
  if (status === 'done') return '预约已完成，无法取消';
  if (status === 'no_show') return '预约已结束，无法取消';
  return '当前预约状态不允许此操作';
}

async function lockReservationOfOrder(tx: Tx, orderId: number): Promise<ReservationRow | undefined> {
  const [r] = await tx.select().from(reservations).where(eq(reservations.orderId, orderId)).for('update');
  return r;
}

/**
 * Run by every cancellation of a 预约现场 order inside its transaction (order/cancel, staff
 * order/cancel; registered with orders, which does not import reservations): the reservation
 * and its slots are released with it.
 */
async function releaseWithOrder(tx: Tx, order: OrderRow, by: ReleasedBy, now: number): Promise<void> {
  const r = await lockReservationOfOrder(tx, order.id);
  if (r && ACTIVE_RESERVATION.includes(r.status)) await releaseReservation(tx, r, by, now);
}
registerHold(RESERVATION_TYPE_ID, releaseWithOrder);

/**
 * Cancels a reservation and its order in one transaction, refunding what was paid: the balance
 * row, the order row, then the reservation row are locked (the money paths' order).
 */
export async function cancelReservation(
  s: Services,
  r: ReservationRow,
  by: { actor: Actor; actorId: number | null; reason: string; reject?: boolean },
): Promise<{ reservation: ReservationRow; order: OrderRow }> {
  const now = s.now();
  // The refund locks the wallet: the money helper retries a deadlock.
  return moneyTransaction(s.db, async (tx) => {
    let released: ReservationRow | undefined;
    const order = await cancelWithRefund(
      tx,
      { id: r.orderId, userId: r.userId },
      { actor: by.actor, actorId: by.actorId, note: by.reject ? `预约被驳回：${by.reason}` : by.reason },
      now,
      {
        release: async (locked) => {
          const current = await lockReservationOfOrder(tx, locked.id);
          if (!current) throw new DomainError(RESERVATION_NOT_FOUND, 200, 'NOT_FOUND');
          released = await releaseReservation(tx, current, by, now);
        },
        ifOpen: true,
      },
    );
    return { reservation: released!, order };
  });
}

export async function findOwnReservation(db: Db, userId: number, rid: string): Promise<ReservationRow> {
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.rid, rid), eq(reservations.userId, userId)));
  if (!r) throw new DomainError(RESERVATION_NOT_FOUND, 200, 'NOT_FOUND');
  return r;
}

export async function findReservation(db: Db, rid: string): Promise<ReservationRow> {
  const [r] = await db.select().from(reservations).where(eq(reservations.rid, rid));
  if (!r) throw new DomainError(RESERVATION_NOT_FOUND, 200, 'NOT_FOUND');
  return r;
}
