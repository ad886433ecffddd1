import { and, asc, count, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { prestoreApplications, prestoreRules } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { fenToYuan } from '../../shared/money.ts';
import {
  bonusFor,
  PRESTORE_NOT_FOUND,
  PRESTORE_STATUS_TEXT,
  type PrestoreTier,
  type Voucher,
} from '../../shared/money/money.ts';
import { ownPicture } from '../files/index.ts';
import { moneyTransaction, post, systemAccount, userAccount } from './ledger.ts';
import { lockAccount, postOnlineArrival } from './pay.ts';
import { secondApprovalFen } from './approvals.ts';
import { userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

type Rule = typeof prestoreRules.$inferSelect;
type Application = typeof prestoreApplications.$inferSelect;

/** The rule in force at `now`: the latest version whose effective date has come. */
export async function currentRule(db: Db | Tx, now: number): Promise<Rule> {
  const [rule] = await db
    .select()
    .from(prestoreRules)
    .where(lte(prestoreRules.effectiveFrom, new Date(now)))
    .orderBy(desc(prestoreRules.effectiveFrom), desc(prestoreRules.id))
    .limit(1);
  if (!rule) throw new DomainError('预存规则尚未配置，请联系客服');
  return rule;
}

export const ruleOut = (r: Rule) => ({
  rid: r.rid,
  effective_from: r.effectiveFrom.toISOString(),
  min_fen: r.minFen,
  tiers: [...r.tiers].sort((a, b) => a.from_fen - b.from_fen),
});

/** prestore_rule/list4num: the rule in force and any version already set to start later. */
export async function listRules(db: Db, now: number) {
  const [current, upcoming] = await Promise.all([
    currentRule(db, now),
    db
      .select()
      .from(prestoreRules)
      .where(gt(prestoreRules.effectiveFrom, new Date(now)))
      .orderBy(asc(prestoreRules.effectiveFrom)),
  ]);
  return { current: ruleOut(current), upcoming: upcoming.map(ruleOut) };
}

/** Staff add a rule version (never edit one: applications keep the version they were made under). */
export async function saveRule(
  s: Services,
  staffId: number,
  input: { min_fen: number; tiers: PrestoreTier[]; effective_from?: string },
) {
  const now = s.now();
  const from = input.effective_from ? new Date(`${input.effective_from}T00:00:00+08:00`) : new Date(now);
  const [row] = await s.db
    .insert(prestoreRules)
    .values({
      rid: newRid('prestoreRule'),
      effectiveFrom: from,
      minFen: input.min_fen,
      tiers: input.tiers,
      createdBy: staffId,
      createdAt: new Date(now),
    })
    .returning();
  return ruleOut(row);
}

/** The bonus an amount earns now; refuses an amount below the minimum. */
export async function quote(db: Db | Tx, amountFen: number, now: number) {
  const rule = await currentRule(db, now);
  if (amountFen < rule.minFen) throw new DomainError(`预存金额不能低于 ${fenToYuan(rule.minFen)} 元`);
  const { percent, bonus_fen } = bonusFor(rule.tiers, amountFen);
  return { rule, amount_fen: amountFen, bonus_percent: percent, bonus_fen };
}

export const prestoreOut = (a: Application) => ({
  rid: a.rid,
  amount_fen: a.amountFen,
  bonus_fen: a.bonusKind === 1 ? a.bonusFen : 0,
  bonus_percent: a.bonusPercent,
  bonus_kind: a.bonusKind,
  invoice_type: a.invoiceType,
  invoice_title: a.invoiceTitle,
  payer: a.payer,
  status: a.status,
  status_text: PRESTORE_STATUS_TEXT[a.status],
  voucher: a.voucher ?? null,
  reject_reason: a.rejectReason,
  refund_fen: a.refundFen ?? 0,
  refund_requested: a.refundRequestedAt !== null,
  created: a.createdAt.toISOString(),
  reviewed: a.reviewedAt?.toISOString() ?? null,
  first_approved: a.status === 'reviewing' && a.firstApproverId !== null,
});

export const SELF_SECOND_APPROVAL = '不能复核自己初审的预存，请另一位同事复核入账';
export const FIRST_APPROVAL_DONE = '金额较大，已初审，需另一位同事复核后入账';

type PrestoreInput = {
  amount_fen: number;
  bonus_kind: number;
  invoice_type: number;
  invoice_title: string;
  payer: string;
};

export async function addPrestore(s: Services, userId: number, input: PrestoreInput) {
  const now = s.now();
  const q = await quote(s.db, input.amount_fen, now);
  const account = await userAccount(s.db, userId, now);
  const [row] = await s.db
    .insert(prestoreApplications)
    .values({
      rid: newRid('prestore'),
      userId,
      accountId: account.id,
      amountFen: input.amount_fen,
      bonusFen: q.bonus_fen,
      bonusPercent: q.bonus_percent,
      bonusKind: input.bonus_kind,
      ruleId: q.rule.id,
      invoiceType: input.invoice_type,
      invoiceTitle: input.invoice_title,
      payer: input.payer,
      status: 'unpaid',
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning();
  return prestoreOut(row);
}

/** The customer's own application, locked; anyone else's reads "not found". */
async function lockOwn(tx: Tx, userId: number, rid: string): Promise<Application> {
  const [row] = await tx
    .select()
    .from(prestoreApplications)
    .where(eq(prestoreApplications.rid, rid))
    .for('update');
  if (!row || row.userId !== userId) throw new DomainError(PRESTORE_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/**
 * Edit while 待付款 or 已驳回: the amount and wishes are priced again under today's rule. With
 * the bank-transfer voucher (payer, bank, serial, amount, date and its picture) it goes to 待审核.
 */
export async function editPrestore(
  s: Services,
  userId: number,
  input: PrestoreInput & { rid: string; voucher?: Voucher },
) {
  const now = s.now();
  const q = await quote(s.db, input.amount_fen, now);
  if (input.voucher) {
    await ownPicture(s.db, userId, input.voucher.file_rid, '转账凭证');
    if (input.voucher.amount_fen !== input.amount_fen)
      throw new DomainError('[转账金额]与预存金额不一致，请核对');
  }
  return s.db.transaction(async (tx) => {
    const a = await lockOwn(tx, userId, input.rid);
    if (a.status !== 'unpaid' && a.status !== 'rejected')
      throw new DomainError(`该申请${PRESTORE_STATUS_TEXT[a.status]}，不能修改`);
    const [row] = await tx
      .update(prestoreApplications)
      .set({
        amountFen: input.amount_fen,
        bonusFen: q.bonus_fen,
        bonusPercent: q.bonus_percent,
        bonusKind: input.bonus_kind,
        ruleId: q.rule.id,
        invoiceType: input.invoice_type,
        invoiceTitle: input.invoice_title,
        payer: input.payer,
        voucher: input.voucher ?? a.voucher,
        status: input.voucher ? 'reviewing' : 'unpaid',
        updatedAt: new Date(now),
      })
      .where(eq(prestoreApplications.id, a.id))
      .returning();
    return prestoreOut(row);
  });
}

/** Cancel while 待付款 (nothing was paid yet). */
export async function cancelPrestore(s: Services, userId: number, rid: string) {
  return s.db.transaction(async (tx) => {
    const a = await lockOwn(tx, userId, rid);
    if (a.status !== 'unpaid') throw new DomainError('只有待付款的申请可以取消');
    const [row] = await tx
      .update(prestoreApplications)
      .set({ status: 'cancelled', updatedAt: new Date(s.now()) })
      .where(eq(prestoreApplications.id, a.id))
      .returning();
    return prestoreOut(row);
  });
}

/**
 * The customer asks for a credited top-up back (退款申请): finance sees the request and pays back
 * what is still unspent (refundPrestore). Asking twice is one request.
 */
export async function requestPrestoreRefund(s: Services, userId: number, rid: string) {
  return s.db.transaction(async (tx) => {
    const a = await lockOwn(tx, userId, rid);
    if (a.status !== 'credited') throw new DomainError('只有已入账的预存可以申请退款');
    if (a.refundRequestedAt) return prestoreOut(a);
    const [row] = await tx
      .update(prestoreApplications)
      .set({ refundRequestedAt: new Date(s.now()), updatedAt: new Date(s.now()) })
      .where(eq(prestoreApplications.id, a.id))
      .returning();
    return prestoreOut(row);
  });
}

/** The customer's own application that online payment may pay: waiting for its money. */
export async function prestoreToPay(db: Db, userId: number, rid: string) {
  const [a] = await db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, rid));
  if (!a || a.userId !== userId) throw new DomainError(PRESTORE_NOT_FOUND, 200, 'NOT_FOUND');
  if (a.status !== 'unpaid' && a.status !== 'rejected')
    throw new DomainError(`该申请${PRESTORE_STATUS_TEXT[a.status]}，无需付款`);
  return { amountFen: a.amountFen, description: `预存 ${fenToYuan(a.amountFen)} 元` };
}

export async function readyPayCount(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(prestoreApplications)
    .where(and(eq(prestoreApplications.userId, userId), eq(prestoreApplications.status, 'unpaid')));
  return { count: row.n };
}

export async function listPrestore(
  db: Db,
  filter: {
    userId?: number;
    status?: Application['status'];
    /** Credited top-ups whose customer asked for them back. */
    refundRequested?: boolean;
    page?: number;
    size?: number;
  },
) {
  const w = pageWindow(filter.page, filter.size);
  const where = and(
    filter.userId === undefined ? undefined : eq(prestoreApplications.userId, filter.userId),
    filter.status ? eq(prestoreApplications.status, filter.status) : undefined,
    filter.refundRequested
      ? and(eq(prestoreApplications.status, 'credited'), isNotNull(prestoreApplications.refundRequestedAt))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        a: prestoreApplications,
        phone: customer.phone,
        name: customer.name,
        company: customer.company,
        userRid: customer.rid,
      })
      .from(prestoreApplications)
      .innerJoin(customer, eq(customer.id, prestoreApplications.userId))
      .where(where)
      .orderBy(desc(prestoreApplications.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ total: count() }).from(prestoreApplications).where(where),
  ]);
  return { rows, total };
}

/** The application staff act on, found by rid. */
async function peekApplication(db: Db, rid: string): Promise<Application> {
  const [row] = await db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, rid));
  if (!row) throw new DomainError(PRESTORE_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/** Locks the account (the money paths' first lock), then the application, and checks its state. */
async function lockForReview(tx: Tx, a: Application, expected: Application['status']) {
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
): Promise<ReturnType<typeof prestoreOut> & { awaiting_second: boolean }> {
  const peek = await peekApplication(s.db, rid);
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const { row } = await lockForReview(tx, peek, 'reviewing');
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
  });
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
