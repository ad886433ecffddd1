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
import type { Db } from '../platform/db/client.ts';
import { orderItems, orders, orderTallies } from './tables.ts';
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
  /** Newest first (default), soonest due date first (orders without one last), or a staff column. */
  sort?: StaffOrderSort;
  page?: number;
  size?: number;
};

/**
 * The count and `owed_fen` of the orders matching a filter on customer and status only, summed
 * from their tallies (a few rows per customer) instead of counting the orders.
 */
async function talliedTotals(db: Db, f: ListFilter): Promise<{ total: number; owed: string }> {
  const where: SQL[] = [];
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
function listConditions(f: ListFilter): { where: SQL[]; byOwnerAndStatus: number } {
  const where: SQL[] = [];
  if (f.userId !== undefined) where.push(eq(orders.userId, f.userId));
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.statuses?.length) where.push(inArray(orders.status, [...f.statuses]));
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
  if (f.q) where.push(searchCondition(f.q));
  if (f.date_from) where.push(gte(orders.createdAt, new Date(shanghaiMidnight(f.date_from)!)));
  if (f.date_to) where.push(lt(orders.createdAt, new Date(shanghaiMidnight(addDays(f.date_to, 1))!)));
  return { where, byOwnerAndStatus };
}

/**
 * The staff search (decision 0084): orders whose number starts with the term (with or without
 * its LP), whose customer's name, phone, organisation or PI contains it, or one of whose lines'
 * item names contains it. Each branch is an index scan, so PostgreSQL ORs their bitmaps: the
 * customers are found in the users, the item names among the distinct names of order lines
 * (read off their index one by one, a few hundred), never by scanning every order or line.
 */
function searchCondition(term: string): SQL {
  const upper = term.toUpperCase();
  const prefixes = [upper, ...(/^\d+$/.test(upper) ? [`LP${upper}`] : [])].map((t) => `${escapeLike(t)}%`);
  const names = sql`array(with recursive names(name) as (
      (select name from ${orderItems} order by name limit 1)
      union all
      select (select l.name from ${orderItems} l where l.name > names.name order by l.name limit 1)
      from names where names.name is not null
    ) select name from names where name ilike ${`%${escapeLike(term)}%`})`;
  return or(
    sql`${orders.userId} = any(${customerIdsMatching(term)})`,
    ...prefixes.map((p) => like(orders.orderNo, p)),
    sql`${orders.id} = any(array(select ${orderItems.orderId} from ${orderItems} where ${orderItems.name} = any(${names})))`,
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
      return [
        by(
          sql`array_position(${sql.raw(`array[${ORDER_STATUSES.map((x) => `'${x}'`).join(',')}]`)}, ${orders.status}::text)`,
        ),
        ...newest,
      ];
    case 'customer':
      return [by(customerName ?? orders.userId), ...newest];
    default:
      return [by(orders.createdAt), by(orders.id)];
  }
}

/** The totals of a filter: from the tallies when it is on customer and status only, else counted. */
function listTotals(db: Db, f: ListFilter, where: SQL[], byOwnerAndStatus: number) {
  return where.length === byOwnerAndStatus
    ? talliedTotals(db, f)
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
  const { where, byOwnerAndStatus } = listConditions(f);
  const [rows, { total, owed }] = await Promise.all([
    db
      .select({ ...summaryColumns, itemNames, customer: ownerColumns })
      .from(orders)
      .innerJoin(owner, eq(owner.id, orders.userId))
      .where(and(...where))
      .orderBy(...listOrder(f, displayNameOf(owner)))
      .limit(w.size)
      .offset(w.offset),
    listTotals(db, f, where, byOwnerAndStatus),
  ]);
  return {
    list: rows.map((r) => ({ ...toSummary(r, r.itemNames), customer: r.customer })),
    total,
    owed_fen: Number(owed),
  };
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
