// The order lists (customers' and staff's): filters, the staff's search by customer, sorting, and
// totals from the tallies when the filter allows (decisions 0066, 0084).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db/client.ts';
import { orderEvents, orderItems, orders, orderTallies } from './tables.ts';
import { customerIdsMatching, displayNameOf, userDirectory } from '../accounts/index.ts';
import {
  LAB_SAMPLE_TYPE_ID,
  ORDER_STATUSES,
  PAYABLE_STATUSES,
  type OrderStatus,
} from '../../shared/orders/order-status.ts';
import type { OrderSummary, StaffOrderSort } from '../../shared/orders/order.ts';
import type { StaffOrderSummary } from '../../shared/orders/responses.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { itemNames, summaryColumns, toSummary } from './read.ts';
import { positionIn } from '../platform/db/sorting.ts';

export type ListFilter = {
  /** The staff's one search box (decision 0084). */
  q?: string;
  dir?: 'asc' | 'desc';
  userId?: number;
  status?: OrderStatus;
  statuses?: readonly OrderStatus[];
  delivery_type?: 0 | 1;
  order_no?: string;
  keyword?: string;
  date_from?: string;
  date_to?: string;
  /** Orders with a 确认收样 / 出具数据 step on this Shanghai date (the dashboard's today counts). */
  received_on?: string;
  delivered_on?: string;
  /** Newest first (default), soonest due date first (orders without one last), or a staff column. */
  sort?: StaffOrderSort;
  page?: number;
  size?: number;
};

/**
 * The count and `owed_fen` of the orders matching a filter on customer and status only, summed
 * from their tallies (a few rows per customer) instead of counting the orders.
 */
async function talliedTotals(
  db: Db,
  f: ListFilter,
  customers?: number[],
): Promise<{ total: number; owed: string }> {
  const where: SQL[] = [];
  if (customers) where.push(inArray(orderTallies.userId, customers));
  if (f.userId !== undefined) where.push(eq(orderTallies.userId, f.userId));
  if (f.status) where.push(eq(orderTallies.status, f.status));
  if (f.statuses?.length) where.push(inArray(orderTallies.status, [...f.statuses]));
  const [totals] = await db
    .select({
      total: sql<number>`coalesce(sum(${orderTallies.orders}), 0)::int`,
      owed: sql<string>`coalesce(sum(${orderTallies.owedFen}) filter (where ${inArray(orderTallies.status, [...PAYABLE_STATUSES])}), 0)`,
    })
    .from(orderTallies)
    .where(and(...where));
  return totals;
}

/** The conditions of a list filter, and how many of them are on customer and status only. */
function listConditions(f: ListFilter, found?: Found): { where: SQL[]; byOwnerAndStatus: number } {
  const where: SQL[] = [];
  if (f.userId !== undefined) where.push(eq(orders.userId, f.userId));
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.statuses?.length) where.push(inArray(orders.status, [...f.statuses]));
  // A search that found only customers filters like the customer page: totals from the tallies.
  if (found && onlyCustomers(found)) where.push(inArray(orders.userId, found.customers));
  const byOwnerAndStatus = where.length;
  // Posting and pickup are of physical samples: 送样检测 orders only (data analysis has none).
  if (f.delivery_type !== undefined)
    where.push(
      sql`(${orders.delivery}->>'type')::int = ${f.delivery_type}`,
      eq(orders.typeId, LAB_SAMPLE_TYPE_ID),
    );
  if (f.order_no) where.push(ilike(orders.orderNo, `%${escapeLike(f.order_no)}%`));
  if (f.keyword)
    where.push(
      sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.name} ilike ${`%${escapeLike(f.keyword)}%`})`,
    );
  if (found && !onlyCustomers(found)) where.push(searchCondition(found));
  if (f.date_from) where.push(gte(orders.createdAt, new Date(shanghaiMidnight(f.date_from)!)));
  if (f.date_to) where.push(lt(orders.createdAt, new Date(shanghaiMidnight(addDays(f.date_to, 1))!)));
  for (const [action, day] of [
    ['receive', f.received_on],
    ['deliver', f.delivered_on],
  ] as const)
    if (day)
      where.push(
        sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.action} = ${action}
          and ${orderEvents.at} >= ${new Date(shanghaiMidnight(day)!).toISOString()}::timestamptz
          and ${orderEvents.at} < ${new Date(shanghaiMidnight(addDays(day, 1))!).toISOString()}::timestamptz)`,
      );
  return { where, byOwnerAndStatus };
}

/** What a staff search term found: customers, order-number prefixes that exist, line item names. */
type Found = { customers: number[]; orderNos: string[]; itemNames: string[] };

/** The distinct names of order lines, read off their index one by one (a few hundred). */
const lineNames = sql`with recursive names(name) as (
    (select name from ${orderItems} order by name limit 1)
    union all
    select (select l.name from ${orderItems} l where l.name > names.name order by l.name limit 1)
    from names where names.name is not null
  ) select name from names where name is not null`;

/**
 * The staff search (decision 0084), resolved before the list: the customers whose name, phone,
 * organisation or PI contains the term; the order-number prefixes (with or without LP, any case)
 * some order starts with; the item names of order lines containing it. Each is an index scan or
 * a scan of a small table, and the list then reads the matching orders with these as constants,
 * so the planner knows how few they are.
 */
async function findTerm(db: Db, term: string): Promise<Found> {
  const upper = term.toUpperCase();
  const prefixes = [upper, ...(/^\d+$/.test(upper) ? [`LP${upper}`] : [])]
    .filter((t) => /^(L|LP\d*)$|^\d+$/.test(t))
    .map((t) => `${escapeLike(t)}%`);
  const contains = `%${escapeLike(term)}%`;
  const [customers, orderNos, names] = await Promise.all([
    customerIdsMatching(db, term),
    Promise.all(
      prefixes.map((p) =>
        db
          .select({ no: orders.orderNo })
          .from(orders)
          .where(like(orders.orderNo, p))
          .limit(1)
          .then((r) => (r.length ? [p] : [])),
      ),
    ).then((r) => r.flat()),
    db
      .execute(sql`select name from (${lineNames}) n where name ilike ${contains}`)
      .then((r) => rowsOf<{ name: string }>(r).map((x) => x.name)),
  ]);
  return { customers, orderNos, itemNames: names };
}

const onlyCustomers = (found: Found) =>
  found.customers.length > 0 && found.orderNos.length === 0 && found.itemNames.length === 0;

/** The orders a resolved search names: its customers', its order numbers, its item names'. */
function searchCondition(found: Found): SQL {
  return or(
    ...(found.customers.length ? [inArray(orders.userId, found.customers)] : []),
    ...found.orderNos.map((p) => like(orders.orderNo, p)),
    ...(found.itemNames.length
      ? [
          sql`${orders.id} in (select ${orderItems.orderId} from ${orderItems} where ${inArray(orderItems.name, found.itemNames)})`,
        ]
      : []),
  )!;
}

/** The ORDER BY of a list: 下单时间 newest first by default; each staff column with its direction. */
function listOrder(f: ListFilter, customerName?: SQL): SQL[] {
  const sort = f.sort ?? 'created';
  const dir = f.dir ?? (sort === 'created' ? 'desc' : 'asc');
  const by = (e: SQL | AnyColumn) => sql`${e} ${sql.raw(dir)}`;
  const newest = [desc(orders.createdAt), desc(orders.id)];
  switch (sort) {
    case 'due':
      return [sql`${orders.dueDate} ${sql.raw(dir)} nulls last`, asc(orders.id)];
    case 'no':
      return [by(orders.orderNo)];
    case 'amount':
      return [by(orders.amountFen), ...newest];
    case 'status':
      return [by(positionIn(ORDER_STATUSES, orders.status)), ...newest];
    case 'customer':
      return [by(customerName ?? orders.userId), ...newest];
    default:
      return [by(orders.createdAt), by(orders.id)];
  }
}

/** The totals of a filter: from the tallies when it is on customer and status only, else counted. */
function listTotals(db: Db, f: ListFilter, where: SQL[], byOwnerAndStatus: number, found?: Found) {
  return where.length === byOwnerAndStatus
    ? talliedTotals(db, f, found?.customers)
    : db
        .select({
          total: count(),
          owed: sql<string>`coalesce(sum(greatest(${orders.amountFen} - ${orders.paidFen}, 0)) filter (where ${inArray(orders.status, [...PAYABLE_STATUSES])}), 0)`,
        })
        .from(orders)
        .where(and(...where))
        .then(([counted]) => counted);
}

/**
 * A page of orders, newest first, with the filters of /member/order and /member/oquery, and
 * `owed_fen`: what the matching orders awaiting payment (待付款, 待结算) still owe, the total
 * shown by /member/unpaid and /member/unsettled. The page is read off an index in list order;
 * the totals come from the tallies unless a filter looks inside the orders (decision 0066).
 */
export async function listOrders(
  db: Db,
  f: ListFilter,
): Promise<{ list: OrderSummary[]; total: number; owed_fen: number }> {
  const w = pageWindow(f.page, f.size);
  const { where, byOwnerAndStatus } = listConditions(f);
  const [rows, { total, owed }] = await Promise.all([
    db
      .select({ ...summaryColumns, itemNames })
      .from(orders)
      .where(and(...where))
      .orderBy(...listOrder(f))
      .limit(w.size)
      .offset(w.offset),
    listTotals(db, f, where, byOwnerAndStatus),
  ]);
  return { list: rows.map((r) => toSummary(r, r.itemNames)), total, owed_fen: Number(owed) };
}

const owner = userDirectory('owner');
/** The customer of a staff row: who, organisation and PI. */
const ownerColumns = {
  rid: owner.rid,
  phone: owner.phone,
  name: owner.name,
  company: owner.company,
  organization: owner.organization,
  pi: owner.pi,
};

/** The staff order list: the customers' list with each order's customer, searchable and sortable. */
export async function listStaffOrders(
  db: Db,
  f: ListFilter,
): Promise<{ list: StaffOrderSummary[]; total: number; owed_fen: number }> {
  const w = pageWindow(f.page, f.size);
  const found = f.q ? await findTerm(db, f.q) : undefined;
  if (found && !found.customers.length && !found.orderNos.length && !found.itemNames.length)
    return { list: [], total: 0, owed_fen: 0 };
  const { where, byOwnerAndStatus } = listConditions(f, found);
  const [rows, { total, owed }] = await Promise.all([
    db
      .select({ ...summaryColumns, itemNames, customer: ownerColumns })
      .from(orders)
      .innerJoin(owner, eq(owner.id, orders.userId))
      .where(and(...where))
      .orderBy(...listOrder(f, displayNameOf(owner)))
      .limit(w.size)
      .offset(w.offset),
    listTotals(db, f, where, byOwnerAndStatus, found),
  ]);
  return {
    list: rows.map((r) => ({ ...toSummary(r, r.itemNames), customer: r.customer })),
    total,
    owed_fen: Number(owed),
  };
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
