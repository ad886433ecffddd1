import { and, count, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { onlineChannels, type Services } from '../platform/services.ts';
import { rowsOf, type Db, type Tx } from '../platform/db/client.ts';
import { moneyPostings, moneyTransfers, prestoreApplications, transferApplications } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiMidnight } from '../../shared/slots.ts';
import { MOVEMENT_TEXT, type MovementKind } from '../../shared/money/money.ts';
import { moneyTransaction, post, systemAccount, userAccount, type AccountRow } from './ledger.ts';
import { creditOverview } from './credit.ts';
import { usableCouponCount } from '../coupons/index.ts';
import { userIdByRid } from '../accounts/index.ts';
import type { ColumnOf, HandedDirectory } from '../platform/db/subquery.ts';

const DAY = 86_400_000;

/**
 * What the asset centre shows of the domains above money (they pay through it, so money cannot
 * import them): handed in by the app (decision 0061).
 */
export type AssetNeighbours = {
  /** The orders movements name (orders' directory): joined on `id`. */
  orders: HandedDirectory<{ id: ColumnOf<number>; rid: ColumnOf<string>; orderNo: ColumnOf<string> }>;
  /** The customer's points balance, 0 before their points account exists (points). */
  pointsBalance: (db: Db, userId: number) => Promise<number>;
};

/** asset/init: the wallet at a glance, with the coupons usable now and the points held. */
export async function assetInit(
  s: Services,
  userId: number,
  pointsBalance: AssetNeighbours['pointsBalance'],
) {
  const now = s.now();
  const account = await userAccount(s.db, userId, now);
  const [credit, coupons, points] = await Promise.all([
    creditOverview(s.db, account, now),
    usableCouponCount(s.db, userId, now),
    pointsBalance(s.db, userId),
  ]);
  return {
    ...walletOut(account, credit),
    coupons,
    points,
    credit,
    online_channels: onlineChannels(s),
  };
}

export const walletOut = (a: AccountRow, credit: { overdue_fen: number; overdue_days: number }) => ({
  account_rid: a.rid,
  balance_fen: a.cashFen + a.bonusFen,
  cash_fen: a.cashFen,
  bonus_fen: a.bonusFen,
  credit_limit_fen: a.creditLimitFen,
  credit_used_fen: a.creditUsedFen,
  // What credit can pay now: nothing while staff have the line suspended (decision 0088).
  credit_available_fen: a.creditSuspendedAt ? 0 : a.creditLimitFen - a.creditUsedFen,
  credit_due_days: a.creditDueDays,
  overdue_fen: credit.overdue_fen,
  overdue_days: credit.overdue_days,
  coupons: 0,
  points: 0,
});

/** asset/all4num: what waits for the customer or for staff, as badge counts. */
export async function assetCounts(s: Services, userId: number) {
  const account = await userAccount(s.db, userId, s.now());
  const [[prestore], [transfers]] = await Promise.all([
    s.db
      .select({
        unpaid: sql<number>`count(*) filter (where ${prestoreApplications.status} = 'unpaid')`.mapWith(
          Number,
        ),
        reviewing: sql<number>`count(*) filter (where ${prestoreApplications.status} = 'reviewing')`.mapWith(
          Number,
        ),
      })
      .from(prestoreApplications)
      .where(eq(prestoreApplications.userId, userId)),
    s.db
      .select({ reviewing: count() })
      .from(transferApplications)
      .where(
        and(eq(transferApplications.fromAccountId, account.id), eq(transferApplications.status, 'reviewing')),
      ),
  ]);
  return {
    prestore_unpaid: prestore.unpaid,
    prestore_reviewing: prestore.reviewing,
    transfer_reviewing: transfers.reviewing,
    coupons: 0,
    points: 0,
  };
}

const sumOf = (sub: 'cash' | 'bonus' | 'credit') =>
  sql<string>`coalesce(sum(${moneyPostings.amountFen}) filter (where ${moneyPostings.sub} = ${sub}), 0)`.mapWith(
    Number,
  );
const afterOf = (sub: 'cash' | 'bonus') =>
  sql<string | null>`max(${moneyPostings.balanceAfterFen}) filter (where ${moneyPostings.sub} = ${sub})`;

/**
 * asset/detail: the account's movements, newest first, one row per movement with what it did to
 * each sub-balance and the balances right after; filtered by kind and by Shanghai dates.
 */
export async function assetDetail(
  s: Services,
  orderDirectory: AssetNeighbours['orders'],
  userId: number,
  filter: { page?: number; size?: number; kind?: MovementKind; date_from?: string; date_to?: string },
) {
  const account = await userAccount(s.db, userId, s.now());
  return movementsOf(s.db, orderDirectory, account.id, filter);
}

export async function movementsOf(
  db: Db,
  orderDirectory: AssetNeighbours['orders'],
  accountId: number,
  filter: { page?: number; size?: number; kind?: MovementKind; date_from?: string; date_to?: string },
) {
  const w = pageWindow(filter.page, filter.size);
  const from = filter.date_from ? shanghaiMidnight(filter.date_from) : null;
  const to = filter.date_to ? shanghaiMidnight(filter.date_to) : null;
  const where = and(
    eq(moneyPostings.accountId, accountId),
    filter.kind ? eq(moneyTransfers.kind, filter.kind) : undefined,
    from === null ? undefined : gte(moneyTransfers.at, new Date(from)),
    to === null ? undefined : lt(moneyTransfers.at, new Date(to + DAY)),
  );
  const orders = orderDirectory('ord');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        rid: moneyTransfers.rid,
        kind: moneyTransfers.kind,
        note: moneyTransfers.note,
        at: moneyTransfers.at,
        orderNo: orders.orderNo,
        orderRid: orders.rid,
        cash: sumOf('cash'),
        bonus: sumOf('bonus'),
        credit: sumOf('credit'),
        cashAfter: afterOf('cash'),
        bonusAfter: afterOf('bonus'),
      })
      .from(moneyPostings)
      .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
      .leftJoin(orders, eq(orders.id, moneyTransfers.orderId))
      .where(where)
      .groupBy(moneyTransfers.id, orders.id, orders.rid, orders.orderNo)
      .orderBy(desc(moneyTransfers.id))
      .limit(w.size)
      .offset(w.offset),
    db
      .select({ total: countDistinct(moneyPostings.transferId) })
      .from(moneyPostings)
      .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      rid: r.rid,
      kind: r.kind,
      kind_text: MOVEMENT_TEXT[r.kind],
      note: r.note,
      order_rid: r.orderRid,
      order_no: r.orderNo,
      cash_fen: r.cash,
      bonus_fen: r.bonus,
      credit_fen: r.credit,
      cash_after_fen: r.cashAfter === null ? null : Number(r.cashAfter),
      bonus_after_fen: r.bonusAfter === null ? null : Number(r.bonusAfter),
      at: r.at.toISOString(),
    })),
    total,
  };
}

/**
 * Staff put money on a customer's account by hand (人工入账: a transfer received outside a
 * top-up application); the same key twice credits once and answers the same.
 */
export async function adjust(
  s: Services,
  input: { userRid: string; amountFen: number; idempotencyKey: string; note: string; staffId: number },
): Promise<{ balance_fen: number; duplicate: boolean }> {
  const userId = await userIdByRid(s.db, input.userRid);
  if (userId === undefined) throw new DomainError('用户不存在', 200, 'NOT_FOUND');
  const now = s.now();
  const account = await userAccount(s.db, userId, now);
  return moneyTransaction(s.db, (tx) => postAdjust(tx, { ...input, accountId: account.id, userId, now }));
}

/**
 * The manual credit itself, inside the caller's transaction: bank → the customer's cash. The same
 * key again answers the same (nothing moves twice); the key with another amount is refused.
 */
export async function postAdjust(
  tx: Tx,
  input: {
    accountId: number;
    userId: number;
    amountFen: number;
    idempotencyKey: string;
    note: string;
    staffId: number;
    now: number;
  },
): Promise<{ balance_fen: number; duplicate: boolean }> {
  const key = `adjust:${input.idempotencyKey}`;
  const posted = await post(tx, {
    kind: 'adjust',
    idempotencyKey: key,
    actorId: input.staffId,
    note: input.note,
    now: input.now,
    postings: [
      { accountId: await systemAccount(tx, 'bank'), sub: 'cash', amountFen: -input.amountFen },
      { accountId: input.accountId, sub: 'cash', amountFen: input.amountFen },
    ],
  });
  if (posted) {
    const a = posted.accounts.get(input.accountId)!;
    return { balance_fen: a.cashFen + a.bonusFen, duplicate: false };
  }
  const [earlier] = await tx
    .select({ accountId: moneyPostings.accountId, amount: moneyPostings.amountFen })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(and(eq(moneyTransfers.idempotencyKey, key), eq(moneyPostings.accountId, input.accountId)));
  if (!earlier || earlier.amount !== input.amountFen) throw new DomainError('该请求标识已用于另一笔充值');
  const fresh = await userAccount(tx, input.userId, input.now);
  return { balance_fen: fresh.cashFen + fresh.bonusFen, duplicate: true };
}

/** The checks tests and the bench run: every movement balances, every cache equals its postings. */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const unbalanced = await db.execute(
    sql`select transfer_id from money_postings group by transfer_id having sum(amount_fen) <> 0`,
  );
  const drift = await db.execute(sql`
    select a.id, a.cash_fen, a.bonus_fen, a.credit_used_fen,
      coalesce(sum(p.amount_fen) filter (where p.sub = 'cash'), 0) as cash,
      coalesce(sum(p.amount_fen) filter (where p.sub = 'bonus'), 0) as bonus,
      coalesce(sum(p.amount_fen) filter (where p.sub = 'credit'), 0) as credit
    from money_accounts a left join money_postings p on p.account_id = a.id
    where a.owner_kind <> 'system'
    group by a.id
    having a.cash_fen <> coalesce(sum(p.amount_fen) filter (where p.sub = 'cash'), 0)
      or a.bonus_fen <> coalesce(sum(p.amount_fen) filter (where p.sub = 'bonus'), 0)
      or a.credit_used_fen <> -coalesce(sum(p.amount_fen) filter (where p.sub = 'credit'), 0)
      or a.cash_fen < 0 or a.bonus_fen < 0 or a.credit_used_fen < 0`);
  return [
    ...rowsOf(unbalanced).map((r) => `unbalanced movement ${JSON.stringify(r)}`),
    ...rowsOf(drift).map((r) => `account drift ${JSON.stringify(r)}`),
  ];
}
