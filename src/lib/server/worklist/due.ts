// Warnings before a due date passes (decision 0082). An order received or in testing whose
// deadline (the end of its due date) is at most 24 working hours away is 即将超期: it is listed on
// the dashboard, and the technicians holding its work and the business managers are told once
// (notices keyed by order, due date and person). Once the deadline passes undelivered a breach is
// recorded (append-only), and its delay is fixed from the delivery when the data goes out.
import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { dueBreaches, workHolds } from './tables.ts';
import { resultDirectory } from '../results/index.ts';
import { orderDirectory, orderEventDirectory } from '../orders/index.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import { staffDirectory } from '../staff/index.ts';
import { labCalendar } from '../calendar/index.ts';
import { queueNotices } from '../notify/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { dueDeadline } from '../../shared/calendar/due.ts';
import { orderStatusText } from '../../shared/orders/order-status.ts';
import { chineseDate, shanghaiDate } from '../../shared/time.ts';
import { dueSoonUntil, workingMsBetween } from '../../shared/worklist/work.ts';
import type { DueRow } from '../../shared/worklist/responses.ts';
import type { DueSort } from '../../shared/worklist/requests.ts';

/** The periodic job that notifies, records breaches and fixes their delays (every 5 minutes). */
export const DUE_WATCH = 'worklist.due-watch';

const ON_BENCH = ['received', 'testing'] as const;
const MINUTE = 60_000;

const order = orderDirectory('due_order');
const customer = userDirectory('due_customer');
const result = resultDirectory('due_result');
const staff = staffDirectory('due_staff');
const delivered = orderEventDirectory('due_delivered');

/** The dates that are 即将超期 (today to the window's end) or 已超期 (before today) at `now`. */
async function window(s: Services, kind: 'soon' | 'breached') {
  const now = s.now();
  const { calendar } = await labCalendar(s);
  const today = shanghaiDate(now);
  const dates =
    kind === 'soon'
      ? and(gte(order.dueDate, today), lte(order.dueDate, dueSoonUntil(now, calendar)))
      : lt(order.dueDate, today);
  return { now, calendar, where: and(inArray(order.status, [...ON_BENCH]), dates) };
}

/** Who holds the work of these orders, by order. */
async function holdersOf(s: Services, orderIds: number[]) {
  const rows = orderIds.length
    ? await s.db
        .selectDistinct({ orderId: result.orderId, id: workHolds.holderId, name: workHolds.holderName })
        .from(workHolds)
        .innerJoin(result, eq(result.id, workHolds.resultId))
        .where(inArray(result.orderId, orderIds))
        .orderBy(result.orderId, workHolds.holderName)
    : [];
  const by = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) by.set(r.orderId, [...(by.get(r.orderId) ?? []), { id: r.id, name: r.name }]);
  return by;
}

/** The due list's ORDER BY: a column chosen (decision 0095), then the soonest deadline. */
function dueOrder(sort: DueSort | undefined, dir: 'asc' | 'desc'): SQL[] {
  const by = (e: SQL | AnyColumn) => sql`${e} ${sql.raw(dir)} nulls last`;
  const soonest = [asc(order.dueDate), asc(order.id)];
  switch (sort) {
    case 'order':
      return [by(order.orderNo)];
    case 'due':
    case 'left':
      return [by(order.dueDate), asc(order.id)];
    case 'customer':
      return [by(displayNameOf(customer)), ...soonest];
    case 'holders':
      return [
        by(
          sql`(select min(${workHolds.holderName}) from ${workHolds} inner join ${result} on ${result.id} = ${workHolds.resultId} where ${result.orderId} = ${order.id})`,
        ),
        ...soonest,
      ];
    default:
      return soonest;
  }
}

function ordersIn(s: Services, where: SQL | undefined, orderBy?: SQL[]) {
  return s.db
    .select({
      id: order.id,
      rid: order.rid,
      orderNo: order.orderNo,
      typeId: order.typeId,
      status: order.status,
      dueDate: sql<string>`${order.dueDate}`,
      customer: displayNameOf(customer),
      company: customer.company,
    })
    .from(order)
    .innerJoin(customer, eq(customer.id, order.userId))
    .where(where)
    .orderBy(...(orderBy ?? dueOrder(undefined, 'asc')));
}

/** worklist/due: the orders 即将超期 or 已超期, soonest deadline first, with who holds their work. */
export async function dueList(
  s: Services,
  q: { kind: 'soon' | 'breached'; page?: number; size?: number; sort?: DueSort; dir?: 'asc' | 'desc' },
): Promise<{ list: DueRow[]; total: number }> {
  const w = pageWindow(q.page, q.size);
  const { now, calendar, where } = await window(s, q.kind);
  const [page, [{ total }]] = await Promise.all([
    ordersIn(s, where, dueOrder(q.sort, q.dir ?? 'asc'))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(order).where(where),
  ]);
  const ids = page.map((o) => o.id);
  const [holders, breaches] = await Promise.all([
    holdersOf(s, ids),
    ids.length
      ? s.db
          .select({ orderId: dueBreaches.orderId, dueDate: dueBreaches.dueDate, at: dueBreaches.detectedAt })
          .from(dueBreaches)
          .where(inArray(dueBreaches.orderId, ids))
      : [],
  ]);
  const list = page.map((o): DueRow => {
    const deadline = dueDeadline(o.dueDate);
    const breach = breaches.find((b) => b.orderId === o.id && b.dueDate === o.dueDate);
    return {
      rid: o.rid,
      order_no: o.orderNo,
      status_text: orderStatusText(o.status, o.typeId),
      due_date: o.dueDate,
      deadline: new Date(deadline).toISOString(),
      customer: { name: o.customer, company: o.company },
      holders: (holders.get(o.id) ?? []).map((h) => h.name),
      left_minutes: Math.floor(workingMsBetween(now, deadline, calendar) / MINUTE),
      delay_minutes: Math.max(0, Math.floor((now - deadline) / MINUTE)),
      breached_at: breach?.at.toISOString() ?? null,
    };
  });
  return { list, total };
}

/** The business managers: the staff with the manager role (orders have no named advisor). */
async function managers(s: Services): Promise<number[]> {
  const rows = await s.db.select({ id: staff.userId }).from(staff).where(eq(staff.role, 'manager'));
  return rows.map((r) => r.id);
}

/** Tells the holders and the managers of each order 即将超期, once per person and due date. */
async function warnDueSoon(s: Services): Promise<number> {
  const { where } = await window(s, 'soon');
  const soon = await ordersIn(s, where);
  if (soon.length === 0) return 0;
  const [holders, boss] = await Promise.all([
    holdersOf(
      s,
      soon.map((o) => o.id),
    ),
    managers(s),
  ]);
  const notices = soon.flatMap((o) => {
    const who = [...new Set([...(holders.get(o.id) ?? []).map((h) => h.id), ...boss])];
    const holding = (holders.get(o.id) ?? []).map((h) => h.name).join('、') || '暂无人领取';
    const text =
      `订单${o.orderNo}（客户：${[o.customer, o.company].filter(Boolean).join(' · ')}）将于` +
      `${chineseDate(o.dueDate)}到期，剩余不足24个工作小时，检测负责人：${holding}。请尽快完成检测并出具数据。`;
    return who.map((userId) => ({
      userId,
      key: `due-soon:${o.rid}:${o.dueDate}`,
      title: '订单即将超期',
      text,
    }));
  });
  // The unique key (person, order, due date) makes a second run, or a retry, queue nothing new.
  await s.db.transaction((tx) => queueNotices(tx, notices, s.now()));
  return notices.length;
}

/**
 * Records a breach for each order past its deadline with the data not delivered: those still on
 * the bench, and those delivered late since the last day (in case the delivery beat this run).
 */
async function recordBreaches(s: Services): Promise<number> {
  const now = s.now();
  const today = shanghaiDate(now);
  const late = await s.db
    .select({ id: order.id, dueDate: sql<string>`${order.dueDate}` })
    .from(order)
    .where(
      and(
        lt(order.dueDate, today),
        or(
          inArray(order.status, [...ON_BENCH]),
          sql`exists (select 1 from ${delivered} where ${delivered.orderId} = ${order.id}
            and ${delivered.toStatus} = 'delivered' and ${delivered.at} > ${new Date(now - 86_400_000)}
            and ${delivered.at} >= (${order.dueDate} + 1)::timestamp at time zone 'Asia/Shanghai')`,
        ),
      ),
    );
  if (late.length === 0) return 0;
  const made = await s.db
    .insert(dueBreaches)
    .values(
      late.map((o) => ({
        orderId: o.id,
        dueDate: o.dueDate,
        deadline: new Date(dueDeadline(o.dueDate)),
        detectedAt: new Date(now),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: dueBreaches.id });
  return made.length;
}

/** Fixes the delay of each open breach whose order's data has since been delivered. */
async function fixDelays(s: Services): Promise<number> {
  const open = await s.db
    .select({
      id: dueBreaches.id,
      deadline: dueBreaches.deadline,
      at: sql<Date | string | null>`min(${delivered.at})`,
    })
    .from(dueBreaches)
    .innerJoin(
      delivered,
      and(
        eq(delivered.orderId, dueBreaches.orderId),
        eq(delivered.toStatus, 'delivered'),
        gt(delivered.at, dueBreaches.deadline),
      ),
    )
    .where(isNull(dueBreaches.deliveredAt))
    .groupBy(dueBreaches.id, dueBreaches.deadline);
  for (const b of open) {
    const at = new Date(b.at!);
    await s.db
      .update(dueBreaches)
      .set({ deliveredAt: at, delayMinutes: Math.floor((at.getTime() - b.deadline.getTime()) / MINUTE) })
      .where(and(eq(dueBreaches.id, b.id), isNull(dueBreaches.deliveredAt)));
  }
  return open.length;
}

/** The DUE_WATCH job: warnings, breaches, delays. Each part is safe to repeat. */
export async function watchDue(s: Services) {
  return {
    warned: await warnDueSoon(s),
    breached: await recordBreaches(s),
    delivered: await fixDelays(s),
  };
}
