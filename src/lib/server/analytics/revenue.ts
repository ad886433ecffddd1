// Revenue report (issue 35, decisions 0092 and 0098): every figure is a sum of the ledger's order
// movements (payments, 补差价, 退差价, cancellations' refunds) made in the range, read through
// money's published subquery; the groups come from the owners' directories. The database sums
// each group, so a year of 100,000 orders comes back as a few dozen rows. For the item and
// instrument groupings an order's movements split over its lines by line amount, to the fen: an
// order of one line (most) is summed in the database, one of several is split here.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { orderMovementsBetween, pointsBonusBetween } from '../money/index.ts';
import { orderDirectory, orderLineDirectory } from '../orders/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { groupDirectory } from '../groups/index.ts';
import { deviceDirectory, itemDirectory } from '../catalogue/index.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import {
  allocate,
  CUSTOMER_KIND_TEXT,
  NO_GROUP,
  NO_INSTRUMENT,
  NO_ORGANISATION,
  NO_PROMOTER,
  REVENUE_FIGURES,
  type Revenue,
  type RevenueFigure,
  type RevenueGrouping,
  type RevenueQuery,
  type RevenueRow,
} from '../../shared/analytics/revenue.ts';
import { TOTAL_KEY } from '../../shared/analytics/turnaround.ts';

type Figures = Record<RevenueFigure, number>;
type Movements = ReturnType<typeof orderMovementsBetween>;
/** A group's figures as the database sums them, before its label is put into words. */
type Summed = Figures & { key: string | null; label: string | null; orders: number };

const zero = (): Figures => Object.fromEntries(REVENUE_FIGURES.map((f) => [f, 0])) as unknown as Figures;

/** The range's Shanghai days as instants: [first day's midnight, the day after the last's). */
function rangeInstants(from: string, to: string) {
  return { start: shanghaiMidnight(from)!, end: shanghaiMidnight(addDays(to, 1))! };
}

/** The nine figures as sums over the movements (a refund's parts are negative). */
function figureSums(m: Movements) {
  const sum = (value: SQL | typeof m.revenue) => sql<string>`coalesce(sum(${value}), 0)`.mapWith(Number);
  const ofKind = (kind: string, sign = 1) =>
    sql<string>`coalesce(sum(${m.revenue}) filter (where ${m.kind} = ${kind}), 0) * ${sign}`.mapWith(Number);
  return {
    paid_fen: ofKind('payment'),
    price_paid_fen: ofKind('price_payment'),
    price_refunded_fen: ofKind('price_refund', -1),
    refunded_fen: ofKind('refund', -1),
    net_fen: sum(m.revenue),
    cash_fen: sum(m.cash),
    bonus_fen: sum(m.bonus),
    coupon_fen: sum(m.coupon),
    credit_fen: sum(m.credit),
  };
}

/** The figures named as columns of a subquery, to read them from outside it. */
const aliased = (f: ReturnType<typeof figureSums>) =>
  Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.as(k)])) as {
    [K in RevenueFigure]: SQL.Aliased<number>;
  };
const pick = (sub: Record<RevenueFigure, SQL.Aliased<number>>) =>
  Object.fromEntries(REVENUE_FIGURES.map((f) => [f, sub[f]])) as Record<RevenueFigure, SQL.Aliased<number>>;
const summedAgain = (f: Record<RevenueFigure, SQL.Aliased<number>>) =>
  Object.fromEntries(REVENUE_FIGURES.map((k) => [k, sql<string>`sum(${f[k]})`.mapWith(Number)])) as Record<
    RevenueFigure,
    SQL<number>
  >;

const ordersCounted = (m: Movements) => sql<number>`count(distinct ${m.orderId})`.mapWith(Number);

/** The whole range: each order counted once. */
async function totalOf(s: Services, m: Movements): Promise<Figures & { orders: number }> {
  const [total] = await s.db.select({ orders: ordersCounted(m), ...figureSums(m) }).from(m);
  return total;
}

/** Groupings by one value of the movement, its order or its payer: summed per group in the database. */
async function byValue(s: Services, m: Movements, group: Exclude<RevenueGrouping, 'item' | 'instrument'>) {
  const o = orderDirectory('o');
  const u = userDirectory('u');
  const p = userDirectory('p');
  const g = groupDirectory('g');
  const month = sql<string>`to_char(${m.at} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const company = sql<string>`trim(${u.company})`;
  // Where the label is fixed (words for a kind, for no organisation) the key alone groups.
  const keyed: Record<typeof group, { key: SQL<string>; label?: SQL<string | null> }> = {
    month: { key: month },
    customer_kind: { key: sql`${o.customerKind}` },
    organisation: { key: company },
    group: { key: sql`coalesce(${g.id}::text, '')`, label: sql`${g.name}` },
    promoter: {
      key: sql`coalesce(${p.id}::text, '')`,
      label: sql`coalesce(nullif(${p.name}, ''), ${p.phone})`,
    },
  };
  const { key, label } = keyed[group];
  return s.db
    .select({ key, label: label ?? sql<null>`null`, orders: ordersCounted(m), ...figureSums(m) })
    .from(m)
    .innerJoin(o, eq(o.id, m.orderId))
    .innerJoin(u, eq(u.id, o.userId))
    .leftJoin(p, eq(p.id, u.inviterId))
    .leftJoin(g, and(sql`${m.payerKind} = 'group'`, eq(g.id, m.payerId)))
    .groupBy(...(label ? [key, label] : [key])) as Promise<Summed[]>;
}

/**
 * Groupings by line. Orders of at most one line are summed per item in the database (and the
 * items' sums per instrument); orders of several come back one row per order and are split over
 * their lines by line amount here.
 */
async function byLine(s: Services, m: Movements, group: 'item' | 'instrument'): Promise<Summed[]> {
  const l = orderLineDirectory('l');
  const it = itemDirectory('it');
  const d = deviceDirectory('d');
  // The range's orders with their number of lines, and the item of a sole line.
  const counted = s.db
    .select({
      orderId: l.orderId,
      lines: sql<number>`count(*)`.as('lines'),
      itemRid: sql<string>`min(${l.itemRid})`.as('item_rid'),
      name: sql<string>`min(${l.name})`.as('name'),
    })
    .from(l)
    .where(inArray(l.orderId, s.db.select({ id: m.orderId }).from(m)))
    .groupBy(l.orderId)
    .as('lc');
  const perItem = s.db
    .select({
      itemRid: sql<string>`coalesce(${counted.itemRid}, '')`.as('item_key'),
      name: sql<string | null>`min(${counted.name})`.as('item_name'),
      orders: ordersCounted(m).as('orders'),
      ...aliased(figureSums(m)),
    })
    .from(m)
    .leftJoin(counted, eq(counted.orderId, m.orderId))
    .where(sql`coalesce(${counted.lines}, 0) <= 1`)
    .groupBy(sql`coalesce(${counted.itemRid}, '')`)
    .as('per_item');
  const summedQuery =
    group === 'item'
      ? s.db
          .select({ key: perItem.itemRid, label: perItem.name, orders: perItem.orders, ...pick(perItem) })
          .from(perItem)
      : s.db
          .select({
            key: sql<string>`coalesce(${d.rid}, '')`,
            label: sql<string | null>`min(${d.name})`,
            orders: sql<string>`sum(${perItem.orders})`.mapWith(Number),
            ...summedAgain(pick(perItem)),
          })
          .from(perItem)
          .leftJoin(it, eq(it.rid, perItem.itemRid))
          .leftJoin(d, eq(d.rid, it.deviceRid))
          .groupBy(sql`coalesce(${d.rid}, '')`);

  // The orders of several lines, with their lines (in line order, as allocate expects).
  const perOrderQuery = s.db
    .select({ orderId: m.orderId, ...figureSums(m) })
    .from(m)
    .innerJoin(counted, eq(counted.orderId, m.orderId))
    .where(sql`${counted.lines} > 1`)
    .groupBy(m.orderId);
  const key = group === 'item' ? sql<string>`${l.itemRid}` : sql<string>`coalesce(${d.rid}, '')`;
  const label = group === 'item' ? sql<string | null>`${l.name}` : sql<string | null>`${d.name}`;
  const linesQuery = s.db
    .select({ orderId: l.orderId, weight: l.lineFen, key, label })
    .from(l)
    .innerJoin(counted, and(eq(counted.orderId, l.orderId), sql`${counted.lines} > 1`))
    .leftJoin(it, eq(it.rid, l.itemRid))
    .leftJoin(d, eq(d.rid, it.deviceRid))
    .orderBy(l.orderId, l.id);
  // Apart, so a pool of connections runs them side by side.
  const [summed, perOrder, lines]: [Summed[], Awaited<typeof perOrderQuery>, Awaited<typeof linesQuery>] =
    await Promise.all([summedQuery, perOrderQuery, linesQuery]);
  const linesOf = Map.groupBy<number, (typeof lines)[number]>(lines, (x) => x.orderId);
  const split = new Map<string, Summed & { counted: Set<number> }>();
  for (const order of perOrder) {
    const ls = linesOf.get(order.orderId) ?? [];
    const shares = Object.fromEntries(
      REVENUE_FIGURES.map((f) => [
        f,
        allocate(
          order[f],
          ls.map((x) => x.weight),
        ),
      ]),
    ) as Record<RevenueFigure, number[]>;
    ls.forEach((line, i) => {
      let gr = split.get(line.key);
      if (!gr) {
        gr = { key: line.key, label: line.label, orders: 0, counted: new Set(), ...zero() };
        split.set(line.key, gr);
      }
      gr.counted.add(order.orderId);
      for (const f of REVENUE_FIGURES) gr[f] += shares[f][i];
    });
  }
  // The two sets of orders are apart, so a group's counts add.
  const merged = new Map(summed.map((r) => [r.key ?? '', { ...r }]));
  for (const [k, gr] of split) {
    const row = merged.get(k) ?? { key: k, label: gr.label, orders: 0, ...zero() };
    row.orders += gr.counted.size;
    for (const f of REVENUE_FIGURES) row[f] += gr[f];
    merged.set(k, row);
  }
  return [...merged.values()];
}

/** A group's label in words (the database leaves the fixed ones to us). */
function labelOf(group: RevenueGrouping, key: string, label: string | null): string {
  switch (group) {
    case 'customer_kind':
      return CUSTOMER_KIND_TEXT[key] ?? key;
    case 'organisation':
      return key || NO_ORGANISATION;
    case 'group':
      return key ? (label ?? '') : NO_GROUP;
    case 'promoter':
      return key ? (label ?? '') : NO_PROMOTER;
    case 'item':
      return label ?? '—';
    case 'instrument':
      return key ? (label ?? NO_INSTRUMENT) : NO_INSTRUMENT;
    case 'month':
      return key;
  }
}

/** The report: per group, and the total (an order counted once). */
export async function revenueReport(s: Services, q: RevenueQuery): Promise<Revenue> {
  const { start, end } = rangeInstants(q.from, q.to);
  const m = orderMovementsBetween(start, end);
  const [summed, total, pointsBonus] = await Promise.all([
    q.group === 'item' || q.group === 'instrument' ? byLine(s, m, q.group) : byValue(s, m, q.group),
    totalOf(s, m),
    pointsBonusBetween(s.db, start, end),
  ]);
  const row = (key: string, label: string, f: Figures & { orders: number }): RevenueRow =>
    ({
      key,
      label,
      orders: f.orders,
      ...Object.fromEntries(REVENUE_FIGURES.map((x) => [x, f[x]])),
    }) as RevenueRow;
  const rows = summed
    .map((r) => row(r.key ?? '', labelOf(q.group, r.key ?? '', r.label), r))
    .sort((a, b) =>
      q.group === 'month'
        ? a.key.localeCompare(b.key)
        : b.net_fen - a.net_fen || a.label.localeCompare(b.label, 'zh'),
    );
  return {
    from: q.from,
    to: q.to,
    group: q.group,
    rows,
    total: row(TOTAL_KEY, '合计', total),
    points_bonus_fen: pointsBonus,
  };
}
