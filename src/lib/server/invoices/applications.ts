// Invoice applications (decision 0030): what may be invoiced, applying and editing, the staff
// review, issue and red-letter reversal, and ours (proforma, receipt) numbered without gaps.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { files } from '../files/tables.ts';
import { invoiceApplications, invoiceCounters, invoiceLines } from './tables.ts';
import { statements } from '../statements/tables.ts';
import { orderItems, orders } from '../orders/tables.ts';
import { users } from '../accounts/tables.ts';
import { prestoreApplications } from '../money/tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import {
  depositedCash,
  lockAccount,
  moneyTransaction,
  paidOnOrder,
  paidOnOrdersBy,
  userAccount,
} from '../money/index.ts';
import { statementOrdersForInvoice } from '../statements/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiDate } from '../../shared/time.ts';
import {
  INVOICE_STATUS_TEXT,
  INVOICE_TYPE_NAMES,
  isTaxInvoice,
  type invoiceApplySchema,
  type InvoiceType,
} from '../../shared/invoices/invoices.ts';
import type { z } from '../../shared/zod.ts';
import { titleData, usableTitle } from './titles.ts';
import { shanghaiMonth } from '../../shared/time.ts';

export type Application = typeof invoiceApplications.$inferSelect;
type ApplyInput = z.output<typeof invoiceApplySchema>;

export const INVOICE_NOT_FOUND = '开票申请不存在';

/**
 * What a customer may still invoice: the money they paid the lab (deposits, less what went back)
 * plus the credit they owe, less what live applications already cover. A top-up and the orders it
 * paid are both "the same money", so invoicing one uses up the other.
 */
export async function invoiceable(db: Db | Tx, userId: number, now: number) {
  const account = await userAccount(db, userId, now);
  const [deposits, [invoiced]] = await Promise.all([
    depositedCash(db, account.id),
    db
      .select({ fen: sql<string>`coalesce(sum(${invoiceLines.amountFen}), 0)` })
      .from(invoiceLines)
      .innerJoin(invoiceApplications, eq(invoiceApplications.id, invoiceLines.applicationId))
      .where(and(eq(invoiceApplications.userId, userId), eq(invoiceLines.active, true))),
  ]);
  const paid = deposits + account.creditUsedFen;
  return {
    accountId: account.id,
    paid_fen: paid,
    invoiced_fen: Number(invoiced.fen),
    available_fen: Math.max(0, paid - Number(invoiced.fen)),
  };
}

type Line = { orderId: number | null; prestoreId: number | null; amountFen: number; label: string };
type Lines = { lines: Line[]; statementId: number | null };

/** The lines an application asks for, each checked: the customer's, paid, not cancelled. */
async function linesFor(
  tx: Tx,
  userId: number,
  accountId: number,
  input: ApplyInput,
  editing: number | null,
): Promise<Lines> {
  if (input.prestore_rid) {
    const [p] = await tx
      .select()
      .from(prestoreApplications)
      .where(eq(prestoreApplications.rid, input.prestore_rid));
    if (!p || p.userId !== userId) throw new DomainError('预存记录不存在', 200, 'NOT_FOUND');
    if (p.status !== 'credited') throw new DomainError('只有已入账的预存可以开票');
    return {
      lines: [
        { orderId: null, prestoreId: p.id, amountFen: p.amountFen - (p.refundFen ?? 0), label: '预存' },
      ],
      statementId: null,
    };
  }
  if (input.statement_rid) return statementLinesFor(tx, userId, accountId, input.statement_rid, editing);
  const rows = await tx.select().from(orders).where(inArray(orders.rid, input.order_rids));
  const byRid = new Map(rows.map((o) => [o.rid, o]));
  const lines: Line[] = [];
  for (const rid of input.order_rids) {
    const o = byRid.get(rid);
    if (!o || o.userId !== userId) throw new DomainError('订单不存在', 200, 'NOT_FOUND');
    if (o.status === 'cancelled') throw new DomainError(`订单 ${o.orderNo} 已取消，不能开票`);
    const amount = o.paidFen > 0 ? await paidOnOrder(tx, o.id, accountId) : 0;
    if (o.paidFen === 0) throw new DomainError(`订单 ${o.orderNo} 尚未支付，不能开票`);
    if (amount <= 0) throw new DomainError(`订单 ${o.orderNo} 由赠送金或优惠券支付，无可开票金额`);
    lines.push({ orderId: o.id, prestoreId: null, amountFen: amount, label: `订单 ${o.orderNo}` });
  }
  return { lines, statementId: null };
}

/**
 * A confirmed statement's orders: those still to invoice (not cancelled, not on a live
 * application other than the one being edited, paid in cash or credit). One still owed stops it:
 * settle the statement first.
 */
async function statementLinesFor(
  tx: Tx,
  userId: number,
  accountId: number,
  rid: string,
  editing: number | null,
): Promise<Lines> {
  const st = await statementOrdersForInvoice(tx, userId, rid);
  const rows = st.orderRids.length
    ? await tx
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.rid, st.orderRids),
            eq(orders.userId, userId),
            sql`${orders.status} <> 'cancelled'`,
            sql`not exists (select 1 from ${invoiceLines} l where l.order_id = ${orders.id} and l.active
              and l.application_id <> ${editing ?? -1})`,
          ),
        )
        .orderBy(orders.id)
    : [];
  const unpaid = rows.find((o) => o.paidFen === 0);
  if (unpaid) throw new DomainError(`对账单中的订单 ${unpaid.orderNo} 尚未结算，请先结算后再开票`);
  const lines: Line[] = [];
  for (const o of rows) {
    const amount = await paidOnOrder(tx, o.id, accountId);
    if (amount > 0)
      lines.push({ orderId: o.id, prestoreId: null, amountFen: amount, label: `订单 ${o.orderNo}` });
  }
  if (lines.length === 0) throw new DomainError('对账单中的订单均已开票或无可开票金额');
  return { lines, statementId: st.id };
}

/** Uploads named on an application must be the customer's own. */
async function checkFiles(tx: Tx, userId: number, rids: string[]) {
  if (rids.length === 0) return;
  const found = await tx
    .select({ rid: files.rid, owner: files.ownerId })
    .from(files)
    .where(inArray(files.rid, rids));
  if (found.length !== new Set(rids).size || found.some((f) => f.owner !== userId))
    throw new DomainError('[附件]不存在，请重新上传');
}

/** Whether every order has the signed agreement uploaded (order/updateProtocolFile). */
async function allSigned(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) return false;
  const signed = await tx
    .selectDistinct({ orderId: files.orderId })
    .from(files)
    .where(and(inArray(files.orderId, orderIds), eq(files.kind, 'protocol')));
  return signed.length === orderIds.length;
}

/** Checks and writes an application's lines under the customer's account lock (one at a time). */
async function writeApplication(
  s: Services,
  tx: Tx,
  userId: number,
  input: ApplyInput,
  existing: Application | null,
): Promise<Application> {
  const now = s.now();
  // The customer's account lock first: their applications are checked against what is left
  // one at a time.
  await lockAccount(tx, (await userAccount(tx, userId, now)).id);
  const room = await invoiceable(tx, userId, now);
  const title = await usableTitle(tx, userId, input.title_rid);
  if (
    input.type === 3 &&
    (title.kind !== 1 || !title.address || !title.phone || !title.bank || !title.bankAccount)
  )
    throw new DomainError('专用发票须使用单位抬头，并填写注册地址、电话、开户银行和银行账号');
  const { lines, statementId } = await linesFor(tx, userId, room.accountId, input, existing?.id ?? null);
  const amount = lines.reduce((n, l) => n + l.amountFen, 0);
  // The lines of the application being edited no longer count against what is left.
  const editedFen = existing && existing.status !== 'rejected' ? existing.amountFen : 0;
  if (amount > room.available_fen + editedFen)
    throw new DomainError(`可开票金额不足（当前可开 ${fenToYuan(room.available_fen + editedFen)} 元）`);
  await checkFiles(tx, userId, [input.contract_file_rid, ...input.other_file_rids].filter(Boolean));
  const contractFen = s.env.INVOICE_CONTRACT_YUAN * 100;
  const orderIds = lines.map((l) => l.orderId).filter((id): id is number => id !== null);
  if (amount > contractFen && !input.contract_file_rid && !(await allSigned(tx, orderIds)))
    throw new DomainError(`开票金额超过 ${fenToYuan(contractFen)} 元，请上传双方盖章的合同`);

  const values = {
    type: input.type,
    title: titleData(title),
    amountFen: amount,
    source: input.prestore_rid
      ? ('topup' as const)
      : input.statement_rid
        ? ('statement' as const)
        : ('orders' as const),
    statementId,
    email: input.email,
    remark: input.remark,
    materials: { contract_file_rid: input.contract_file_rid, other_file_rids: input.other_file_rids },
    status: 'reviewing' as const,
    rejectReason: '',
    updatedAt: new Date(now),
  };
  let app: Application;
  if (existing) {
    await tx.delete(invoiceLines).where(eq(invoiceLines.applicationId, existing.id));
    [app] = await tx
      .update(invoiceApplications)
      .set(values)
      .where(eq(invoiceApplications.id, existing.id))
      .returning();
  } else {
    [app] = await tx
      .insert(invoiceApplications)
      .values({ ...values, rid: newRid('invoice'), userId, createdAt: new Date(now) })
      .returning();
  }
  // A clear word for an order already on a live application, before the index says no.
  const taken = await tx
    .select({ orderId: invoiceLines.orderId, prestoreId: invoiceLines.prestoreId })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.active, true),
        orderIds.length
          ? inArray(invoiceLines.orderId, orderIds)
          : eq(invoiceLines.prestoreId, lines[0].prestoreId ?? -1),
      ),
    );
  if (taken.length > 0) {
    const line =
      lines.find((l) => l.orderId === taken[0].orderId && l.prestoreId === taken[0].prestoreId) ?? lines[0];
    throw new DomainError(`${line.label} 已开票或正在开票`);
  }
  await tx.insert(invoiceLines).values(
    lines.map((l) => ({
      applicationId: app.id,
      orderId: l.orderId,
      prestoreId: l.prestoreId,
      amountFen: l.amountFen,
    })),
  );
  return app;
}

/** Runs an application write; two at once over the same order: the unique index lets one through. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('所选订单已开票或正在开票');
    throw error;
  }
}

export async function applyInvoice(s: Services, userId: number, input: ApplyInput) {
  const app = await guarded(() =>
    moneyTransaction(s.db, (tx) => writeApplication(s, tx, userId, input, null)),
  );
  return applicationDetail(s.db, app);
}

/** invoiceApply/edit: while 待审核 or 已驳回; sent for review again. */
export async function editInvoice(s: Services, userId: number, rid: string, input: ApplyInput) {
  const app = await guarded(() =>
    moneyTransaction(s.db, async (tx) => {
      // The customer's account before the application: the money paths' lock order.
      await lockAccount(tx, (await userAccount(tx, userId, s.now())).id);
      const [a] = await tx
        .select()
        .from(invoiceApplications)
        .where(eq(invoiceApplications.rid, rid))
        .for('update');
      if (!a || a.userId !== userId) throw new DomainError(INVOICE_NOT_FOUND, 200, 'NOT_FOUND');
      if (a.status !== 'reviewing' && a.status !== 'rejected')
        throw new DomainError('只有待审核或已驳回的申请可以修改');
      return writeApplication(s, tx, userId, input, a);
    }),
  );
  return applicationDetail(s.db, app);
}

export const applicationOut = (a: Application) => ({
  rid: a.rid,
  type: a.type as InvoiceType,
  type_text: INVOICE_TYPE_NAMES[a.type as InvoiceType],
  title: a.title,
  amount_fen: a.amountFen,
  source: a.source,
  email: a.email,
  remark: a.remark,
  status: a.status,
  status_text: INVOICE_STATUS_TEXT[a.status],
  reject_reason: a.rejectReason,
  invoice_no: a.invoiceNo,
  reversal_no: a.reversalNo,
  has_file: a.status === 'issued' && (a.fileRid !== null || !isTaxInvoice(a.type)),
  created: a.createdAt.toISOString(),
  issued: a.issuedAt?.toISOString() ?? null,
});

/** One application with its lines (orders or the top-up), materials and statement. */
export async function applicationDetail(db: Db, a: Application) {
  const [statement] = a.statementId
    ? await db
        .select({ rid: statements.rid, month: statements.month, version: statements.version })
        .from(statements)
        .where(eq(statements.id, a.statementId))
    : [null];
  const lines = await db
    .select({
      amount: invoiceLines.amountFen,
      orderRid: orders.rid,
      orderNo: orders.orderNo,
      prestoreRid: prestoreApplications.rid,
    })
    .from(invoiceLines)
    .leftJoin(orders, eq(orders.id, invoiceLines.orderId))
    .leftJoin(prestoreApplications, eq(prestoreApplications.id, invoiceLines.prestoreId))
    .where(eq(invoiceLines.applicationId, a.id))
    .orderBy(invoiceLines.id);
  return {
    ...applicationOut(a),
    lines: lines.map((l) => ({
      order_rid: l.orderRid,
      order_no: l.orderNo,
      prestore_rid: l.prestoreRid,
      amount_fen: l.amount,
    })),
    materials: a.materials,
    statement,
  };
}

export async function ownApplication(db: Db, userId: number, rid: string): Promise<Application> {
  const [a] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, rid));
  if (!a || a.userId !== userId) throw new DomainError(INVOICE_NOT_FOUND, 200, 'NOT_FOUND');
  return a;
}

export async function findApplication(db: Db, rid: string): Promise<Application> {
  const [a] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, rid));
  if (!a) throw new DomainError(INVOICE_NOT_FOUND, 200, 'NOT_FOUND');
  return a;
}

/** invoiceApply/list4person, and the staff list (userId null), newest first. */
export async function listApplications(
  db: Db,
  f: { userId: number | null; status?: Application['status']; page?: number; size?: number },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(
    f.userId !== null ? eq(invoiceApplications.userId, f.userId) : undefined,
    f.status ? eq(invoiceApplications.status, f.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        a: invoiceApplications,
        phone: users.phone,
        name: users.name,
        company: users.company,
        userRid: users.rid,
      })
      .from(invoiceApplications)
      .innerJoin(users, eq(users.id, invoiceApplications.userId))
      .where(where)
      .orderBy(desc(invoiceApplications.id))
      .limit(w.size)
      .offset(w.offset),
    db.select({ n: count() }).from(invoiceApplications).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...applicationOut(r.a),
      customer: { rid: r.userRid, phone: r.phone, name: r.name, company: r.company },
    })),
    total: total.n,
  };
}

/** asset/invoiceHistory: what may still be invoiced, and what was invoiced month by month. */
export async function invoiceHistory(s: Services, userId: number) {
  const room = await invoiceable(s.db, userId, s.now());
  const issued = await s.db
    .select()
    .from(invoiceApplications)
    .where(and(eq(invoiceApplications.userId, userId), eq(invoiceApplications.status, 'issued')))
    .orderBy(desc(invoiceApplications.issuedAt));
  const months = new Map<string, { month: string; amount_fen: number; count: number }>();
  for (const a of issued) {
    const month = shanghaiMonth(a.issuedAt ?? a.createdAt);
    const m = months.get(month) ?? { month, amount_fen: 0, count: 0 };
    m.amount_fen += a.amountFen;
    m.count += 1;
    months.set(month, m);
  }
  return {
    paid_fen: room.paid_fen,
    invoiced_fen: room.invoiced_fen,
    available_fen: room.available_fen,
    months: [...months.values()],
  };
}

// ---- staff ----

async function lockApplication(tx: Tx, rid: string): Promise<Application> {
  const [a] = await tx
    .select()
    .from(invoiceApplications)
    .where(eq(invoiceApplications.rid, rid))
    .for('update');
  if (!a) throw new DomainError(INVOICE_NOT_FOUND, 200, 'NOT_FOUND');
  return a;
}

const NUMBER_PREFIX: Record<number, string> = { 5: 'PI', 6: 'SJ' };

/** The next number of our own documents for a type and year, gapless (rolled back with its transaction). */
async function nextNumber(tx: Tx, type: number, now: number): Promise<string> {
  const year = Number(shanghaiDate(now).slice(0, 4));
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ type, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.type, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return `${NUMBER_PREFIX[type]}${year}${String(row.last).padStart(6, '0')}`;
}

/**
 * Finance approves: a proforma or receipt is ours, numbered and issued at once; a tax invoice goes
 * to 开具中 until its number and file from the tax platform are uploaded.
 */
export async function approveInvoice(s: Services, staffId: number, rid: string) {
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, rid);
    if (app.status !== 'reviewing') throw new DomainError('只有待审核的申请可以审核通过', 200, 'CONFLICT');
    const ours = !isTaxInvoice(app.type);
    const [row] = await tx
      .update(invoiceApplications)
      .set({
        status: ours ? 'issued' : 'issuing',
        invoiceNo: ours ? await nextNumber(tx, app.type, now) : null,
        issuedAt: ours ? new Date(now) : null,
        reviewerId: staffId,
        updatedAt: new Date(now),
      })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}

/** A tax invoice issued on the tax platform: its 20-digit number and the file finance uploaded. */
export async function issueTaxInvoice(
  s: Services,
  staffId: number,
  input: { rid: string; invoice_no: string; file_rid: string },
) {
  if (!/^\d{20}$/.test(input.invoice_no)) throw new DomainError('[发票号码]应为20位数字');
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, input.rid);
    if (app.status !== 'issuing') throw new DomainError('只有开具中的申请可以上传发票', 200, 'CONFLICT');
    const [f] = await tx.select().from(files).where(eq(files.rid, input.file_rid));
    if (!f || f.ownerId !== app.userId) throw new DomainError('[发票文件]不存在，请重新上传');
    const [row] = await tx
      .update(invoiceApplications)
      .set({
        status: 'issued',
        invoiceNo: input.invoice_no,
        fileRid: f.rid,
        issuedAt: new Date(now),
        reviewerId: staffId,
        updatedAt: new Date(now),
      })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}

/** Rejected (待审核 or 开具中): the orders may be applied for again; the customer may edit and resend. */
export async function rejectInvoice(s: Services, staffId: number, rid: string, reason: string) {
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, rid);
    if (app.status !== 'reviewing' && app.status !== 'issuing')
      throw new DomainError('只有待审核或开具中的申请可以驳回', 200, 'CONFLICT');
    await tx.update(invoiceLines).set({ active: false }).where(eq(invoiceLines.applicationId, app.id));
    const [row] = await tx
      .update(invoiceApplications)
      .set({ status: 'rejected', rejectReason: reason, reviewerId: staffId, updatedAt: new Date(now) })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}

/**
 * Red-letter reversal of an issued invoice (fully digital invoices cannot be voided): ours are
 * reversed at once; a tax invoice is 红冲中 until the red-letter invoice's number is given. Once
 * 已红冲, its orders may be invoiced again.
 */
export async function reverseInvoice(
  s: Services,
  staffId: number,
  input: { rid: string; reason: string; reversal_no: string },
) {
  const now = s.now();
  const a = await s.db.transaction(async (tx) => {
    const app = await lockApplication(tx, input.rid);
    const tax = isTaxInvoice(app.type);
    if (app.status === 'issued' && tax && !input.reversal_no) {
      const [row] = await tx
        .update(invoiceApplications)
        .set({
          status: 'reversing',
          rejectReason: input.reason,
          reviewerId: staffId,
          updatedAt: new Date(now),
        })
        .where(eq(invoiceApplications.id, app.id))
        .returning();
      return row;
    }
    if (!(app.status === 'issued' || (app.status === 'reversing' && tax)))
      throw new DomainError('只有已开具的发票可以红冲', 200, 'CONFLICT');
    if (tax && !/^\d{20}$/.test(input.reversal_no)) throw new DomainError('[红字发票号码]应为20位数字');
    await tx.update(invoiceLines).set({ active: false }).where(eq(invoiceLines.applicationId, app.id));
    const [row] = await tx
      .update(invoiceApplications)
      .set({
        status: 'reversed',
        rejectReason: input.reason,
        reversalNo: tax ? input.reversal_no : `${app.invoiceNo}-红冲`,
        reviewerId: staffId,
        updatedAt: new Date(now),
      })
      .where(eq(invoiceApplications.id, app.id))
      .returning();
    return row;
  });
  return applicationDetail(s.db, a);
}

/**
 * invoiceApply/orders (ours), for the apply dialog: the paid orders not on a live application, each
 * with its items and what the customer paid for it (cash and credit), and the credited top-ups not
 * on one, each with the invoice asked for on the top-up form; with a statement, its orders only.
 */
export async function invoiceableOrders(s: Services, userId: number, statementRid?: string) {
  const account = await userAccount(s.db, userId, s.now());
  const only = statementRid ? (await statementOrdersForInvoice(s.db, userId, statementRid)).orderRids : null;
  if (only?.length === 0) return { list: [], topups: [] };
  const [list, topups] = await Promise.all([
    paidOrders(s.db, userId, account.id, only),
    only ? [] : invoiceableTopups(s.db, userId),
  ]);
  return { list, topups };
}

async function invoiceableTopups(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(prestoreApplications)
    .where(
      and(
        eq(prestoreApplications.userId, userId),
        eq(prestoreApplications.status, 'credited'),
        sql`not exists (select 1 from ${invoiceLines} l where l.prestore_id = ${prestoreApplications.id} and l.active)`,
      ),
    )
    .orderBy(desc(prestoreApplications.id))
    .limit(100);
  return rows
    .map((p) => ({
      rid: p.rid,
      created: p.createdAt.toISOString(),
      amount_fen: p.amountFen - (p.refundFen ?? 0),
      invoice_type: p.invoiceType,
      invoice_title: p.invoiceTitle,
    }))
    .filter((p) => p.amount_fen > 0);
}

async function paidOrders(db: Db, userId: number, accountId: number, only: string[] | null) {
  const paidOn = paidOnOrdersBy(db, accountId);
  const rows = await db
    .select({
      id: orders.id,
      rid: orders.rid,
      orderNo: orders.orderNo,
      created: orders.createdAt,
      fen: paidOn.fen,
    })
    .from(orders)
    .innerJoin(paidOn, eq(paidOn.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        only ? inArray(orders.rid, only) : undefined,
        sql`${orders.status} <> 'cancelled'`,
        sql`not exists (select 1 from ${invoiceLines} l where l.order_id = ${orders.id} and l.active)`,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(200);
  const paid = rows.filter((r) => Number(r.fen) > 0);
  const items = paid.length
    ? await db
        .select({ orderId: orderItems.orderId, name: orderItems.name })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            paid.map((r) => r.id),
          ),
        )
        .orderBy(orderItems.id)
    : [];
  return paid.map((r) => ({
    rid: r.rid,
    order_no: r.orderNo,
    item_names: items.filter((i) => i.orderId === r.id).map((i) => i.name),
    created: r.created.toISOString(),
    amount_fen: Number(r.fen),
  }));
}
