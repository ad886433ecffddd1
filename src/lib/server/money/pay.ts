import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { moneyAccounts, moneyPostings, moneyTransfers } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { INSUFFICIENT_BALANCE } from '../../shared/orders/order.ts';
import { lockAccounts, orderPostings, post, systemAccount, type AccountRow, type Posting } from './ledger.ts';

export type PayMethod = 'balance' | 'credit';
export type Split = { bonus_fen: number; cash_fen: number; credit_fen: number };

const CREDIT_OVERDUE = '信用账款已逾期，请先还款后再使用信用支付';
const NO_CREDIT_LINE = '您尚未开通信用额度';
/** A suspended line (decision 0088): repaying goes on, paying from it does not. */
const CREDIT_SUSPENDED = '您的信用额度已暂停使用，请使用余额支付或联系工作人员';

const DAY = 86_400_000;

/**
 * Where a payment comes from: with the balance, bonus first, then cash; with credit, the whole
 * amount from the line, which must be open, not overdue and wide enough. Throws the refusal.
 */
function splitPayment(
  account: Pick<
    AccountRow,
    'cashFen' | 'bonusFen' | 'creditLimitFen' | 'creditUsedFen' | 'creditSuspendedAt'
  >,
  amountFen: number,
  method: PayMethod,
  overdueFen: number,
): Split {
  if (method === 'credit') {
    if (account.creditLimitFen <= 0) throw new DomainError(NO_CREDIT_LINE);
    if (account.creditSuspendedAt) throw new DomainError(CREDIT_SUSPENDED);
    if (overdueFen > 0) throw new DomainError(CREDIT_OVERDUE);
    if (account.creditLimitFen - account.creditUsedFen < amountFen) throw new DomainError('可用信用额度不足');
    return { bonus_fen: 0, cash_fen: 0, credit_fen: amountFen };
  }
  if (account.bonusFen + account.cashFen < amountFen) throw new DomainError(INSUFFICIENT_BALANCE);
  const bonus = Math.min(account.bonusFen, amountFen);
  return { bonus_fen: bonus, cash_fen: amountFen - bonus, credit_fen: 0 };
}

/** The same split without throwing, for the pay dialog's preview (null: not possible). */
export function previewSplit(
  account: Pick<
    AccountRow,
    'cashFen' | 'bonusFen' | 'creditLimitFen' | 'creditUsedFen' | 'creditSuspendedAt'
  >,
  amountFen: number,
  method: PayMethod,
  overdueFen: number,
): Split | null {
  try {
    return splitPayment(account, amountFen, method, overdueFen);
  } catch {
    return null;
  }
}

/**
 * Debits an order's payment from the customer's account, already locked by the caller: one
 * movement whose postings say which sub-balance paid what, and what a coupon paid (from the lab's
 * coupon account). Null when the key was used before.
 */
async function postOrderPayment(
  tx: Tx,
  input: {
    account: AccountRow;
    orderId: number;
    split: Split;
    couponFen?: number;
    /** price_payment: a price difference (补差价) paid after the order's first payment. */
    kind?: 'payment' | 'price_payment';
    idempotencyKey: string;
    actorId: number;
    note: string;
    now: number;
  },
) {
  const { split, account } = input;
  const coupon = input.couponFen ?? 0;
  const total = split.bonus_fen + split.cash_fen + split.credit_fen + coupon;
  const postings: Posting[] = [
    { accountId: account.id, sub: 'bonus', amountFen: -split.bonus_fen },
    { accountId: account.id, sub: 'cash', amountFen: -split.cash_fen },
    { accountId: account.id, sub: 'credit', amountFen: -split.credit_fen },
    { accountId: await systemAccount(tx, 'coupon_expense'), sub: 'cash', amountFen: -coupon },
    { accountId: await systemAccount(tx, 'revenue'), sub: 'cash', amountFen: total },
  ];
  return post(tx, {
    kind: input.kind ?? 'payment',
    idempotencyKey: input.idempotencyKey,
    postings,
    orderId: input.orderId,
    actorId: input.actorId,
    note: input.note,
    now: input.now,
  });
}

/**
 * The refund split: money going back to the sources that paid it — 赠送金 to 赠送金, cash to cash,
 * and credit back to the line only as far as it is still owed (what was repaid meanwhile, in cash,
 * comes back as cash).
 */
function refundSplit(account: AccountRow, back: { bonus: number; cash: number; credit: number }): Split {
  const creditBack = Math.min(back.credit, account.creditUsedFen);
  return { bonus_fen: back.bonus, cash_fen: back.cash + (back.credit - creditBack), credit_fen: creditBack };
}

/** Posts a refund split back to the account, the rest of the movement (revenue, coupon) given. */
async function postBack(
  tx: Tx,
  input: {
    kind: 'refund' | 'price_refund';
    key: string;
    accountId: number;
    orderId: number;
    note: string;
    now: number;
  },
  back: Split,
  others: Posting[],
) {
  await post(tx, {
    kind: input.kind,
    idempotencyKey: input.key,
    orderId: input.orderId,
    note: input.note,
    now: input.now,
    postings: [
      { accountId: input.accountId, sub: 'bonus', amountFen: back.bonus_fen },
      { accountId: input.accountId, sub: 'cash', amountFen: back.cash_fen },
      { accountId: input.accountId, sub: 'credit', amountFen: back.credit_fen },
      ...others,
    ],
  });
}

/**
 * What an order asks a wallet to pay (orders describe it; money splits and posts it): the amount
 * the wallet pays, any part a coupon pays, the movement's kind, key and note.
 */
export type Payable = {
  orderId: number;
  amountFen: number;
  couponFen?: number;
  /** price_payment: a price difference (补差价) paid after the order's first payment. */
  kind?: 'payment' | 'price_payment';
  key: string;
  note: string;
};

/**
 * Pays a payable from a wallet the caller has locked: split by the way of paying (the credit line
 * must be open and not overdue) — or as given, for money that just arrived as cash — and posted
 * as one movement. `posted` is null when the key was used before.
 */
export async function payFromWallet(
  tx: Tx,
  input: { account: AccountRow; payable: Payable; how: PayMethod | Split; actorId: number; now: number },
) {
  const { account, payable, how } = input;
  let split: Split;
  if (typeof how === 'string') {
    const credit = how === 'credit' ? await creditState(tx, account, input.now) : null;
    split = splitPayment(account, payable.amountFen, how, credit?.overdue_fen ?? 0);
  } else split = how;
  const posted = await postOrderPayment(tx, {
    account,
    orderId: payable.orderId,
    split,
    couponFen: payable.couponFen,
    kind: payable.kind,
    idempotencyKey: payable.key,
    actorId: input.actorId,
    note: payable.note,
    now: input.now,
  });
  return { split, posted };
}

/**
 * Gives back everything an order's payment took, each yuan to the sub-balance it came from (the
 * refund split), once per order. The caller holds the account's lock. Returns what went back.
 */
export async function postOrderRefund(
  tx: Tx,
  input: { accountId: number; orderId: number; orderRid: string; note: string; now: number },
): Promise<Split> {
  const paid = await orderPostings(tx, input.orderId, ORDER_MONEY, input.accountId);
  const account = await lockAccount(tx, input.accountId);
  const back = refundSplit(account, {
    bonus: -(paid.get('bonus') ?? 0),
    cash: -(paid.get('cash') ?? 0),
    credit: -(paid.get('credit') ?? 0),
  });
  // What a coupon paid goes back to the lab's coupon account (the coupon itself is returned by
  // the coupons domain).
  const couponAccount = await systemAccount(tx, 'coupon_expense');
  const coupon = -((await orderPostings(tx, input.orderId, 'payment', couponAccount)).get('cash') ?? 0);
  const total = back.bonus_fen + back.cash_fen + back.credit_fen + coupon;
  if (total <= 0) return back;
  await postBack(tx, { ...input, kind: 'refund', key: `refund:${input.orderRid}` }, back, [
    { accountId: couponAccount, sub: 'cash', amountFen: coupon },
    { accountId: await systemAccount(tx, 'revenue'), sub: 'cash', amountFen: -total },
  ]);
  return back;
}

/** The movements that carry an order's money: its payment and any price differences since. */
const ORDER_MONEY = ['payment', 'price_payment', 'price_refund'] as const;

/** What paid an order (or one of its movements): a coupon, 赠送金, and cash or credit. */
export type PaidParts = { coupon: number; bonus: number; paid: number };

/**
 * What paid some orders, by order (`orderIds`, optionally only movements before an instant), or
 * some order movements, by movement (`transferIds`), from the ledger: the coupon (the lab's coupon
 * account), 赠送金 — points reach an order only as the 赠送金 they were exchanged for — and cash or
 * credit, of the customer's account or a research group's. Refunds of cancelled orders are not
 * counted (a cancelled order's money went back).
 */
export async function paidParts(
  db: Db | Tx,
  of: { orderIds: readonly number[]; before?: number } | { transferIds: readonly number[] },
): Promise<Map<number, PaidParts>> {
  const byOrder = 'orderIds' in of;
  const ids = byOrder ? of.orderIds : of.transferIds;
  if (ids.length === 0) return new Map();
  const key = byOrder ? moneyTransfers.orderId : moneyTransfers.id;
  const part = (filter: SQL) =>
    sql<string>`-coalesce(sum(${moneyPostings.amountFen}) filter (where ${filter}), 0)`.mapWith(Number);
  const customer = sql`${moneyAccounts.ownerKind} <> 'system'`;
  const rows = await db
    .select({
      key,
      coupon: part(sql`${moneyAccounts.systemCode} = 'coupon_expense'`),
      bonus: part(sql`${customer} and ${moneyPostings.sub} = 'bonus'`),
      paid: part(sql`${customer} and ${moneyPostings.sub} in ('cash', 'credit')`),
    })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, moneyPostings.accountId))
    .where(
      and(
        inArray(key, [...ids]),
        inArray(moneyTransfers.kind, [...ORDER_MONEY]),
        byOrder && of.before !== undefined ? lt(moneyTransfers.at, new Date(of.before)) : undefined,
      ),
    )
    .groupBy(key);
  return new Map(rows.map(({ key: k, ...p }) => [k ?? 0, p]));
}

/**
 * A final price below what was paid (退差价): the difference goes back, in one movement, to the
 * sources that paid it — the credit line first (as far as still owed, else as cash), then cash,
 * then 赠送金 — never more than each paid. What a coupon paid stays spent. The caller holds the
 * account's lock. Returns what went back where.
 */
export async function postPriceRefund(
  tx: Tx,
  input: { accountId: number; orderId: number; amountFen: number; key: string; note: string; now: number },
): Promise<Split> {
  const paid = await orderPostings(tx, input.orderId, ORDER_MONEY, input.accountId);
  const account = await lockAccount(tx, input.accountId);
  let left = input.amountFen;
  const take = (available: number) => {
    const n = Math.max(0, Math.min(left, available));
    left -= n;
    return n;
  };
  const credit = take(-(paid.get('credit') ?? 0));
  const cash = take(-(paid.get('cash') ?? 0));
  const bonus = take(-(paid.get('bonus') ?? 0));
  if (left > 0) throw new DomainError('退差价金额超过客户实付金额');
  const back = refundSplit(account, { bonus, cash, credit });
  await postBack(tx, { ...input, kind: 'price_refund' }, back, [
    { accountId: await systemAccount(tx, 'revenue'), sub: 'cash', amountFen: -input.amountFen },
  ]);
  return back;
}

export type CreditState = { overdue_fen: number; overdue_days: number; next_due: string | null };

/**
 * What of a credit line is past its term. Repayments and refunds settle the oldest credit
 * payments first; an unsettled one older than the term is overdue, for as many days as it is late.
 */
export async function creditState(db: Db | Tx, account: AccountRow, now: number): Promise<CreditState> {
  if (account.creditUsedFen <= 0) return { overdue_fen: 0, overdue_days: 0, next_due: null };
  const rows = await db
    .select({ amount: moneyPostings.amountFen, at: moneyTransfers.at })
    .from(moneyPostings)
    .innerJoin(moneyTransfers, eq(moneyTransfers.id, moneyPostings.transferId))
    .where(and(eq(moneyPostings.accountId, account.id), eq(moneyPostings.sub, 'credit')))
    .orderBy(asc(moneyPostings.id));
  let settled = rows.filter((r) => r.amount > 0).reduce((n, r) => n + r.amount, 0);
  let overdue = 0;
  let days = 0;
  let nextDue: number | null = null;
  for (const draw of rows.filter((r) => r.amount < 0)) {
    const covered = Math.min(settled, -draw.amount);
    settled -= covered;
    const open = -draw.amount - covered;
    if (open === 0) continue;
    const due = draw.at.getTime() + account.creditDueDays * DAY;
    nextDue ??= due;
    if (due < now) {
      overdue += open;
      days = Math.max(days, Math.ceil((now - due) / DAY));
    }
  }
  return {
    overdue_fen: overdue,
    overdue_days: days,
    next_due: nextDue === null ? null : new Date(nextDue).toISOString(),
  };
}

/** Locks one account and hands back its fresh row (the pay and refund paths start here). */
export async function lockAccount(tx: Tx, accountId: number): Promise<AccountRow> {
  const row = (await lockAccounts(tx, [accountId])).get(accountId);
  if (!row) throw new Error(`account ${accountId} cannot be locked`);
  return row;
}
