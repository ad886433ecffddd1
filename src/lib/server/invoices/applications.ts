// Invoice applications (decision 0030): applying over orders, a statement or a top-up, and
// editing while in review or rejected; each line checked against what may still be invoiced.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { invoiceApplications, invoiceLines } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { filesByRid, filesOnOrders } from '../files/index.ts';
import {
  lockAccount,
  moneyTransaction,
  paidOnOrder,
  prestoreDirectory,
  userAccount,
} from '../money/index.ts';
import { orderDirectory } from '../orders/index.ts';
import { statementOrdersForInvoice } from '../statements/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import type { invoiceApplySchema } from '../../shared/invoices/invoices.ts';
import type { z } from '../../shared/zod.ts';
import { titleData, usableTitle } from './titles.ts';
import { invoiceable } from './invoiceable.ts';
import { applicationDetail, INVOICE_NOT_FOUND, type Application } from './view.ts';

const ord = orderDirectory('ord');
const topUp = prestoreDirectory('top_up');

type ApplyInput = z.output<typeof invoiceApplySchema>;

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
    const [p] = await tx.select().from(topUp).where(eq(topUp.rid, input.prestore_rid));
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
  const rows = await tx.select().from(ord).where(inArray(ord.rid, input.order_rids));
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
        .from(ord)
        .where(
          and(
            inArray(ord.rid, st.orderRids),
            eq(ord.userId, userId),
            sql`${ord.status} <> 'cancelled'`,
            sql`not exists (select 1 from ${invoiceLines} l where l.order_id = ${ord.id} and l.active
              and l.application_id <> ${editing ?? -1})`,
          ),
        )
        .orderBy(ord.id)
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
  const found = await filesByRid(tx, rids);
  if (found.length !== new Set(rids).size || found.some((f) => f.ownerId !== userId))
    throw new DomainError('[附件]不存在，请重新上传');
}

/** Whether every order has the signed agreement uploaded (order/updateProtocolFile). */
async function allSigned(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) return false;
  const signed = await filesOnOrders(tx, orderIds, ['protocol']);
  return new Set(signed.map((f) => f.orderId)).size === orderIds.length;
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
