// What a customer may still invoice (decision 0030): the amount left, the paid orders and the
// credited top-ups not yet on a live application, and what was invoiced month by month.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { invoiceApplications, invoiceLines } from './tables.ts';
import { depositedCash, paidOnOrdersBy, prestoreDirectory, userAccount } from '../money/index.ts';
import { orderDirectory, orderLineDirectory } from '../orders/index.ts';
import { statementOrdersForInvoice } from '../statements/index.ts';
import { shanghaiMonth } from '../../shared/time.ts';

const ord = orderDirectory('ord');
const line = orderLineDirectory('line');
const topUp = prestoreDirectory('top_up');

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
    .from(topUp)
    .where(
      and(
        eq(topUp.userId, userId),
        eq(topUp.status, 'credited'),
        sql`not exists (select 1 from ${invoiceLines} l where l.prestore_id = ${topUp.id} and l.active)`,
      ),
    )
    .orderBy(desc(topUp.id))
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
      id: ord.id,
      rid: ord.rid,
      orderNo: ord.orderNo,
      created: ord.createdAt,
      fen: paidOn.fen,
    })
    .from(ord)
    .innerJoin(paidOn, eq(paidOn.orderId, ord.id))
    .where(
      and(
        eq(ord.userId, userId),
        only ? inArray(ord.rid, only) : undefined,
        sql`${ord.status} <> 'cancelled'`,
        sql`not exists (select 1 from ${invoiceLines} l where l.order_id = ${ord.id} and l.active)`,
      ),
    )
    .orderBy(desc(ord.id))
    .limit(200);
  const paid = rows.filter((r) => Number(r.fen) > 0);
  const items = paid.length
    ? await db
        .select({ orderId: line.orderId, name: line.name })
        .from(line)
        .where(
          inArray(
            line.orderId,
            paid.map((r) => r.id),
          ),
        )
        .orderBy(line.id)
    : [];
  return paid.map((r) => ({
    rid: r.rid,
    order_no: r.orderNo,
    item_names: items.filter((i) => i.orderId === r.id).map((i) => i.name),
    created: r.created.toISOString(),
    amount_fen: Number(r.fen),
  }));
}
