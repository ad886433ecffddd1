import { newRid } from '../platform/ids.ts';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { reservations, tempDevices } from './tables.ts';
import { addEvent, orderDirectory } from '../orders/index.ts';
import { DomainError } from '../platform/errors.ts';
import {
  ACTIVE_RESERVATION,
  RESERVATION_NOT_FOUND,
  TEMP_DEVICE_NOT_FOUND,
  TEMP_DEVICE_STATUS_TEXT,
  type TempDeviceStatus,
} from '../../shared/reservations/reservation-rules.ts';
import type { TempDeviceItem } from '../../shared/reservations/reservation.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

const ord = orderDirectory('ord');

/** How many temp devices one customer may keep waiting for review. */
const MAX_PENDING_TEMP_DEVICES = 20;

type Row = typeof tempDevices.$inferSelect;

const toItem = (t: Row, reservationRid: string | null): TempDeviceItem => ({
  rid: t.rid,
  name: t.name,
  model: t.model,
  description: t.description,
  status: t.status,
  status_text: TEMP_DEVICE_STATUS_TEXT[t.status],
  note: t.note,
  reservation_rid: reservationRid,
  created: t.createdAt.toISOString(),
});

const select = { t: tempDevices, reservationRid: reservations.rid };

export async function listTempDevices(
  s: Services,
  q: { page?: number; size?: number; userId?: number; status?: TempDeviceStatus },
) {
  const w = pageWindow(q.page, q.size);
  const where = and(
    q.userId !== undefined ? eq(tempDevices.userId, q.userId) : undefined,
    q.status ? eq(tempDevices.status, q.status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({
        ...select,
        customer: {
          rid: customer.rid,
          name: customer.name,
          phone: customer.phone,
          company: customer.company,
        },
      })
      .from(tempDevices)
      .leftJoin(reservations, eq(reservations.id, tempDevices.reservationId))
      .innerJoin(customer, eq(customer.id, tempDevices.userId))
      .where(where)
      .orderBy(desc(tempDevices.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(tempDevices).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...toItem(r.t, r.reservationRid),
      ...(q.userId === undefined ? { customer: r.customer } : {}),
    })),
    total,
  };
}

async function one(s: Services, id: number): Promise<TempDeviceItem> {
  const [r] = await s.db
    .select(select)
    .from(tempDevices)
    .leftJoin(reservations, eq(reservations.id, tempDevices.reservationId))
    .where(eq(tempDevices.id, id));
  return toItem(r.t, r.reservationRid);
}

export async function addTempDevice(
  s: Services,
  userId: number,
  input: { name: string; model: string; description: string },
) {
  const [{ n }] = await s.db
    .select({ n: count() })
    .from(tempDevices)
    .where(and(eq(tempDevices.userId, userId), eq(tempDevices.status, 'pending')));
  if (n >= MAX_PENDING_TEMP_DEVICES) throw new DomainError('待审核的临时设备过多，请等待审核后再添加');
  const [t] = await s.db
    .insert(tempDevices)
    .values({ rid: newRid('tempDevice'), userId, ...input, createdAt: new Date(s.now()) })
    .returning();
  return toItem(t, null);
}

async function ownTemp(s: Services, userId: number, rid: string): Promise<Row> {
  const [t] = await s.db
    .select()
    .from(tempDevices)
    .where(and(eq(tempDevices.rid, rid), eq(tempDevices.userId, userId)));
  if (!t) throw new DomainError(TEMP_DEVICE_NOT_FOUND, 200, 'NOT_FOUND');
  return t;
}

/**
 * The first of these temp devices already attached to another reservation that still holds its
 * slots and has not ended (a device is at one session at a time), or undefined.
 */
export async function attachedElsewhere(
  db: Db | Tx,
  temps: { name: string; reservationId: number | null }[],
  exceptReservationId: number | null,
  now: number,
): Promise<string | undefined> {
  const ids = temps
    .map((t) => t.reservationId)
    .filter((id): id is number => id !== null && id !== exceptReservationId);
  if (ids.length === 0) return undefined;
  const busy = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        inArray(reservations.id, ids),
        inArray(reservations.status, [...ACTIVE_RESERVATION]),
        gt(reservations.endAt, new Date(now)),
      ),
    );
  const held = new Set(busy.map((b) => b.id));
  return temps.find((t) => t.reservationId !== null && held.has(t.reservationId))?.name;
}

/** Attaches one of the customer's temp devices to one of their upcoming, active reservations. */
export async function linkTempDevice(s: Services, userId: number, rid: string, reservationRid: string) {
  const t = await ownTemp(s, userId, rid);
  if (t.status === 'rejected') throw new DomainError('该临时设备未通过审核，无法关联');
  const [r] = await s.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.rid, reservationRid), eq(reservations.userId, userId)));
  if (!r) throw new DomainError(RESERVATION_NOT_FOUND, 200, 'NOT_FOUND');
  if (!ACTIVE_RESERVATION.includes(r.status) || +r.startAt <= s.now())
    throw new DomainError('只能关联尚未开始的有效预约');
  const elsewhere = await attachedElsewhere(s.db, [t], r.id, s.now());
  if (elsewhere) throw new DomainError(`临时设备「${elsewhere}」已关联其他预约`);
  await s.db.update(tempDevices).set({ reservationId: r.id }).where(eq(tempDevices.id, t.id));
  return one(s, t.id);
}

/** Customer side of tempDevice/operate: delete their own one while it waits for review. */
export async function deleteTempDevice(s: Services, userId: number, rid: string) {
  const t = await ownTemp(s, userId, rid);
  const [gone] = await s.db
    .delete(tempDevices)
    .where(and(eq(tempDevices.id, t.id), eq(tempDevices.status, 'pending')))
    .returning({ rid: tempDevices.rid });
  if (!gone) throw new DomainError('只能删除待审核的临时设备');
  return { rid: gone.rid };
}

/** Staff review: approve or reject (with a note) a pending temp device; decisions are final. */
export async function reviewTempDevice(
  s: Services,
  staffId: number,
  input: { rid: string; action: 'approve' | 'reject'; note: string },
) {
  const now = s.now();
  const id = await s.db.transaction(async (tx) => {
    const [t] = await tx
      .update(tempDevices)
      .set({
        status: input.action === 'approve' ? 'approved' : 'rejected',
        note: input.note,
        reviewedBy: staffId,
        reviewedAt: new Date(now),
      })
      .where(and(eq(tempDevices.rid, input.rid), eq(tempDevices.status, 'pending')))
      .returning();
    if (!t) {
      const [exists] = await tx
        .select({ status: tempDevices.status })
        .from(tempDevices)
        .where(eq(tempDevices.rid, input.rid));
      if (!exists) throw new DomainError(TEMP_DEVICE_NOT_FOUND, 200, 'NOT_FOUND');
      throw new DomainError(`该临时设备已审核（${TEMP_DEVICE_STATUS_TEXT[exists.status]}）`);
    }
    // A device attached to a reservation: the review shows on that order's timeline.
    if (t.reservationId !== null) {
      const [o] = await tx
        .select({ id: ord.id, status: ord.status })
        .from(reservations)
        .innerJoin(ord, eq(ord.id, reservations.orderId))
        .where(eq(reservations.id, t.reservationId));
      if (o)
        await addEvent(tx, {
          orderId: o.id,
          from: o.status,
          to: o.status,
          action: input.action === 'approve' ? 'temp_device_approve' : 'temp_device_reject',
          actor: 'staff',
          actorId: staffId,
          note: `临时设备「${t.name}」${input.action === 'approve' ? '审核通过' : '未通过'}${input.note ? `：${input.note}` : ''}`,
          now,
        });
    }
    return t.id;
  });
  return one(s, id);
}
