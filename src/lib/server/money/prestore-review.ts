import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { prestoreApplications } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { fenToYuan } from '../../shared/money.ts';
import { PRESTORE_NOT_FOUND, PRESTORE_STATUS_TEXT } from '../../shared/money/money.ts';
import { moneyTransaction, post, systemAccount, userAccount } from './ledger.ts';
import { lockAccount } from './pay.ts';
import { postOnlineArrival } from './online.ts';
import { secondApprovalFen } from './approvals.ts';
import { prestoreOut, type Application } from './prestore.ts';

// A top-up's money arriving: finance approves (two people for a large one), rejects or pays back
// a bank transfer's application; an online payment credits its application at once.

const SELF_SECOND_APPROVAL = '不能复核自己初审的预存，请另一位同事复核入账';
export const FIRST_APPROVAL_DONE = '金额较大，已初审，需另一位同事复核后入账';

/** The application staff act on, found by rid. */
export async function peekApplication(db: Db, rid: string): Promise<Application> {
  const [row] = await db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, rid));
  if (!row) throw new DomainError(PRESTORE_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/** Locks the account (the money paths' first lock), then the application, and checks its state. */
export async function lockForReview(tx: Tx, a: Application, expected: Application['status']) {
  const account = await lockAccount(tx, a.accountId);
  const [row] = await tx
    .select()
    .from(prestoreApplications)
    .where(eq(prestoreApplications.id, a.id))
    .for('update');
  if (row.status !== expected)
    throw new DomainError(`该申请${PRESTORE_STATUS_TEXT[row.status]}，不能再操作`, 200, 'CONFLICT');
  return { account, row };
}

/**
 * The top-up credit: an application's money lands as cash — from the bank account (a transfer
 * finance saw arrive) or the clearing account (paid online) — and, for a test-fee bonus, its 赠送金
 * from the bonus expense, in one movement keyed by the application, so it is credited once. Its
 * note is staff's own, if they wrote one, else the head with the amounts.
 */
async function creditTopUp(
  tx: Tx,
  row: Application,
  how: { from: 'bank' | 'clearing'; actorId: number; head: string; note?: string; now: number },
) {
  const bonus = row.bonusKind === 1 ? row.bonusFen : 0;
  await post(tx, {
    kind: 'topup',
    idempotencyKey: `topup:${row.rid}`,
    refRid: row.rid,
    actorId: how.actorId,
    note:
      how.note || `${how.head} ${fenToYuan(row.amountFen)} 元${bonus ? `，赠送 ${fenToYuan(bonus)} 元` : ''}`,
    now: how.now,
    postings: [
      { accountId: await systemAccount(tx, how.from), sub: 'cash', amountFen: -row.amountFen },
      { accountId: row.accountId, sub: 'cash', amountFen: row.amountFen },
      { accountId: await systemAccount(tx, 'bonus_expense'), sub: 'cash', amountFen: -bonus },
      { accountId: row.accountId, sub: 'bonus', amountFen: bonus },
    ],
  });
}

/**
 * Finance approves a top-up whose transfer arrived: in one transaction the cash (bank → cash)
 * and, for a test-fee bonus, the bonus (bonus expense → bonus) are posted, keyed by the
 * application so a double click credits once, and the application becomes 已入账.
 */
export async function approvePrestore(
  s: Services,
  staffId: number,
  rid: string,
  note: string,
): Promise<Approved> {
  const peek = await peekApplication(s.db, rid);
  return moneyTransaction(s.db, async (tx) => {
    const { row } = await lockForReview(tx, peek, 'reviewing');
    return approveLocked(tx, s, staffId, row, note);
  });
}

type Approved = ReturnType<typeof prestoreOut> & { awaiting_second: boolean };

/**
 * The approval itself, on an application (and its account) the caller locked, waiting for review:
 * finance's approval and the bank statement's confirmation (bank-import.ts) share it.
 */
export async function approveLocked(
  tx: Tx,
  s: Services,
  staffId: number,
  row: Application,
  note: string,
): Promise<Approved> {
  const now = s.now();
  // A large top-up takes two people (decision 0045): the first approval only records who.
  if (row.amountFen >= secondApprovalFen(s)) {
    if (row.firstApproverId === null) {
      const [first] = await tx
        .update(prestoreApplications)
        .set({ firstApproverId: staffId, firstApprovedAt: new Date(now), updatedAt: new Date(now) })
        .where(eq(prestoreApplications.id, row.id))
        .returning();
      return { ...prestoreOut(first), awaiting_second: true };
    }
    if (row.firstApproverId === staffId) throw new DomainError(SELF_SECOND_APPROVAL);
  }
  await creditTopUp(tx, row, { from: 'bank', actorId: staffId, head: '预存入账', note, now });
  const [updated] = await tx
    .update(prestoreApplications)
    .set({ status: 'credited', reviewerId: staffId, reviewedAt: new Date(now), updatedAt: new Date(now) })
    .where(eq(prestoreApplications.id, row.id))
    .returning();
  return { ...prestoreOut(updated), awaiting_second: false };
}

/**
 * A top-up paid online arrived (the payments domain calls this in its transaction): an
 * application still waiting for its money (待付款 or 已驳回) of exactly that amount is credited at
 * once, cash and bonus, from the clearing account instead of the bank — no voucher, no review.
 * Anything else (cancelled or credited meanwhile) keeps the money as cash on the balance.
 */
export async function settleOnlineTopUp(
  tx: Tx,
  input: {
    userId: number;
    rid: string;
    amountFen: number;
    tradeNo: string;
    channelText: string;
    now: number;
  },
): Promise<'credited' | 'kept'> {
  const { now } = input;
  const [peek] = await tx.select().from(prestoreApplications).where(eq(prestoreApplications.rid, input.rid));
  const account = await userAccount(tx, input.userId, now);
  await lockAccount(tx, account.id);
  const [row] = peek
    ? await tx.select().from(prestoreApplications).where(eq(prestoreApplications.id, peek.id)).for('update')
    : [];
  const creditable =
    row &&
    row.userId === input.userId &&
    (row.status === 'unpaid' || row.status === 'rejected') &&
    row.amountFen === input.amountFen;
  if (!creditable) {
    await postOnlineArrival(tx, {
      accountId: account.id,
      amountFen: input.amountFen,
      tradeNo: input.tradeNo,
      note: `${input.channelText}到账`,
      now,
    });
    return 'kept';
  }
  await creditTopUp(tx, row, {
    from: 'clearing',
    actorId: input.userId,
    head: `${input.channelText}预存`,
    now,
  });
  await tx
    .update(prestoreApplications)
    .set({ status: 'credited', rejectReason: '', reviewedAt: new Date(now), updatedAt: new Date(now) })
    .where(eq(prestoreApplications.id, row.id));
  return 'credited';
}

export async function rejectPrestore(s: Services, staffId: number, rid: string, reason: string) {
  const peek = await peekApplication(s.db, rid);
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const { row } = await lockForReview(tx, peek, 'reviewing');
    const [updated] = await tx
      .update(prestoreApplications)
      .set({
        status: 'rejected',
        rejectReason: reason,
        reviewerId: staffId,
        reviewedAt: new Date(now),
        updatedAt: new Date(now),
      })
      .where(eq(prestoreApplications.id, row.id))
      .returning();
    return prestoreOut(updated);
  });
}

/**
 * A credited top-up paid back at the customer's request: only cash still unspent comes back (at
 * most the top-up's amount), and the bonus granted with it is taken back in the same proportion,
 * never more than what is left. The money goes out of the bank account; finance pays it by
 * transfer outside the system and records it here.
 */
export async function refundPrestore(s: Services, staffId: number, rid: string, reason: string) {
  const peek = await peekApplication(s.db, rid);
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const { account, row } = await lockForReview(tx, peek, 'credited');
    const cash = Math.min(account.cashFen, row.amountFen);
    if (cash <= 0) throw new DomainError('该预存的现金已用完，无可退金额');
    const granted = row.bonusKind === 1 ? row.bonusFen : 0;
    const clawback = Math.min(account.bonusFen, Math.floor((granted * cash) / row.amountFen));
    await post(tx, {
      kind: 'topup_refund',
      idempotencyKey: `topup_refund:${row.rid}`,
      refRid: row.rid,
      actorId: staffId,
      note: `预存退款 ${fenToYuan(cash)} 元${clawback ? `，扣回赠送金 ${fenToYuan(clawback)} 元` : ''}：${reason}`,
      now,
      postings: [
        { accountId: row.accountId, sub: 'cash', amountFen: -cash },
        { accountId: await systemAccount(tx, 'bank'), sub: 'cash', amountFen: cash },
        { accountId: row.accountId, sub: 'bonus', amountFen: -clawback },
        { accountId: await systemAccount(tx, 'bonus_expense'), sub: 'cash', amountFen: clawback },
      ],
    });
    const [updated] = await tx
      .update(prestoreApplications)
      .set({
        status: 'refunded',
        refundFen: cash,
        refundRequestedAt: row.refundRequestedAt ?? new Date(now),
        updatedAt: new Date(now),
      })
      .where(eq(prestoreApplications.id, row.id))
      .returning();
    return { ...prestoreOut(updated), bonus_clawback_fen: clawback };
  });
}
