import { and, asc, eq, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { jobs } from '../platform/jobs-table.ts';
import { orderEvents, orderItems, orders } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiDate, shanghaiIso } from '../../shared/time.ts';
import {
  DATA_ANALYSIS_TYPE_ID,
  NOT_ALLOWED,
  ORDER_STATUS_TEXT,
  orderStatusText,
  type OrderStatus,
} from '../../shared/orders/order-status.ts';
import { pickupRequestsOn, transitionSampling } from '../member/index.ts';
import {
  isSamplePromise,
  OPERATION_ACTION_TEXT,
  PICKUP_STATUS_TEXT,
  PROMISE_DONE_ACTION,
  promiseDue,
  type PickupRow,
  type PickupStatus,
  type PromiseKind,
  type PromiseSort,
  type PromiseRow,
} from '../../shared/orders/operations.ts';
import { addEvent, lockOrder } from './transition.ts';
import { findOrder } from './read.ts';
import { receiveSamples } from './receipts.ts';
import { overdueSamples } from './sample-hooks.ts';
import { userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

const HOUR = 3600_000;
/** A day's pickups are read whole and paged in memory; a lab sends out a few dozen a day at most. */
const DAY_CAP = 500;
const customerCols = {
  rid: customer.rid,
  phone: customer.phone,
  name: customer.name,
  company: customer.company,
};

const isRequest = (rid: string) => rid.startsWith('s');
const fullAddress = (p: { province?: string; city?: string; area?: string; address?: string }) =>
  [p.province, p.city === p.province ? '' : p.city, p.area, p.address].filter(Boolean).join('');

/**
 * pickup/list: the day's home pickups — orders placed with pickup delivery for that date and the
 * pickup requests booked on their own (sampling/add) — by time slot, cancelled ones last.
 */
export async function listPickups(
  s: Services,
  q: { date?: string; status?: PickupStatus; page?: number; size?: number },
): Promise<{ list: PickupRow[]; total: number; date: string }> {
  const date = q.date ?? shanghaiDate(s.now());
  const db = s.db;
  const [orderRows, requestRows] = await Promise.all([
    db
      .select({ o: orders, customer: customerCols })
      .from(orders)
      .innerJoin(customer, eq(customer.id, orders.userId))
      .where(
        and(
          sql`${orders.delivery}->>'type' = '1'`,
          sql`${orders.delivery}->>'date' = ${date}`,
          // Data analysis has nothing to collect, whatever an older order recorded.
          ne(orders.typeId, DATA_ANALYSIS_TYPE_ID),
        ),
      )
      .limit(DAY_CAP),
    pickupRequestsOn(db, date, DAY_CAP),
  ]);
  const ids = orderRows.map((r) => r.o.id);
  const [events, lines] = ids.length
    ? await Promise.all([
        db
          .select({ orderId: orderEvents.orderId, action: orderEvents.action, at: orderEvents.at })
          .from(orderEvents)
          .where(and(inArray(orderEvents.orderId, ids), inArray(orderEvents.action, ['picked', 'receive'])))
          .orderBy(asc(orderEvents.id)),
        db
          .select({ orderId: orderItems.orderId, name: orderItems.name, n: orderItems.sampleCount })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.id)),
      ])
    : [[], []];
  const at = (orderId: number, action: string) =>
    events.find((e) => e.orderId === orderId && e.action === action)?.at.toISOString() ?? null;

  const rows: PickupRow[] = [
    ...orderRows.map(({ o, customer }): PickupRow => {
      const picked = at(o.id, 'picked');
      const received = at(o.id, 'receive');
      const status: PickupStatus =
        o.status === 'cancelled' ? 'cancelled' : received ? 'received' : picked ? 'picked' : 'pending';
      const d = o.delivery;
      return {
        kind: 'order',
        rid: o.rid,
        order_no: o.orderNo,
        status,
        status_text: PICKUP_STATUS_TEXT[status],
        order_status: o.status,
        order_status_text: ORDER_STATUS_TEXT[o.status],
        date: d.date ?? date,
        time: d.time ?? '',
        name: d.name ?? '',
        phone: d.phone ?? '',
        address: fullAddress(d),
        message: d.message ?? '',
        items: lines.filter((l) => l.orderId === o.id).map((l) => `${l.name} ×${l.n}`),
        customer,
        picked_at: picked,
        received_at: received,
      };
    }),
    ...requestRows.map(({ p, customer }): PickupRow => {
      // A request keeps only its last change time: it is when it was picked, or received.
      const changed = p.updatedAt.toISOString();
      return {
        kind: 'request',
        rid: p.rid,
        order_no: '',
        status: p.status,
        status_text: PICKUP_STATUS_TEXT[p.status],
        order_status: null,
        order_status_text: '',
        date: p.date,
        time: p.time,
        name: p.name,
        phone: p.phone,
        address: fullAddress(p),
        message: p.message,
        items: [],
        customer,
        picked_at: p.status === 'picked' ? changed : null,
        received_at: p.status === 'received' ? changed : null,
      };
    }),
  ]
    .filter((r) => !q.status || r.status === q.status)
    .sort(
      (a, b) =>
        Number(a.status === 'cancelled') - Number(b.status === 'cancelled') ||
        a.time.localeCompare(b.time) ||
        a.rid.localeCompare(b.rid),
    );
  const w = pageWindow(q.page, q.size);
  return { list: rows.slice(w.offset, w.offset + w.size), total: rows.length, date };
}

const moved = (status: PickupStatus, rid: string) => ({
  rid,
  status,
  status_text: PICKUP_STATUS_TEXT[status],
});

/**
 * pickup/picked: the samples were collected at the address. A pickup request moves along its own
 * life cycle; an order keeps 待取样 and gets a 'picked' timeline entry (once), since its next
 * status, 已收样, is the lab's receipt.
 */
export async function markPicked(s: Services, staffId: number, rid: string, note: string) {
  if (isRequest(rid)) return moved((await transitionSampling(s, rid, 'picked')).status, rid);
  const found = await findOrder(s.db, rid);
  await s.db.transaction(async (tx) => {
    const o = await lockOrder(tx, found.id);
    if (o.delivery.type !== 1) throw new DomainError('该订单不是上门取样订单');
    if (o.status === 'quoting' || o.status === 'unpaid')
      throw new DomainError('订单尚未报价或付款，暂不能取样');
    if (o.status !== 'awaiting_pickup') throw new DomainError(NOT_ALLOWED);
    if (await hasEvent(tx, o.id, 'picked')) throw new DomainError('该订单已标记为已取样');
    await addEvent(tx, {
      orderId: o.id,
      from: o.status,
      to: o.status,
      action: 'picked',
      actor: 'staff',
      actorId: staffId,
      note: note || OPERATION_ACTION_TEXT.picked,
      now: s.now(),
    });
  });
  return moved('picked', rid);
}

/** pickup/receive: the lab has the samples; for an order this is its receipt step (order/receive). */
export async function markPickupReceived(s: Services, staffId: number, rid: string, note: string) {
  if (isRequest(rid)) return moved((await transitionSampling(s, rid, 'received')).status, rid);
  // The same receipt as order/receive: every sample of the order still to come is received.
  await receiveSamples(s, staffId, rid, note);
  return moved('received', rid);
}

async function hasEvent(tx: Tx, orderId: number, action: string, since?: Date) {
  const [row] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.action, action),
        since ? sql`${orderEvents.at} >= ${since.toISOString()}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
async function eventAt(tx: Tx, orderId: number, action: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, action)))
    .orderBy(sql`${orderEvents.id} desc`)
    .limit(1);
  return row?.at ?? null;
}

/**
 * order/called: the business manager records the call after receipt, as a timeline entry (the
 * status does not move); refused before the receipt and twice. The samples' promises (return,
 * disposal) are kept by the samples' own custody events (decision 0078), not by order marks.
 */
export async function markCalled(s: Services, staffId: number, rid: string, note: string) {
  const found = await findOrder(s.db, rid);
  return s.db.transaction(async (tx) => {
    const o = await lockOrder(tx, found.id);
    if (o.status === 'cancelled') throw new DomainError('订单已取消');
    const received = await eventAt(tx, o.id, 'receive');
    if (!received) throw new DomainError('样品签收后才能记录致电');
    if (await hasEvent(tx, o.id, 'called', received)) throw new DomainError('已记录致电，请勿重复操作');
    await addEvent(tx, {
      orderId: o.id,
      from: o.status,
      to: o.status,
      action: 'called',
      actor: 'staff',
      actorId: staffId,
      note: note || OPERATION_ACTION_TEXT.called!,
      now: s.now(),
    });
    return { rid: o.rid, status: o.status, status_text: orderStatusText(o.status, o.typeId) };
  });
}
const started = alias(orderEvents, 'started');

/** Orders whose clock started with a `startAction` event before `before`, not yet marked `doneAction`. */
function candidates(s: Services, startAction: string, before: number, extra: SQL[]) {
  return s.db
    .select({
      rid: orders.rid,
      orderNo: orders.orderNo,
      status: orders.status,
      typeId: orders.typeId,
      customer: customerCols,
      since: started.at,
    })
    .from(started)
    .innerJoin(orders, eq(orders.id, started.orderId))
    .innerJoin(customer, eq(customer.id, orders.userId))
    .where(and(eq(started.action, startAction), lt(started.at, new Date(before)), ...extra))
    .orderBy(asc(started.at), asc(orders.id));
}
const notMarked = (action: string) =>
  sql`not exists (select 1 from ${orderEvents} d where d.order_id = ${orders.id} and d.action = ${action} and d.at >= ${started.at})`;

/** The orders (or, for a per-sample promise, the samples) overdue now, oldest first. */
async function overdue(s: Services, kind: PromiseKind): Promise<PromiseRow[]> {
  const now = s.now();
  if (isSamplePromise(kind)) return overdueSamples(s.db, kind, now);
  const rows =
    kind === 'manager_call'
      ? // Once an order is completed the call no longer helps anyone; it leaves the list.
        await candidates(s, 'receive', now - 2 * HOUR, [
          notInArray(orders.status, ['cancelled', 'completed'] satisfies OrderStatus[]),
          notMarked(PROMISE_DONE_ACTION.manager_call),
        ])
      : // The reminder is the notify jobs queued by the delivery: overdue while one of them is unsent.
        await candidates(s, 'deliver', now - 2 * HOUR, [
          notInArray(orders.status, ['cancelled']),
          sql`exists (select 1 from ${jobs} where ${jobs.kind} = 'notify' and ${jobs.status} <> 'done' and ${jobs.uniqueKey} like 'notify:' || ${orders.id} || ':' || ${started.id} || ':%')`,
        ]);
  return rows
    .map((r) => ({ ...r, due: promiseDue(kind, +r.since) }))
    .filter((r) => r.due <= now)
    .map((r) => ({
      rid: r.rid,
      order_no: r.orderNo,
      status: r.status,
      status_text: orderStatusText(r.status, r.typeId),
      customer: r.customer,
      since: shanghaiIso(r.since),
      due: shanghaiIso(r.due),
      sample: null,
    }));
}

const byText = new Intl.Collator('zh-CN', { numeric: true });
const PROMISE_SORT_KEY: Record<PromiseSort, (r: PromiseRow) => string> = {
  order: (r) => r.sample?.sample_no ?? r.order_no,
  customer: (r) => r.customer.name || r.customer.phone || '',
  since: (r) => r.since,
  due: (r) => r.due,
};

/** promise/list: one promise's overdue orders, paged. */
export async function listOverdue(
  s: Services,
  q: { kind: PromiseKind; page?: number; size?: number; sort?: PromiseSort; dir?: 'asc' | 'desc' },
) {
  const all = await overdue(s, q.kind);
  if (q.sort) {
    // Sorted whole before the page is cut (the list is computed, not read in pages); ties keep
    // the oldest first.
    const key = PROMISE_SORT_KEY[q.sort];
    const sign = q.dir === 'desc' ? -1 : 1;
    all.sort((a, b) => sign * byText.compare(key(a), key(b)));
  }
  const w = pageWindow(q.page, q.size);
  return { list: all.slice(w.offset, w.offset + w.size), total: all.length };
}

/** The dashboard's overdue counts, one per promise. */
export async function overdueCounts(s: Services) {
  const [calls, reminders, returns, disposals] = await Promise.all(
    (['manager_call', 'data_reminder', 'sample_return', 'disposal'] as const).map((k) =>
      overdue(s, k).then((r) => r.length),
    ),
  );
  return {
    manager_calls: calls!,
    data_reminders: reminders!,
    sample_returns: returns!,
    disposals: disposals!,
  };
}
