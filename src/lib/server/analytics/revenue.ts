// Revenue report (issue 35, decision 0092): every figure is a sum of the ledger's order movements
// (payments, 补差价, 退差价, cancellations' refunds) made in the range, read through money's
// published subquery; the groups come from the owners' directories. An order's movements split
// over its lines (by line amount, to the fen) for the item and instrument groupings.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
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
  type RevenueQuery,
  type RevenueRow,
} from '../../shared/analytics/revenue.ts';
import { TOTAL_KEY } from '../../shared/analytics/turnaround.ts';

type Figures = Record<RevenueFigure, number>;
/** One order's movements of one month by one payer, with the order's groups. */
type Part = Figures & {
  orderId: number;
  month: string;
  customerKind: string;
  company: string;
  promoterId: number | null;
  promoterName: string | null;
  groupId: number | null;
  groupName: string | null;
};

const zero = (): Figures => Object.fromEntries(REVENUE_FIGURES.map((f) => [f, 0])) as unknown as Figures;

/** The range's Shanghai days as instants: [first day's midnight, the day after the last's). */
function rangeInstants(from: string, to: string) {
  return { start: shanghaiMidnight(from)!, end: shanghaiMidnight(addDays(to, 1))! };
}

const sumOf = (c: SQL.Aliased) => sql<string>`coalesce(sum(${c}), 0)`.mapWith(Number);

/** The range's order movements, summed per order, month and payer, with the order's groups. */
async function partsOf(s: Services, start: number, end: number): Promise<Part[]> {
  const m = orderMovementsBetween(start, end);
  const o = orderDirectory('o');
  const u = userDirectory('u');
  const p = userDirectory('p');
  const g = groupDirectory('g');
  const month = sql<string>`to_char(${m.at} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const byKind = (kind: string, sign = 1) =>
    sql<string>`coalesce(sum(${m.revenue}) filter (where ${m.kind} = ${kind}), 0) * ${sign}`.mapWith(Number);
  return s.db
    .select({
      orderId: m.orderId,
      month: month.as('month'),
      customerKind: o.customerKind,
      company: u.company,
      promoterId: p.id,
      promoterName: sql<string | null>`coalesce(nullif(${p.name}, ''), ${p.phone})`,
      groupId: g.id,
      groupName: g.name,
      paid_fen: byKind('payment'),
      price_paid_fen: byKind('price_payment'),
      price_refunded_fen: byKind('price_refund', -1),
      refunded_fen: byKind('refund', -1),
      net_fen: sumOf(m.revenue),
      cash_fen: sumOf(m.cash),
      bonus_fen: sumOf(m.bonus),
      coupon_fen: sumOf(m.coupon),
      credit_fen: sumOf(m.credit),
    })
    .from(m)
    .innerJoin(o, eq(o.id, m.orderId))
    .innerJoin(u, eq(u.id, o.userId))
    .leftJoin(p, eq(p.id, u.inviterId))
    .leftJoin(g, sql`${m.payerKind} = 'group' and ${g.id} = ${m.payerId}`)
    .groupBy(m.orderId, month, o.customerKind, u.company, p.id, p.name, p.phone, g.id, g.name);
}

type Line = {
  orderId: number;
  weight: number;
  itemKey: string;
  itemLabel: string;
  device: string | null;
  deviceName: string | null;
};

/** The lines of the orders with a movement in the range, with each line's instrument. */
async function linesOf(s: Services, start: number, end: number): Promise<Map<number, Line[]>> {
  const l = orderLineDirectory('l');
  const it = itemDirectory('it');
  const d = deviceDirectory('d');
  const m = orderMovementsBetween(start, end);
  const rows = await s.db
    .select({
      orderId: l.orderId,
      weight: l.lineFen,
      itemKey: l.itemRid,
      itemLabel: l.name,
      device: d.rid,
      deviceName: d.name,
    })
    .from(l)
    .leftJoin(it, eq(it.rid, l.itemRid))
    .leftJoin(d, eq(d.rid, it.deviceRid))
    .where(inArray(l.orderId, s.db.selectDistinct({ id: m.orderId }).from(m)))
    .orderBy(l.orderId, l.id);
  const byOrder = new Map<number, Line[]>();
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push(r);
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

type Share = { key: string; label: string; weight: number };

/** The groups a part counts in, with the weight of each (a single group: the whole part). */
function sharesOf(q: RevenueQuery, part: Part, lines: Map<number, Line[]>): Share[] {
  const one = (key: string, label: string) => [{ key, label, weight: 1 }];
  switch (q.group) {
    case 'month':
      return one(part.month, part.month);
    case 'customer_kind':
      return one(part.customerKind, CUSTOMER_KIND_TEXT[part.customerKind] ?? part.customerKind);
    case 'organisation':
      return one(part.company.trim(), part.company.trim() || NO_ORGANISATION);
    case 'group':
      return part.groupId === null ? one('', NO_GROUP) : one(String(part.groupId), part.groupName ?? '');
    case 'promoter':
      return part.promoterId === null
        ? one('', NO_PROMOTER)
        : one(String(part.promoterId), part.promoterName ?? '');
    case 'item':
    case 'instrument': {
      const ls = lines.get(part.orderId) ?? [];
      if (ls.length === 0) return one('', q.group === 'item' ? '—' : NO_INSTRUMENT);
      return ls.map((l) =>
        q.group === 'item'
          ? { key: l.itemKey, label: l.itemLabel, weight: l.weight }
          : { key: l.device ?? '', label: l.deviceName ?? NO_INSTRUMENT, weight: l.weight },
      );
    }
  }
}

/** The report: per group, and the total (an order counted once). */
export async function revenueReport(s: Services, q: RevenueQuery): Promise<Revenue> {
  const { start, end } = rangeInstants(q.from, q.to);
  const parts = await partsOf(s, start, end);
  const lines = q.group === 'item' || q.group === 'instrument' ? await linesOf(s, start, end) : new Map();
  const groups = new Map<string, { label: string; figures: Figures; orders: Set<number> }>();
  const total = zero();
  const allOrders = new Set<number>();
  for (const part of parts) {
    allOrders.add(part.orderId);
    for (const f of REVENUE_FIGURES) total[f] += part[f];
    const shares = sharesOf(q, part, lines);
    const split = Object.fromEntries(
      REVENUE_FIGURES.map((f) => [
        f,
        allocate(
          part[f],
          shares.map((x) => x.weight),
        ),
      ]),
    ) as Record<RevenueFigure, number[]>;
    shares.forEach((share, i) => {
      let gr = groups.get(share.key);
      if (!gr) {
        gr = { label: share.label, figures: zero(), orders: new Set() };
        groups.set(share.key, gr);
      }
      gr.orders.add(part.orderId);
      for (const f of REVENUE_FIGURES) gr.figures[f] += split[f][i];
    });
  }
  const row = (key: string, label: string, orders: number, f: Figures): RevenueRow => ({
    key,
    label,
    orders,
    ...f,
  });
  const rows = [...groups.entries()]
    .map(([key, gr]) => row(key, gr.label, gr.orders.size, gr.figures))
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
    total: row(TOTAL_KEY, '合计', allOrders.size, total),
    points_bonus_fen: await pointsBonusBetween(s.db, start, end),
  };
}
