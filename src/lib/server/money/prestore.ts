import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { prestoreApplications } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { fenToYuan } from '../../shared/money.ts';
import { PRESTORE_NOT_FOUND, PRESTORE_STATUS_TEXT, type Voucher } from '../../shared/money/money.ts';
import { ownPicture } from '../files/index.ts';
import { userAccount } from './ledger.ts';
import { quote } from './prestore-rules.ts';
import { userDirectory } from '../accounts/index.ts';

// Top-up applications (预存申请): the customer's side, and the list both sides read. Finance's
// review and the online arrival are in prestore-review.ts.

const customer = userDirectory('customer');

export type Application = typeof prestoreApplications.$inferSelect;

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
