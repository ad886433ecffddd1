// assign/settlementList and assign/settlementOperatePlus: what is owed (on a statement, or
// overall) and settling several orders at once through the one pay path.
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { statementLines } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { creditState, movedByKey, userAccount, type PayMethod } from '../money/index.ts';
import { orderDirectory, orderEventDirectory, orderLineDirectory, payOrder } from '../orders/index.ts';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../shared/orders/order-status.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';
import { NOT_SETTLEABLE } from '../../shared/statements/statements.ts';
import { findOwnStatement } from './customer.ts';

const ord = orderDirectory('ord');
const line = orderLineDirectory('line');
const event = orderEventDirectory('event');

type OrderRow = { rid: string; orderNo: string; status: OrderStatus; amountFen: number; paidFen: number };

/** The orders a statement lists as owed at its month's end (by public id). */
async function owedOnStatement(s: Services, userId: number, rid: string): Promise<string[]> {
  const st = await findOwnStatement(s.db, userId, rid);
  const lines = await s.db
    .select({ orderRid: statementLines.orderRid, owed: statementLines.owedFen })
    .from(statementLines)
    .where(and(eq(statementLines.statementId, st.id), inArray(statementLines.kind, ['order', 'owed'])));
  return lines.filter((l) => l.owed > 0 && l.orderRid).map((l) => l.orderRid!);
}

const owedNow = (o: OrderRow) => Math.max(0, o.amountFen - o.paidFen);

/** assign/settlementList: the 待结算 orders still owed now, oldest first, and what can pay them. */
export async function settlementList(s: Services, userId: number, statementRid?: string) {
  const rids = statementRid ? await owedOnStatement(s, userId, statementRid) : null;
  const rows =
    rids && rids.length === 0
      ? []
      : await s.db
          .select()
          .from(ord)
          .where(
            and(
              eq(ord.userId, userId),
              eq(ord.status, 'unsettled'),
              rids ? inArray(ord.rid, rids) : undefined,
            ),
          )
          .orderBy(asc(ord.id));
  const ids = rows.map((o) => o.id);
  const [items, billed] = ids.length
    ? await Promise.all([
        s.db
          .select({ orderId: line.orderId, name: line.name })
          .from(line)
          .where(inArray(line.orderId, ids))
          .orderBy(line.id),
        s.db
          .select({ orderId: event.orderId, at: max(event.at) })
          .from(event)
          .where(and(inArray(event.orderId, ids), eq(event.toStatus, 'unsettled')))
          .groupBy(event.orderId),
      ])
    : [[], []];
  const now = s.now();
  const account = await userAccount(s.db, userId, now);
  const credit = await creditState(s.db, account, now);
  const list = rows.map((o) => ({
    rid: o.rid,
    order_no: o.orderNo,
    item_names: items.filter((i) => i.orderId === o.id).map((i) => i.name),
    billed: billed.find((b) => b.orderId === o.id)?.at?.toISOString() ?? null,
    amount_fen: o.amountFen,
    paid_fen: o.paidFen,
    owed_fen: owedNow(o),
    status_text: ORDER_STATUS_TEXT[o.status],
  }));
  return {
    statement_rid: statementRid ?? null,
    list,
    total_fen: list.reduce((n, o) => n + o.owed_fen, 0),
    balance_fen: account.cashFen + account.bonusFen,
    credit_available_fen: account.creditLimitFen - account.creditUsedFen,
    credit_overdue_fen: credit.overdue_fen,
  };
}

/**
 * assign/settlementOperatePlus: pays each chosen order through payOrder, the one pay path, in
 * its own transaction, oldest first, so what the balance covers is settled and the rest is
 * answered with its reason (decision 0029). Every order must be the customer's and awaiting
 * settlement, or nothing is paid. Each order's payment is keyed by the request's key and the
 * order, so the same request again (a retry, a double click) pays nothing twice and answers
 * what the first one paid.
 */
export async function settleOrders(
  s: Services,
  userId: number,
  input: { rids: string[]; method: PayMethod; idempotency_key: string; statement_rid?: string },
) {
  if (input.statement_rid) await findOwnStatement(s.db, userId, input.statement_rid);
  const rids = [...new Set(input.rids)];
  const rows = await s.db
    .select()
    .from(ord)
    .where(and(eq(ord.userId, userId), inArray(ord.rid, rids)))
    .orderBy(asc(ord.id));
  const missing = rids.find((rid) => !rows.some((o) => o.rid === rid));
  if (missing) throw new DomainError(`${ORDER_NOT_FOUND}：${missing}`, 200, 'NOT_FOUND');
  const requestKey = (o: OrderRow) => `${input.idempotency_key}:${o.rid}`;
  const ledgerKey = (o: OrderRow) => `pay:${userId}:${requestKey(o)}`;
  let earlier = await movedByKey(
    s.db,
    rows.map((o) => ledgerKey(o)),
  );
  const refused = rows.find((o) => !earlier.has(ledgerKey(o)) && o.status !== 'unsettled');
  if (refused)
    throw new DomainError(
      `订单 ${refused.orderNo} ${NOT_SETTLEABLE}（${ORDER_STATUS_TEXT[refused.status]}）`,
    );

  const paid: { rid: string; order_no: string; paid_fen: number; status_text: string; repeated: boolean }[] =
    [];
  const failed: { rid: string; order_no: string; message: string }[] = [];
  for (const o of rows) {
    const before = earlier.get(ledgerKey(o));
    if (before !== undefined) {
      paid.push({
        rid: o.rid,
        order_no: o.orderNo,
        paid_fen: before,
        status_text: ORDER_STATUS_TEXT.completed,
        repeated: true,
      });
      continue;
    }
    try {
      const result = await payOrder(s, userId, o.rid, {
        idempotencyKey: requestKey(o),
        method: input.method,
      });
      // A twin of this request paid it meanwhile: payOrder answered that payment with nothing new.
      earlier = result.paid_fen === 0 ? await movedByKey(s.db, [ledgerKey(o)]) : earlier;
      const repeated = result.paid_fen === 0 && earlier.has(ledgerKey(o));
      paid.push({
        rid: o.rid,
        order_no: o.orderNo,
        paid_fen: repeated ? earlier.get(ledgerKey(o))! : result.paid_fen,
        status_text: result.status_text,
        repeated,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ rid: o.rid, order_no: o.orderNo, message: error.message });
    }
  }
  // Nothing paid: a failure, with the reason, and nothing was written.
  if (paid.length === 0 && failed.length > 0)
    throw new DomainError(failed.length === 1 ? failed[0].message : `未能结算：${failed[0].message}`);
  const account = await userAccount(s.db, userId, s.now());
  return {
    paid,
    failed,
    paid_fen: paid.reduce((n, p) => n + p.paid_fen, 0),
    balance_fen: account.cashFen + account.bonusFen,
  };
}
