// Withdrawals of rebate money: asked for by the promoter under their purse's lock (never more than
// is withdrawable, within the minimum and the monthly cap), cancelled while waiting, paid out or
// rejected by finance; every way back returns the money to the purse.
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { promoters, promoterWithdrawals } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { containsPattern } from '../platform/db/like.ts';
import { moneyTransaction, secondApprovalFen } from '../money/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { fenToYuan, formatFen } from '../../shared/money.ts';
import {
  belowMinimum,
  NOT_ENOUGH_WITHDRAWABLE,
  NOT_PROMOTER,
  overMonthlyCap,
  PAYOUT_CHANNEL_TEXT,
  percentToBp,
  shanghaiMonth,
  WITHDRAW_STATUS_TEXT,
  WITHDRAWAL_DONE,
  WITHDRAWAL_NOT_FOUND,
  withdrawFee,
  type PayoutChannel,
  type WithdrawStatus,
} from '../../shared/promotion/promotion.ts';
import { addEntry, lockPromoter, lockPromoterOfUser, withdrawableOf, type Promoter } from './purse.ts';
import { userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

type Withdrawal = typeof promoterWithdrawals.$inferSelect;
type Account = { channel: PayoutChannel; account_name: string; account_no: string; bank_name: string };

const withdrawalOut = (w: Withdrawal) => ({
  rid: w.rid,
  amount_fen: w.amountFen,
  fee_fen: w.feeFen,
  payout_fen: w.amountFen - w.feeFen,
  channel: w.channel,
  channel_text: PAYOUT_CHANNEL_TEXT[w.channel],
  account_name: w.accountName,
  account_no: w.accountNo,
  bank_name: w.bankName,
  status: w.status,
  status_text: WITHDRAW_STATUS_TEXT[w.status],
  reject_reason: w.rejectReason,
  payout_ref: w.payoutRef,
  created_at: w.createdAt.toISOString(),
  decided_at: w.decidedAt?.toISOString() ?? null,
});

const accountFields = (a: Account) => ({
  channel: a.channel,
  accountName: a.account_name,
  // Card numbers are read in groups; kept without the spaces people type.
  accountNo: a.channel === 'bank' ? a.account_no.replace(/\s/g, '') : a.account_no,
  bankName: a.channel === 'bank' ? a.bank_name : '',
});

/** What was asked for this Shanghai month and not given back (waiting or paid): the cap's use. */
export async function monthUsed(db: Db | Tx, promoterId: number, now: number): Promise<number> {
  const [from, to] = shanghaiMonth(now);
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${promoterWithdrawals.amountFen}), 0)` })
    .from(promoterWithdrawals)
    .where(
      and(
        eq(promoterWithdrawals.promoterId, promoterId),
        inArray(promoterWithdrawals.status, ['pending', 'paid']),
        gte(promoterWithdrawals.createdAt, new Date(from)),
        lt(promoterWithdrawals.createdAt, new Date(to)),
      ),
    );
  return Number(row.sum);
}

/**
 * promoter_rebate_withdraw/add. Everything is checked after the purse is locked, so racing
 * requests queue and each sees what the one before it left; the key makes a resend the same
 * withdrawal. A refusal writes nothing.
 */
export async function addWithdrawal(
  s: Services,
  userId: number,
  input: Account & { amount_fen: number; idempotency_key: string },
) {
  const now = s.now();
  const min = s.env.PROMOTION_WITHDRAW_MIN_YUAN * 100;
  if (input.amount_fen < min)
    throw new DomainError(belowMinimum(s.env.PROMOTION_WITHDRAW_MIN_YUAN), 200, 'REFUSED');
  return moneyTransaction(s.db, async (tx) => {
    const p = await lockPromoterOfUser(tx, userId);
    if (!p || p.status !== 'approved') throw new DomainError(NOT_PROMOTER, 200, 'REFUSED');
    const [again] = await tx
      .select()
      .from(promoterWithdrawals)
      .where(
        and(
          eq(promoterWithdrawals.promoterId, p.id),
          eq(promoterWithdrawals.idempotencyKey, input.idempotency_key),
        ),
      );
    if (again) return withdrawalOut(again);
    if (input.amount_fen > (await withdrawableOf(tx, p, now)))
      throw new DomainError(NOT_ENOUGH_WITHDRAWABLE, 200, 'REFUSED');
    const left = s.env.PROMOTION_WITHDRAW_MONTHLY_YUAN * 100 - (await monthUsed(tx, p.id, now));
    if (input.amount_fen > left)
      throw new DomainError(overMonthlyCap(fenToYuan(Math.max(0, left))), 200, 'REFUSED');
    const fee = withdrawFee(input.amount_fen, percentToBp(s.env.PROMOTION_WITHDRAW_FEE_PERCENT));
    const [w] = await tx
      .insert(promoterWithdrawals)
      .values({
        rid: newRid('withdrawal'),
        promoterId: p.id,
        amountFen: input.amount_fen,
        feeFen: fee,
        ...accountFields(input),
        status: 'pending',
        idempotencyKey: input.idempotency_key,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    await addEntry(tx, p, {
      kind: 'withdraw',
      amountFen: -input.amount_fen,
      key: `withdraw:${w.id}`,
      now,
      withdrawalId: w.id,
      note: `提现至${PAYOUT_CHANNEL_TEXT[w.channel]}`,
    });
    return withdrawalOut(w);
  });
}

/** A withdrawal of this promoter (the purse locked first, then the withdrawal: one lock order). */
async function lockOwn(tx: Tx, p: Promoter, rid: string): Promise<Withdrawal> {
  const [w] = await tx
    .select()
    .from(promoterWithdrawals)
    .where(and(eq(promoterWithdrawals.rid, rid), eq(promoterWithdrawals.promoterId, p.id)))
    .for('update');
  if (!w) throw new DomainError(WITHDRAWAL_NOT_FOUND, 200, 'NOT_FOUND');
  return w;
}

/** Ends a waiting withdrawal without paying it: the money goes back to the purse. */
async function giveBack(
  tx: Tx,
  p: Promoter,
  w: Withdrawal,
  to: 'cancelled' | 'rejected',
  now: number,
  by: { staffId?: number; reason?: string },
) {
  const [row] = await tx
    .update(promoterWithdrawals)
    .set({
      status: to,
      rejectReason: by.reason ?? '',
      decidedAt: new Date(now),
      decidedBy: by.staffId ?? null,
      updatedAt: new Date(now),
    })
    .where(eq(promoterWithdrawals.id, w.id))
    .returning();
  await addEntry(tx, p, {
    kind: 'withdraw_return',
    amountFen: w.amountFen,
    key: `return:${w.id}`,
    now,
    withdrawalId: w.id,
    note: to === 'cancelled' ? '取消提现，金额退回' : `提现被驳回，金额退回：${by.reason}`,
  });
  return row;
}

export async function cancelWithdrawal(s: Services, userId: number, rid: string) {
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const p = await lockPromoterOfUser(tx, userId);
    if (!p) throw new DomainError(WITHDRAWAL_NOT_FOUND, 200, 'NOT_FOUND');
    const w = await lockOwn(tx, p, rid);
    if (w.status !== 'pending') throw new DomainError(WITHDRAWAL_DONE, 200, 'CONFLICT');
    return withdrawalOut(await giveBack(tx, p, w, 'cancelled', now, {}));
  });
}

/** promoter_rebate_withdraw/update4user: a mistyped account, corrected while finance has not paid. */
export async function updateWithdrawal(s: Services, userId: number, input: Account & { rid: string }) {
  const now = new Date(s.now());
  return moneyTransaction(s.db, async (tx) => {
    const p = await lockPromoterOfUser(tx, userId);
    if (!p) throw new DomainError(WITHDRAWAL_NOT_FOUND, 200, 'NOT_FOUND');
    const w = await lockOwn(tx, p, input.rid);
    if (w.status !== 'pending') throw new DomainError(WITHDRAWAL_DONE, 200, 'CONFLICT');
    const [row] = await tx
      .update(promoterWithdrawals)
      .set({ ...accountFields(input), updatedAt: now })
      .where(eq(promoterWithdrawals.id, w.id))
      .returning();
    return withdrawalOut(row);
  });
}

export async function myWithdrawals(
  s: Services,
  userId: number,
  q: { page?: number; size?: number; status?: WithdrawStatus },
) {
  const w = pageWindow(q.page, q.size);
  const [p] = await s.db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, userId));
  if (!p) return { list: [], total: 0 };
  const where = and(
    eq(promoterWithdrawals.promoterId, p.id),
    q.status ? eq(promoterWithdrawals.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    s.db
      .select()
      .from(promoterWithdrawals)
      .where(where)
      .orderBy(desc(promoterWithdrawals.createdAt), desc(promoterWithdrawals.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ n: count() }).from(promoterWithdrawals).where(where),
  ]);
  return { list: rows.map(withdrawalOut), total: total.n };
}

// ---- staff ----

export async function listWithdrawals(
  s: Services,
  q: { page?: number; size?: number; status?: WithdrawStatus; keyword: string },
) {
  const w = pageWindow(q.page, q.size);
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(promoterWithdrawals.status, q.status));
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    filters.push(
      or(ilike(customer.phone, like), ilike(promoters.realName, like), ilike(promoterWithdrawals.rid, like))!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const base = () =>
    s.db
      .select({ w: promoterWithdrawals, p: promoters, userRid: customer.rid, phone: customer.phone })
      .from(promoterWithdrawals)
      .innerJoin(promoters, eq(promoters.id, promoterWithdrawals.promoterId))
      .innerJoin(customer, eq(customer.id, promoters.userId));
  const [rows, [total], [pending]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(promoterWithdrawals.createdAt), desc(promoterWithdrawals.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ n: count() })
      .from(promoterWithdrawals)
      .innerJoin(promoters, eq(promoters.id, promoterWithdrawals.promoterId))
      .innerJoin(customer, eq(customer.id, promoters.userId))
      .where(where),
    s.db.select({ n: count() }).from(promoterWithdrawals).where(eq(promoterWithdrawals.status, 'pending')),
  ]);
  const twoFrom = secondApprovalFen(s);
  return {
    list: rows.map((r) => ({
      ...withdrawalOut(r.w),
      note: r.w.note,
      needs_two: r.w.amountFen >= twoFrom,
      first_approved_at: r.w.firstApprovedAt?.toISOString() ?? null,
      promoter: { rid: r.p.rid, user_rid: r.userRid, phone: r.phone, real_name: r.p.realName },
    })),
    total: total.n,
    pending_count: pending.n,
  };
}

const SELF_PAYOUT = '不能为自己初审的提现打款，请另一位同事打款';
const FIRST_APPROVAL_NEEDED = (s: Services) =>
  `提现金额达到 ${formatFen(secondApprovalFen(s))}，需一位同事先初审同意，再由另一位同事打款`;

/** A pending withdrawal found by rid, with its promoter's purse and the withdrawal locked (one order). */
async function lockForStaff(tx: Tx, rid: string) {
  const [found] = await tx
    .select({ promoterId: promoterWithdrawals.promoterId })
    .from(promoterWithdrawals)
    .where(eq(promoterWithdrawals.rid, rid));
  if (!found) throw new DomainError(WITHDRAWAL_NOT_FOUND, 200, 'NOT_FOUND');
  const p = await lockPromoter(tx, found.promoterId);
  const w = await lockOwn(tx, p, rid);
  if (w.status !== 'pending') throw new DomainError(WITHDRAWAL_DONE, 200, 'CONFLICT');
  return { p, w };
}

/**
 * promoter/withdraw/approve: the first of two people on a large withdrawal (decision 0045) agrees
 * it may be paid; nothing moves, and someone else transfers the money and records it.
 */
export async function firstApproveWithdrawal(s: Services, staffId: number, rid: string) {
  const now = new Date(s.now());
  return moneyTransaction(s.db, async (tx) => {
    const { w } = await lockForStaff(tx, rid);
    if (w.amountFen < secondApprovalFen(s)) throw new DomainError('该提现金额无需初审，可直接打款');
    if (w.firstApproverId !== null)
      throw new DomainError('该提现已初审，等待另一位同事打款', 200, 'CONFLICT');
    const [row] = await tx
      .update(promoterWithdrawals)
      .set({ firstApproverId: staffId, firstApprovedAt: now, updatedAt: now })
      .where(eq(promoterWithdrawals.id, w.id))
      .returning();
    return withdrawalOut(row);
  });
}

/**
 * Finance paid it out (outside the system) and records the transfer's reference; or rejects it.
 * A large one is paid only after someone else's first approval.
 */
export async function decideWithdrawal(
  s: Services,
  staffId: number,
  input: { rid: string } & ({ pay: true; payout_ref: string; note: string } | { pay: false; reason: string }),
) {
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const { p, w } = await lockForStaff(tx, input.rid);
    if (!input.pay)
      return withdrawalOut(await giveBack(tx, p, w, 'rejected', now, { staffId, reason: input.reason }));
    if (w.amountFen >= secondApprovalFen(s)) {
      if (w.firstApproverId === null) throw new DomainError(FIRST_APPROVAL_NEEDED(s));
      if (w.firstApproverId === staffId) throw new DomainError(SELF_PAYOUT);
    }
    const [row] = await tx
      .update(promoterWithdrawals)
      .set({
        status: 'paid',
        payoutRef: input.payout_ref,
        note: input.note,
        decidedAt: new Date(now),
        decidedBy: staffId,
        updatedAt: new Date(now),
      })
      .where(eq(promoterWithdrawals.id, w.id))
      .returning();
    await tx
      .update(promoters)
      .set({ withdrawnFen: p.withdrawnFen + w.amountFen, updatedAt: new Date(now) })
      .where(eq(promoters.id, p.id));
    return withdrawalOut(row);
  });
}
