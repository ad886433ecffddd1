import { and, count, desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { creditApplications, moneyAccounts, moneyTransfers } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { fenToYuan } from '../../shared/money.ts';
import { CREDIT_STATUS_TEXT, NOT_ENOUGH_CASH } from '../../shared/money/money.ts';
import { moneyTransaction, post, userAccount, type AccountRow } from './ledger.ts';
import { creditState, lockAccount } from './pay.ts';
import { postOnlineArrival } from './online.ts';
import { userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

type CreditApplication = typeof creditApplications.$inferSelect;

const applicationOut = (a: CreditApplication) => ({
  rid: a.rid,
  requested_fen: a.requestedFen,
  reason: a.reason,
  status: a.status,
  status_text: CREDIT_STATUS_TEXT[a.status],
  limit_fen: a.limitFen ?? 0,
  due_days: a.dueDays ?? 0,
  reject_reason: a.rejectReason,
  created: a.createdAt.toISOString(),
  decided: a.decidedAt?.toISOString() ?? null,
});

/** The credit line as its owner sees it: limit, used, available, term, overdue, last application. */
export async function creditOverview(db: Db, account: AccountRow, now: number) {
  const [[last], state] = await Promise.all([
    db
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.accountId, account.id))
      .orderBy(desc(creditApplications.id))
      .limit(1),
    creditState(db, account, now),
  ]);
  return {
    limit_fen: account.creditLimitFen,
    used_fen: account.creditUsedFen,
    available_fen: account.creditLimitFen - account.creditUsedFen,
    due_days: account.creditDueDays,
    suspended: account.creditSuspendedAt !== null,
    suspend_reason: account.creditSuspendReason,
    ...state,
    application: last ? applicationOut(last) : null,
  };
}

/**
 * creditApply/operate: `apply` for a line (one open application at a time), `cancel` it while
 * under review, `repay` what is owed from cash (never bonus). Answers the line afterwards.
 */
export async function operateCredit(
  s: Services,
  userId: number,
  op:
    | { action: 'apply'; amount_fen: number; reason: string }
    | { action: 'cancel' }
    | { action: 'repay'; amount_fen: number; idempotency_key: string },
) {
  const now = s.now();
  const account = await userAccount(s.db, userId, now);
  if (op.action === 'apply') {
    try {
      await s.db.insert(creditApplications).values({
        rid: newRid('creditApply'),
        userId,
        accountId: account.id,
        requestedFen: op.amount_fen,
        reason: op.reason,
        status: 'reviewing',
        createdAt: new Date(now),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('您已有审核中的信用申请');
      throw error;
    }
  } else if (op.action === 'cancel') {
    const [cancelled] = await s.db
      .update(creditApplications)
      .set({ status: 'cancelled', decidedAt: new Date(now) })
      .where(and(eq(creditApplications.accountId, account.id), eq(creditApplications.status, 'reviewing')))
      .returning({ id: creditApplications.id });
    if (!cancelled) throw new DomainError('没有审核中的信用申请');
  } else {
    const idempotencyKey = `repay:${userId}:${op.idempotency_key}`;
    await moneyTransaction(s.db, async (tx) => {
      const locked = await lockAccount(tx, account.id);
      // The same repayment again (a lost answer, a double click) answers the line as it is.
      const [done] = await tx
        .select({ id: moneyTransfers.id })
        .from(moneyTransfers)
        .where(eq(moneyTransfers.idempotencyKey, idempotencyKey));
      if (done) return;
      if (locked.creditUsedFen === 0) throw new DomainError('当前没有待还的信用账款');
      if (op.amount_fen > locked.creditUsedFen)
        throw new DomainError(`还款金额不能超过待还金额 ${fenToYuan(locked.creditUsedFen)} 元`);
      await post(tx, {
        kind: 'credit_repay',
        idempotencyKey,
        actorId: userId,
        note: `信用还款 ${fenToYuan(op.amount_fen)} 元`,
        now,
        shortOfCash: NOT_ENOUGH_CASH,
        postings: [
          { accountId: account.id, sub: 'cash', amountFen: -op.amount_fen },
          { accountId: account.id, sub: 'credit', amountFen: op.amount_fen },
        ],
      });
    });
  }
  const [fresh] = await s.db.select().from(moneyAccounts).where(eq(moneyAccounts.id, account.id));
  return creditOverview(s.db, fresh, now);
}

/** What an online repayment pays: everything owed on the customer's own credit line. */
export async function repayToPay(db: Db, userId: number, accountRid: string, now: number) {
  const account = await userAccount(db, userId, now);
  if (account.rid !== accountRid) throw new DomainError('账户不存在', 200, 'NOT_FOUND');
  if (account.creditUsedFen <= 0) throw new DomainError('当前没有待还的信用账款');
  return { amountFen: account.creditUsedFen, description: `信用还款 ${fenToYuan(account.creditUsedFen)} 元` };
}

/**
 * An online repayment arrived (the payments domain calls this in its transaction): the money
 * lands as cash, and repays the credit line from that cash, up to what is still owed.
 */
export async function settleOnlineRepay(
  tx: Tx,
  input: { userId: number; amountFen: number; tradeNo: string; channelText: string; now: number },
): Promise<'repaid' | 'kept'> {
  const { id } = await userAccount(tx, input.userId, input.now);
  const account = await lockAccount(tx, id);
  await postOnlineArrival(tx, {
    accountId: id,
    amountFen: input.amountFen,
    tradeNo: input.tradeNo,
    note: `${input.channelText}到账`,
    now: input.now,
  });
  const repay = Math.min(input.amountFen, account.creditUsedFen);
  if (repay <= 0) return 'kept';
  await post(tx, {
    kind: 'credit_repay',
    idempotencyKey: `repay:online:${input.tradeNo}`,
    actorId: input.userId,
    note: `信用还款 ${fenToYuan(repay)} 元（${input.channelText}）`,
    now: input.now,
    postings: [
      { accountId: id, sub: 'cash', amountFen: -repay },
      { accountId: id, sub: 'credit', amountFen: repay },
    ],
  });
  return 'repaid';
}

export async function listCreditApplications(
  db: Db,
  filter: { status?: string; page?: number; size?: number },
) {
  const w = pageWindow(filter.page, filter.size);
  const where = filter.status
    ? eq(creditApplications.status, filter.status as CreditApplication['status'])
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        a: creditApplications,
        userRid: customer.rid,
        phone: customer.phone,
        name: customer.name,
        company: customer.company,
        account: moneyAccounts,
      })
      .from(creditApplications)
      .innerJoin(customer, eq(customer.id, creditApplications.userId))
      .innerJoin(moneyAccounts, eq(moneyAccounts.id, creditApplications.accountId))
      .where(where)
      .orderBy(desc(creditApplications.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ total: count() }).from(creditApplications).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...applicationOut(r.a),
      customer: { rid: r.userRid, phone: r.phone, name: r.name, company: r.company },
      line: r.a.status === 'approved' ? lineOut(r.account) : null,
    })),
    total,
  };
}

/**
 * Staff decide a credit application. Approval sets the account's line and term under the
 * account's lock; a limit below what is already owed is refused.
 */
export async function decideCredit(
  s: Services,
  staffId: number,
  rid: string,
  decision: { approve: true; limit_fen: number; due_days: number } | { approve: false; reason: string },
) {
  const now = s.now();
  const [peek] = await s.db.select().from(creditApplications).where(eq(creditApplications.rid, rid));
  if (!peek) throw new DomainError('信用申请不存在', 200, 'NOT_FOUND');
  return moneyTransaction(s.db, async (tx) => {
    const account = await lockAccount(tx, peek.accountId);
    const [a] = await tx
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.id, peek.id))
      .for('update');
    if (a.status !== 'reviewing')
      throw new DomainError(`该申请${CREDIT_STATUS_TEXT[a.status]}，不能再操作`, 200, 'CONFLICT');
    if (decision.approve) {
      if (decision.limit_fen < account.creditUsedFen)
        throw new DomainError(`信用额度不能低于已用额度 ${fenToYuan(account.creditUsedFen)} 元`);
      await tx
        .update(moneyAccounts)
        .set({
          creditLimitFen: decision.limit_fen,
          creditDueDays: decision.due_days,
          updatedAt: new Date(now),
        })
        .where(eq(moneyAccounts.id, account.id));
    }
    const [updated] = await tx
      .update(creditApplications)
      .set({
        reviewerId: staffId,
        decidedAt: new Date(now),
        ...(decision.approve
          ? { status: 'approved' as const, limitFen: decision.limit_fen, dueDays: decision.due_days }
          : { status: 'rejected' as const, rejectReason: decision.reason }),
      })
      .where(eq(creditApplications.id, a.id))
      .returning();
    return applicationOut(updated);
  });
}

/** The credit line an approved application granted, as staff change it (decision 0088). */
const lineOut = (account: AccountRow) => ({
  account_rid: account.rid,
  limit_fen: account.creditLimitFen,
  used_fen: account.creditUsedFen,
  available_fen: account.creditLimitFen - account.creditUsedFen,
  due_days: account.creditDueDays,
  suspended: account.creditSuspendedAt !== null,
  suspend_reason: account.creditSuspendReason,
  suspended_at: account.creditSuspendedAt?.toISOString() ?? null,
});

/**
 * Staff change an approved line (credit/line/*): its limit and term, or suspend / resume it,
 * each with a reason (the audit log keeps the call). Named by the approved application; the line
 * itself is the customer's account, changed under its lock. A limit below what is owed is
 * refused: the database keeps used ≤ limit, and suspending is the way to stop new credit.
 */
export async function changeCreditLine(
  s: Services,
  rid: string,
  change:
    | { kind: 'terms'; limit_fen: number; due_days: number }
    | { kind: 'suspend'; reason: string }
    | { kind: 'resume' },
) {
  const now = s.now();
  const [peek] = await s.db.select().from(creditApplications).where(eq(creditApplications.rid, rid));
  if (!peek) throw new DomainError('信用申请不存在', 200, 'NOT_FOUND');
  if (peek.status !== 'approved') throw new DomainError('只有已开通的授信可以调整或暂停');
  return moneyTransaction(s.db, async (tx) => {
    const account = await lockAccount(tx, peek.accountId);
    if (account.creditLimitFen <= 0) throw new DomainError('该客户的信用额度已取消，请重新审核开通');
    const set: Partial<typeof moneyAccounts.$inferInsert> = { updatedAt: new Date(now) };
    if (change.kind === 'terms') {
      if (change.limit_fen < account.creditUsedFen)
        throw new DomainError(
          `信用额度不能低于已用额度 ${fenToYuan(account.creditUsedFen)} 元；如需停止新的信用支付，请暂停授信`,
        );
      Object.assign(set, { creditLimitFen: change.limit_fen, creditDueDays: change.due_days });
      await tx
        .update(creditApplications)
        .set({ limitFen: change.limit_fen, dueDays: change.due_days })
        .where(eq(creditApplications.id, peek.id));
    } else if (change.kind === 'suspend') {
      if (account.creditSuspendedAt) throw new DomainError('该授信已暂停');
      Object.assign(set, { creditSuspendedAt: new Date(now), creditSuspendReason: change.reason });
    } else {
      if (!account.creditSuspendedAt) throw new DomainError('该授信未暂停，无需恢复');
      Object.assign(set, { creditSuspendedAt: null, creditSuspendReason: '' });
    }
    const [updated] = await tx
      .update(moneyAccounts)
      .set(set)
      .where(eq(moneyAccounts.id, account.id))
      .returning();
    return lineOut(updated);
  });
}
