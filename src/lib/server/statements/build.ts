// What a statement says, computed from the ledger (decision 0022) and the orders' timelines
// (decision 0007) for one customer and one closed Shanghai month. The result is frozen onto the
// statement when it is issued; nothing here writes.
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../platform/db/client.ts';
import {
  accountOf,
  balancesAt,
  movementsBetween,
  ownersWithMovement,
  paidParts,
  type PaidParts,
} from '../money/index.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { ORDER_STATUS_TEXT, orderStatusText, type OrderStatus } from '../../shared/orders/order-status.ts';
import { MOVEMENT_TEXT } from '../../shared/money/money.ts';
import { monthBounds, type LineKind } from '../../shared/statements/statements.ts';
import { userDirectory } from '../accounts/index.ts';
import { orderDirectory, orderEventDirectory, orderLineDirectory } from '../orders/index.ts';

const customer = userDirectory('customer');
const ord = orderDirectory('ord');
const line = orderLineDirectory('line');
const event = orderEventDirectory('event');

type Figures = {
  openingBalanceFen: number;
  closingBalanceFen: number;
  inFen: number;
  outFen: number;
  openingCreditFen: number;
  closingCreditFen: number;
  openingUnsettledFen: number;
  closingUnsettledFen: number;
  billedFen: number;
  paidFen: number;
  couponFen: number;
  bonusFen: number;
  refundedFen: number;
};

type BuiltLine = {
  kind: LineKind;
  at: Date;
  orderRid: string | null;
  orderNo: string;
  title: string;
  note: string;
  amountFen: number;
  couponFen: number;
  bonusFen: number;
  paidFen: number;
  owedFen: number;
  creditFen: number;
  statusText: string;
};

export type Built = { figures: Figures; lines: BuiltLine[] };

type Reader = Db | Tx;

/** Each of the customer's orders' status at an instant: the last timeline entry before it. */
async function statusesAt(db: Reader, userId: number, at: number): Promise<Map<number, OrderStatus>> {
  const rows = await db
    .selectDistinctOn([event.orderId], { orderId: event.orderId, to: event.toStatus })
    .from(event)
    .innerJoin(ord, eq(ord.id, event.orderId))
    .where(and(eq(ord.userId, userId), lt(event.at, new Date(at))))
    .orderBy(event.orderId, desc(event.at), desc(event.id));
  return new Map(rows.map((r) => [r.orderId, r.to]));
}

/** A movement on the account, with its order's number and rid. */
type Movement = Awaited<ReturnType<typeof movementsBetween>>[number] & {
  orderRid: string | null;
  orderNo: string | null;
};

/** An account's balances at both ends of [start, end) and its movements in between. */
async function accountPart(db: Reader, accountId: number | undefined, start: number, end: number) {
  let balances = { cashStart: 0, bonusStart: 0, creditStart: 0, cashEnd: 0, bonusEnd: 0, creditEnd: 0 };
  let movements: Movement[] = [];
  if (accountId !== undefined) {
    balances = await balancesAt(db, accountId, start, end);
    const moved = await movementsBetween(db, accountId, start, end);
    const orderIds = [...new Set(moved.map((m) => m.orderId).filter((id): id is number => id !== null))];
    const ofOrder = new Map(
      (orderIds.length
        ? await db
            .select({ id: ord.id, rid: ord.rid, orderNo: ord.orderNo })
            .from(ord)
            .where(inArray(ord.id, orderIds))
        : []
      ).map((o) => [o.id, o]),
    );
    movements = moved.map((m) => {
      const order = m.orderId === null ? undefined : ofOrder.get(m.orderId);
      return {
        ...m,
        orderId: order?.id ?? null,
        orderRid: order?.rid ?? null,
        orderNo: order?.orderNo ?? null,
      };
    });
  }
  const moneyLines: BuiltLine[] = movements.map((m) => ({
    kind: 'movement',
    at: m.at,
    orderRid: m.orderRid,
    orderNo: m.orderNo ?? '',
    title: MOVEMENT_TEXT[m.kind as keyof typeof MOVEMENT_TEXT] ?? m.kind,
    note: m.note,
    amountFen: m.balance,
    couponFen: 0,
    bonusFen: 0,
    paidFen: 0,
    owedFen: 0,
    creditFen: m.credit,
    statusText: '',
  }));
  const payments = movements.filter((m) => m.kind === 'payment');
  const parts = await paidParts(db, { transferIds: payments.map((m) => m.id) });
  const money = {
    openingBalanceFen: balances.cashStart + balances.bonusStart,
    closingBalanceFen: balances.cashEnd + balances.bonusEnd,
    inFen: sum(movements.map((m) => Math.max(0, m.balance))),
    outFen: sum(movements.map((m) => Math.max(0, -m.balance))),
    openingCreditFen: -balances.creditStart,
    closingCreditFen: -balances.creditEnd,
    paidFen: sum(payments.map((m) => -(m.balance + m.credit))),
    couponFen: sum(payments.map((m) => parts.get(m.id)?.coupon ?? 0)),
    bonusFen: sum(payments.map((m) => parts.get(m.id)?.bonus ?? 0)),
    refundedFen: sum(movements.filter((m) => m.kind === 'refund').map((m) => m.balance + m.credit)),
  };
  return { movements, moneyLines, money, parts };
}

const NOTHING: PaidParts = { coupon: 0, bonus: 0, paid: 0 };

const sum = (list: number[]) => list.reduce((n, v) => n + v, 0);

const accountIdOf = async (db: Reader, kind: 'user' | 'group', ownerId: number) =>
  (await accountOf(db, kind, ownerId))?.id;

/** Item names per order, in order. */
async function itemNames(db: Reader, ids: number[]) {
  const items = ids.length
    ? await db
        .select({ orderId: line.orderId, name: line.name })
        .from(line)
        .where(inArray(line.orderId, ids))
        .orderBy(line.id)
    : [];
  const names = new Map<number, string[]>();
  for (const it of items) names.set(it.orderId, [...(names.get(it.orderId) ?? []), it.name]);
  return (id: number) => (names.get(id) ?? []).join('、') || '检测订单';
}

export async function buildStatement(db: Reader, userId: number, month: string): Promise<Built> {
  const { start, end } = monthBounds(month);
  const { moneyLines, money } = await accountPart(db, await accountIdOf(db, 'user', userId), start, end);

  // Orders: billed or completed in the month, and those awaiting settlement at either end.
  const [atStart, atEnd, monthEvents] = await Promise.all([
    statusesAt(db, userId, start),
    statusesAt(db, userId, end),
    db
      .select({ orderId: event.orderId, at: sql<string>`max(${event.at})` })
      .from(event)
      .innerJoin(ord, eq(ord.id, event.orderId))
      .where(
        and(
          eq(ord.userId, userId),
          inArray(event.toStatus, ['unsettled', 'completed']),
          gte(event.at, new Date(start)),
          lt(event.at, new Date(end)),
        ),
      )
      .groupBy(event.orderId),
  ]);
  const inMonth = new Map(monthEvents.map((e) => [e.orderId, new Date(e.at)]));
  const unsettledAt = (m: Map<number, OrderStatus>) =>
    [...m].filter(([, status]) => status === 'unsettled').map(([id]) => id);
  const ids = [...new Set([...inMonth.keys(), ...unsettledAt(atStart), ...unsettledAt(atEnd)])];
  const [rows, titleOf, billedAt, parts] = ids.length
    ? await Promise.all([
        db.select().from(ord).where(inArray(ord.id, ids)),
        itemNames(db, ids),
        db
          .select({ orderId: event.orderId, at: sql<string>`max(${event.at})` })
          .from(event)
          .where(
            and(inArray(event.orderId, ids), eq(event.toStatus, 'unsettled'), lt(event.at, new Date(end))),
          )
          .groupBy(event.orderId),
        paidParts(db, { orderIds: ids, before: end }),
      ])
    : [[], () => '', [], new Map<number, PaidParts>()];
  const billed = new Map(billedAt.map((b) => [b.orderId, new Date(b.at)]));
  const byId = new Map(rows.map((o) => [o.id, o]));

  // What an order owed at an instant: all of it while awaiting settlement (less anything already
  // paid, known only while it still awaits settlement now), nothing otherwise.
  const owedAt = (id: number, statuses: Map<number, OrderStatus>) => {
    const o = byId.get(id);
    if (!o || statuses.get(id) !== 'unsettled') return 0;
    return Math.max(0, o.amountFen - (o.status === 'unsettled' ? o.paidFen : 0));
  };
  const orderLine = (id: number, kind: 'order' | 'owed', at: Date): BuiltLine => {
    const o = byId.get(id)!;
    const status = atEnd.get(id) ?? o.status;
    const owed = owedAt(id, atEnd);
    // Paid by the month's end; a cancelled order's money went back.
    const p = status === 'cancelled' ? NOTHING : (parts.get(id) ?? NOTHING);
    return {
      kind,
      at,
      orderRid: o.rid,
      orderNo: o.orderNo,
      title: titleOf(id),
      note: '',
      amountFen: o.amountFen,
      couponFen: p.coupon,
      bonusFen: p.bonus,
      paidFen: p.paid,
      owedFen: owed,
      creditFen: 0,
      statusText: orderStatusText(status, o.typeId),
    };
  };
  const byTime = (a: BuiltLine, b: BuiltLine) => +a.at - +b.at;
  const monthLines = [...inMonth].map(([id, at]) => orderLine(id, 'order', at)).sort(byTime);
  const owedLines = unsettledAt(atEnd)
    .filter((id) => !inMonth.has(id))
    .map((id) => orderLine(id, 'owed', billed.get(id) ?? byId.get(id)!.createdAt))
    .sort(byTime);
  const figures: Figures = {
    ...money,
    openingUnsettledFen: sum(unsettledAt(atStart).map((id) => owedAt(id, atStart))),
    closingUnsettledFen: sum(unsettledAt(atEnd).map((id) => owedAt(id, atEnd))),
    billedFen: sum(
      monthLines.filter((l) => l.statusText !== ORDER_STATUS_TEXT.cancelled).map((l) => l.amountFen),
    ),
  };
  return { figures, lines: [...monthLines, ...owedLines, ...moneyLines] };
}

/**
 * A research group's wallet for a month (decision 0046): its balances and movements, and the
 * members' orders it paid in the month (the member named), nothing owed — an order is the
 * member's to settle until the group pays it.
 */
export async function buildGroupStatement(db: Reader, groupId: number, month: string): Promise<Built> {
  const { start, end } = monthBounds(month);
  const { movements, moneyLines, money, parts } = await accountPart(
    db,
    await accountIdOf(db, 'group', groupId),
    start,
    end,
  );
  const paid = movements.filter((m) => m.kind === 'payment' && m.orderId !== null);
  const ids = [...new Set(paid.map((m) => m.orderId!))];
  const [rows, titleOf, atEnd] = await Promise.all([
    ids.length
      ? db
          .select({
            o: { id: ord.id, rid: ord.rid, orderNo: ord.orderNo, status: ord.status, typeId: ord.typeId },
            name: customer.name,
            phone: customer.phone,
          })
          .from(ord)
          .innerJoin(customer, eq(customer.id, ord.userId))
          .where(inArray(ord.id, ids))
      : [],
    itemNames(db, ids),
    statusesOf(db, ids, end),
  ]);
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  const orderLines: BuiltLine[] = paid.map((m) => {
    const { o, name, phone } = byId.get(m.orderId!)!;
    const status = atEnd.get(o.id) ?? o.status;
    const p = parts.get(m.id) ?? NOTHING;
    return {
      kind: 'order',
      at: m.at,
      orderRid: o.rid,
      orderNo: o.orderNo,
      title: titleOf(o.id),
      note: `成员 ${name || maskPhone(phone ?? '')}`,
      amountFen: p.coupon + p.bonus + p.paid,
      couponFen: p.coupon,
      bonusFen: p.bonus,
      paidFen: p.paid,
      owedFen: 0,
      creditFen: 0,
      statusText: orderStatusText(status, o.typeId),
    };
  });
  const figures: Figures = {
    ...money,
    openingUnsettledFen: 0,
    closingUnsettledFen: 0,
    billedFen: money.paidFen + money.couponFen,
  };
  return { figures, lines: [...orderLines, ...moneyLines] };
}

/** Some orders' status at an instant: the last timeline entry before it. */
async function statusesOf(db: Reader, ids: number[], at: number): Promise<Map<number, OrderStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([event.orderId], { orderId: event.orderId, to: event.toStatus })
    .from(event)
    .where(and(inArray(event.orderId, ids), lt(event.at, new Date(at))))
    .orderBy(event.orderId, desc(event.at), desc(event.id));
  return new Map(rows.map((r) => [r.orderId, r.to]));
}

/**
 * Nothing happened in the month and nothing was owed at its end: the monthly job issues no
 * statement (a balance merely held is not worth a statement every month).
 */
export const isEmpty = (b: Built) =>
  b.lines.length === 0 && b.figures.closingCreditFen === 0 && b.figures.closingUnsettledFen === 0;

/**
 * The customers who may have something to state for a month: an order billed, completed or
 * moved in it, an order awaiting settlement at its end, money moved in it, or credit owed then.
 */
export async function customersOf(db: Db, month: string): Promise<number[]> {
  const { start, end } = monthBounds(month);
  const s = new Date(start).toISOString();
  const e = new Date(end).toISOString();
  const result = await db.execute(sql`
    select distinct ${ord.userId} as user_id from ${event}
      join ${ord} on ${ord.id} = ${event.orderId}
      where ${event.at} < ${e} and (
        ${event.at} >= ${s} or ${ord.status} = 'unsettled'
        or (${event.toStatus} = 'unsettled' and ${ord.updatedAt} >= ${s}))
  `);
  const rows = rowsOf<{ user_id: number | string }>(result);
  const moved = await ownersWithMovement(db, 'user', start, end);
  return [...new Set([...rows.map((r) => Number(r.user_id)), ...moved])].sort((a, b) => a - b);
}

/** The research groups whose wallet moved in a month or owed credit at its end. */
export async function groupsOf(db: Db, month: string): Promise<number[]> {
  const { start, end } = monthBounds(month);
  return ownersWithMovement(db, 'group', start, end);
}
