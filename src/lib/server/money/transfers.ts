import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { moneyAccounts, transferApplications } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { maskedPerson, maskPhone } from '../../shared/accounts/mask.ts';
import { formatFen } from '../../shared/money.ts';
import { queueNotices } from '../notify/index.ts';
import { NOT_ENOUGH_CASH, TRANSFER_NOT_FOUND, TRANSFER_STATUS_TEXT } from '../../shared/money/money.ts';
import { lockAccounts, moneyTransaction, post, userAccount, type AccountRow } from './ledger.ts';
import { findUserByPhone, userDirectory } from '../accounts/index.ts';

const owner = userDirectory('owner');

type TransferApplication = typeof transferApplications.$inferSelect;

const PHONE = /^1[3-9]\d{9}$/;

/** Above this amount (fen) a transfer waits for finance (TRANSFER_REVIEW_YUAN). */
export const transferReviewFen = (s: Services) => s.env.TRANSFER_REVIEW_YUAN * 100;

/** The receiving account: an account number (rid) or a customer's registered mobile number. */
async function findReceiver(db: Db, to: string, now: number): Promise<AccountRow> {
  if (PHONE.test(to)) {
    const u = await findUserByPhone(db, to);
    if (u) return userAccount(db, u.id, now);
  } else {
    const [a] = await db.select().from(moneyAccounts).where(eq(moneyAccounts.rid, to));
    if (a && a.ownerKind !== 'system') return a;
  }
  throw new DomainError('收款账户不存在，请核对账号或手机号');
}

/**
 * transferApply/payee: who an account number or mobile number belongs to (masked), so the payer
 * sees whom they pay before the irreversible step; an unknown payee is refused here.
 */
export async function findPayee(s: Services, userId: number, to: string) {
  const now = s.now();
  const account = await findReceiver(s.db, to, now);
  const mine = await userAccount(s.db, userId, now);
  if (account.id === mine.id) throw new DomainError('不能转账给自己');
  const owner = await ownerOf(s.db, account.id);
  return { account_rid: account.rid, payee: owner?.label ?? '课题组账户' };
}

/** The customer who owns an account and how the other side of a transfer sees them (masked). */
async function ownerOf(db: Db | Tx, accountId: number) {
  const [row] = await db
    .select({ id: owner.id, name: owner.name, phone: owner.phone })
    .from(moneyAccounts)
    .innerJoin(owner, and(eq(moneyAccounts.ownerKind, 'user'), eq(owner.id, moneyAccounts.ownerId)))
    .where(eq(moneyAccounts.id, accountId));
  return row ? { userId: row.id, label: maskedPerson(row) } : null;
}

/**
 * Tells the payee that cash arrived and, for a transfer that waited for review, the sender how it
 * ended (in the transaction that moved it, so exactly once).
 */
async function noticeTransfer(
  tx: Tx,
  t: TransferApplication,
  event: 'done' | 'reviewing' | 'rejected',
  now: number,
) {
  const [from, to] = [await ownerOf(tx, t.fromAccountId), await ownerOf(tx, t.toAccountId)];
  const amount = formatFen(t.amountFen);
  const payee = to?.label ?? '课题组账户';
  const notices = [];
  if (event === 'done' && to)
    notices.push({
      userId: to.userId,
      key: `transfer:${t.rid}:in`,
      title: '收到转账',
      text: `${from?.label ?? '课题组账户'}向您转账${amount}，已存入账户现金余额。${t.note ? `留言：${t.note}` : ''}`,
    });
  if (event === 'reviewing')
    notices.push({
      userId: t.userId,
      key: `transfer:${t.rid}:reviewing`,
      title: '转账待审核',
      text: `您向${payee}的转账${amount}需财务审核，审核结果将通知您。`,
    });
  if (event === 'done' && t.status === 'reviewing')
    notices.push({
      userId: t.userId,
      key: `transfer:${t.rid}:done`,
      title: '转账已到账',
      text: `您向${payee}的转账${amount}已审核通过并到账。`,
    });
  if (event === 'rejected')
    notices.push({
      userId: t.userId,
      key: `transfer:${t.rid}:rejected`,
      title: '转账未通过审核',
      text: `您向${payee}的转账${amount}未通过审核${t.reason ? `，原因：${t.reason}` : ''}，款项仍在您的账户中。`,
    });
  await queueNotices(tx, notices, now);
}

/** Moves the cash of an application inside the caller's transaction (accounts locked by post). */
async function execute(tx: Tx, t: TransferApplication, actorId: number, now: number) {
  const posted = await post(tx, {
    kind: 'transfer',
    idempotencyKey: `transfer:${t.rid}`,
    refRid: t.rid,
    actorId,
    note: t.note ? `转账：${t.note}` : '转账',
    now,
    shortOfCash: NOT_ENOUGH_CASH,
    postings: [
      { accountId: t.fromAccountId, sub: 'cash', amountFen: -t.amountFen },
      { accountId: t.toAccountId, sub: 'cash', amountFen: t.amountFen },
    ],
  });
  if (!posted) throw new DomainError('该转账已完成', 200, 'CONFLICT');
}

/**
 * transferApply/add: cash (never bonus) to another account. Up to TRANSFER_REVIEW_YUAN it moves at
 * once; above it the application waits for staff. The sender's key makes a repeated submission
 * the same transfer.
 */
export async function addTransfer(
  s: Services,
  userId: number,
  input: { to_account: string; amount_fen: number; note: string; idempotency_key: string },
) {
  const now = s.now();
  const from = await userAccount(s.db, userId, now);
  const to = await findReceiver(s.db, input.to_account, now);
  if (to.id === from.id) throw new DomainError('不能转账给自己');
  const key = `${userId}:${input.idempotency_key}`;
  const review = input.amount_fen > transferReviewFen(s);
  const row = await moneyTransaction(s.db, async (tx) => {
    // Both accounts first (the one lock order), so a repeated submission waits here and then
    // finds the first one by its key.
    const locked = await lockAccounts(tx, [from.id, to.id]);
    const [earlier] = await tx
      .select()
      .from(transferApplications)
      .where(eq(transferApplications.idempotencyKey, key));
    if (earlier) return earlier;
    if (locked.get(from.id)!.cashFen < input.amount_fen) throw new DomainError(NOT_ENOUGH_CASH);
    const [t] = await tx
      .insert(transferApplications)
      .values({
        rid: newRid('transferApply'),
        userId,
        fromAccountId: from.id,
        toAccountId: to.id,
        amountFen: input.amount_fen,
        note: input.note,
        idempotencyKey: key,
        status: review ? 'reviewing' : 'done',
        decidedAt: review ? null : new Date(now),
        createdAt: new Date(now),
      })
      .returning();
    if (!review) await execute(tx, t, userId, now);
    await noticeTransfer(tx, t, review ? 'reviewing' : 'done', now);
    return t;
  });
  return (await detailFor(s.db, row, from.id))!;
}

const fromUser = userDirectory('from_user');
const toUser = userDirectory('to_user');
const fromAccount = alias(moneyAccounts, 'from_account');
const toAccount = alias(moneyAccounts, 'to_account');

const mask = (phone: string | null) => (phone ? maskPhone(phone) : '');

function joined(db: Db) {
  return db
    .select({
      t: transferApplications,
      fromRid: fromAccount.rid,
      toRid: toAccount.rid,
      fromName: fromUser.name,
      fromPhone: fromUser.phone,
      toName: toUser.name,
      toPhone: toUser.phone,
    })
    .from(transferApplications)
    .innerJoin(fromAccount, eq(fromAccount.id, transferApplications.fromAccountId))
    .innerJoin(toAccount, eq(toAccount.id, transferApplications.toAccountId))
    .leftJoin(fromUser, and(eq(fromAccount.ownerKind, 'user'), eq(fromUser.id, fromAccount.ownerId)))
    .leftJoin(toUser, and(eq(toAccount.ownerKind, 'user'), eq(toUser.id, toAccount.ownerId)));
}
type Joined = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

/** A transfer as one side sees it: direction, the other side (masked phone), amount and state. */
function transferOut(r: Joined, myAccountId: number | null) {
  const outgoing = myAccountId === null || r.t.fromAccountId === myAccountId;
  return {
    rid: r.t.rid,
    direction: outgoing ? ('out' as const) : ('in' as const),
    from_account: r.fromRid,
    from_name: r.fromName ?? '',
    from_phone: mask(r.fromPhone),
    to_account: r.toRid,
    to_name: r.toName ?? '',
    to_phone: mask(r.toPhone),
    amount_fen: r.t.amountFen,
    note: r.t.note,
    status: r.t.status,
    status_text: TRANSFER_STATUS_TEXT[r.t.status],
    reason: r.t.reason,
    created: r.t.createdAt.toISOString(),
    decided: r.t.decidedAt?.toISOString() ?? null,
  };
}

async function detailFor(db: Db, t: TransferApplication, myAccountId: number | null) {
  const [r] = await joined(db).where(eq(transferApplications.id, t.id));
  return r ? transferOut(r, myAccountId) : null;
}

/** A transfer either side may read; anyone else reads "not found". */
export async function transferDetail(s: Services, userId: number, rid: string) {
  const mine = await userAccount(s.db, userId, s.now());
  const [r] = await joined(s.db).where(eq(transferApplications.rid, rid));
  if (!r || (r.t.fromAccountId !== mine.id && r.t.toAccountId !== mine.id))
    throw new DomainError(TRANSFER_NOT_FOUND, 200, 'NOT_FOUND');
  return transferOut(r, mine.id);
}

/** transferApply/list: what I sent and received, newest first; staff see all (accountId null). */
export async function listTransfers(
  db: Db,
  accountId: number | null,
  filter: { page?: number; size?: number; status?: string },
) {
  const w = pageWindow(filter.page, filter.size);
  const where = and(
    accountId === null
      ? undefined
      : or(
          eq(transferApplications.fromAccountId, accountId),
          eq(transferApplications.toAccountId, accountId),
        ),
    filter.status ? sql`${transferApplications.status} = ${filter.status}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    joined(db).where(where).orderBy(desc(transferApplications.id)).limit(w.size).offset(w.offset),
    db.select({ total: count() }).from(transferApplications).where(where),
  ]);
  return { list: rows.map((r) => transferOut(r, accountId)), total };
}

/** Locks the sender's and receiver's accounts (ascending id, by post) and then the application. */
async function lockTransfer(tx: Tx, rid: string) {
  const [peek] = await tx.select().from(transferApplications).where(eq(transferApplications.rid, rid));
  if (!peek) throw new DomainError(TRANSFER_NOT_FOUND, 200, 'NOT_FOUND');
  const [row] = await tx
    .select()
    .from(transferApplications)
    .where(eq(transferApplications.id, peek.id))
    .for('update');
  return row;
}

export async function cancelTransfer(s: Services, userId: number, rid: string) {
  return s.db.transaction(async (tx) => {
    const t = await lockTransfer(tx, rid);
    if (t.userId !== userId) throw new DomainError(TRANSFER_NOT_FOUND, 200, 'NOT_FOUND');
    if (t.status !== 'reviewing') throw new DomainError(`该转账${TRANSFER_STATUS_TEXT[t.status]}，不能取消`);
    await tx
      .update(transferApplications)
      .set({ status: 'cancelled', decidedAt: new Date(s.now()) })
      .where(eq(transferApplications.id, t.id));
    return { rid: t.rid, status: 'cancelled' as const, status_text: TRANSFER_STATUS_TEXT.cancelled };
  });
}

/** Staff decide a transfer above the review amount: approve moves the cash, reject says why. */
export async function decideTransfer(
  s: Services,
  staffId: number,
  rid: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const now = s.now();
  const [peek] = await s.db.select().from(transferApplications).where(eq(transferApplications.rid, rid));
  if (!peek) throw new DomainError(TRANSFER_NOT_FOUND, 200, 'NOT_FOUND');
  return moneyTransaction(s.db, async (tx) => {
    // Accounts first (the money paths' lock order), then the application.
    if (decision.approve) await lockAccounts(tx, [peek.fromAccountId, peek.toAccountId]);
    const t = await lockTransfer(tx, rid);
    if (t.status !== 'reviewing')
      throw new DomainError(`该转账${TRANSFER_STATUS_TEXT[t.status]}，不能再操作`, 200, 'CONFLICT');
    if (decision.approve) await execute(tx, t, staffId, now);
    const reason = decision.approve ? '' : decision.reason;
    await noticeTransfer(tx, { ...t, reason }, decision.approve ? 'done' : 'rejected', now);
    await tx
      .update(transferApplications)
      .set({
        status: decision.approve ? 'done' : 'rejected',
        reason: decision.approve ? '' : decision.reason,
        reviewerId: staffId,
        decidedAt: new Date(now),
      })
      .where(eq(transferApplications.id, t.id));
    return {
      rid: t.rid,
      status: decision.approve ? ('done' as const) : ('rejected' as const),
      status_text: decision.approve ? TRANSFER_STATUS_TEXT.done : TRANSFER_STATUS_TEXT.rejected,
    };
  });
}
