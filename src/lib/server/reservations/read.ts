import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  or,
  gt,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { reservations, tempDevices } from './tables.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import {
  ACTIVE_RESERVATION,
  RESERVATION_STATUS_TEXT,
  TEMP_DEVICE_STATUS_TEXT,
  cancelDeadline,
  customerMayCancel,
  deviceSettings,
  type DeviceBookingRules,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '../../shared/reservations/reservation-rules.ts';
import type {
  ReservationItem,
  ReservationScope,
  ReservationSort,
} from '../../shared/reservations/reservation.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiIso } from '../../shared/time.ts';
import { getReservationSettings } from './settings.ts';
import { deviceDirectory } from '../catalogue/index.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import { orderDirectory } from '../orders/index.ts';
import { positionIn } from '../platform/db/sorting.ts';

const ord = orderDirectory('ord');

const customer = userDirectory('customer');

const instrument = deviceDirectory('instrument');

const row = {
  r: reservations,
  order: { rid: ord.rid, orderNo: ord.orderNo, status: ord.status, amountFen: ord.amountFen },
  device: {
    rid: instrument.rid,
    name: instrument.name,
    model: instrument.model,
    location: instrument.location,
    img: instrument.img,
  },
  rules: instrument.bookingRules,
};
type Joined = {
  r: typeof reservations.$inferSelect;
  order: { rid: string; orderNo: string; status: keyof typeof ORDER_STATUS_TEXT; amountFen: number };
  device: { rid: string; name: string; model: string; location: string; img: string };
  rules: DeviceBookingRules | null;
};

/** List items for joined rows, with their temp devices and whether the customer may still cancel. */
async function toItems(db: Db, rows: Joined[], now: number): Promise<ReservationItem[]> {
  if (rows.length === 0) return [];
  const lab = await getReservationSettings(db);
  const temps = await db
    .select()
    .from(tempDevices)
    .where(
      inArray(
        tempDevices.reservationId,
        rows.map((x) => x.r.id),
      ),
    )
    .orderBy(asc(tempDevices.id));
  return rows.map(({ r, order, device: d, rules }) => {
    // Each instrument's own deadline over the lab's (decision 0087).
    const { cancel_hours } = deviceSettings(lab, rules);
    return {
      rid: r.rid,
      order_rid: order.rid,
      order_no: order.orderNo,
      order_status: order.status,
      order_status_text: ORDER_STATUS_TEXT[order.status],
      device: d,
      start: shanghaiIso(r.startAt),
      end: shanghaiIso(r.endAt),
      status: r.status,
      status_text: RESERVATION_STATUS_TEXT[r.status],
      amount_fen: order.amountFen,
      remark: r.remark,
      cancel_reason: r.cancelReason,
      cancellable: customerMayCancel({ status: r.status, start: +r.startAt }, now, cancel_hours),
      cancel_deadline: shanghaiIso(cancelDeadline(+r.startAt, cancel_hours)),
      temp_devices: temps
        .filter((t) => t.reservationId === r.id)
        .map((t) => ({
          rid: t.rid,
          name: t.name,
          model: t.model,
          status: t.status,
          status_text: TEMP_DEVICE_STATUS_TEXT[t.status],
        })),
      actual_start: r.actualStartAt ? shanghaiIso(r.actualStartAt) : null,
      actual_end: r.actualEndAt ? shanghaiIso(r.actualEndAt) : null,
      created: r.createdAt.toISOString(),
    };
  });
}

const ENDED: ReservationStatus[] = ['done', 'no_show'];
const GONE: ReservationStatus[] = ['cancelled', 'rejected'];

/** reservation/list4person: upcoming (soonest first), past or cancelled (latest first). */
export async function listOwnReservations(
  db: Db,
  userId: number,
  q: { page?: number; size?: number; scope: ReservationScope },
  now: number,
): Promise<{ list: ReservationItem[]; total: number }> {
  const w = pageWindow(q.page, q.size);
  const at = new Date(now);
  const scope: Record<ReservationScope, { where: SQL | undefined; order: SQL[] }> = {
    upcoming: {
      where: and(inArray(reservations.status, [...ACTIVE_RESERVATION]), gt(reservations.endAt, at)),
      order: [asc(reservations.startAt), asc(reservations.id)],
    },
    past: {
      where: or(
        inArray(reservations.status, ENDED),
        and(inArray(reservations.status, [...ACTIVE_RESERVATION]), lte(reservations.endAt, at)),
      ),
      order: [desc(reservations.startAt), desc(reservations.id)],
    },
    cancelled: {
      where: inArray(reservations.status, GONE),
      order: [desc(reservations.cancelledAt), desc(reservations.id)],
    },
  };
  const { where, order } = scope[q.scope];
  const cond = and(eq(reservations.userId, userId), where);
  return page(db, cond, order, w, now);
}

async function page(
  db: Db,
  cond: SQL | undefined,
  order: SQL[],
  w: { size: number; offset: number },
  now: number,
): Promise<{ list: ReservationItem[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(row)
      .from(reservations)
      .innerJoin(ord, eq(ord.id, reservations.orderId))
      .innerJoin(instrument, eq(instrument.id, reservations.deviceId))
      .where(cond)
      .orderBy(...order)
      .limit(w.size)
      .offset(w.offset),
    db.select({ total: count() }).from(reservations).where(cond),
  ]);
  return { list: await toItems(db, rows as Joined[], now), total };
}

/** The staff list's ORDER BY (decision 0095): a column, then the latest start, then the id. */
function listOrder(sort: ReservationSort, dir: 'asc' | 'desc'): SQL[] {
  const by = (e: SQL | AnyColumn) => sql`${e} ${sql.raw(dir)}`;
  const latest = [desc(reservations.startAt), desc(reservations.id)];
  switch (sort) {
    case 'device':
      return [by(instrument.name), ...latest];
    case 'customer':
      return [
        by(
          sql`(select ${displayNameOf(customer)} from ${customer} where ${customer.id} = ${reservations.userId})`,
        ),
        ...latest,
      ];
    case 'amount':
      return [by(ord.amountFen), ...latest];
    case 'status':
      return [by(positionIn(RESERVATION_STATUSES, reservations.status)), ...latest];
    default:
      return [by(reservations.startAt), by(reservations.id)];
  }
}

/** The staff list: every customer's reservations with who booked, filtered by status, device, day. */
export async function listAllReservations(
  db: Db,
  q: {
    page?: number;
    size?: number;
    status?: ReservationStatus;
    device_rid?: string;
    date?: string;
    sort?: ReservationSort;
    dir?: 'asc' | 'desc';
  },
  now: number,
) {
  const w = pageWindow(q.page, q.size);
  const where: SQL[] = [];
  if (q.status) where.push(eq(reservations.status, q.status));
  if (q.device_rid) {
    const [d] = await db
      .select({ id: instrument.id })
      .from(instrument)
      .where(eq(instrument.rid, q.device_rid));
    if (!d) return { list: [], total: 0 };
    where.push(eq(reservations.deviceId, d.id));
  }
  if (q.date) {
    where.push(gte(reservations.startAt, new Date(shanghaiMidnight(q.date)!)));
    where.push(lt(reservations.startAt, new Date(shanghaiMidnight(addDays(q.date, 1))!)));
  }
  const cond = and(...where);
  const result = await page(
    db,
    cond,
    listOrder(q.sort ?? 'time', q.dir ?? (q.sort ? 'asc' : 'desc')),
    w,
    now,
  );
  const rids = result.list.map((i) => i.rid);
  const owners =
    rids.length === 0
      ? []
      : await db
          .select({
            rid: reservations.rid,
            user: {
              rid: customer.rid,
              name: customer.name,
              phone: customer.phone,
              company: customer.company,
            },
          })
          .from(reservations)
          .innerJoin(customer, eq(customer.id, reservations.userId))
          .where(inArray(reservations.rid, rids));
  const byRid = new Map(owners.map((o) => [o.rid, o.user]));
  return { list: result.list.map((i) => ({ ...i, customer: byRid.get(i.rid)! })), total: result.total };
}

/** One reservation as a list item (after a move). */
export async function reservationItem(db: Db, id: number, now: number): Promise<ReservationItem> {
  const rows = await db
    .select(row)
    .from(reservations)
    .innerJoin(ord, eq(ord.id, reservations.orderId))
    .innerJoin(instrument, eq(instrument.id, reservations.deviceId))
    .where(eq(reservations.id, id));
  const [item] = await toItems(db, rows as Joined[], now);
  return item;
}
