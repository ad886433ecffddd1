import { and, count, eq } from 'drizzle-orm';
import { fenToYuan } from '../../shared/money.ts';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { orderItems, orders } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { takesSample, type OrderAction } from '../../shared/orders/order-status.ts';
import { sampleHooks } from './sample-hooks.ts';
import { DISPOSAL_RECYCLE } from '../../shared/plan/plan-rules.ts';
import { addEvent, applyTransition, lockOrder, type OrderRow } from './transition.ts';
import {
  lockAccount,
  moneyTransaction,
  payingAccount,
  postPriceRefund,
  userAccount,
} from '../money/index.ts';
import { findOrder } from './read.ts';
import { addDays } from '../../shared/slots.ts';
import { shanghaiDate } from '../../shared/time.ts';
import {
  priceQuote,
  REQUOTE_NOT_QUOTED,
  validUntilProblem,
  type QuoteRequest,
  type StoredQuote,
} from '../../shared/orders/quote.ts';
import { cancelOrder } from './customer.ts';
import { orderPromiseDays } from '../../shared/calendar/promise.ts';
import { hasReleasedReport, NEED_RELEASED_REPORT } from './released-report.ts';
import { startEstimatesOf } from './start-estimates.ts';

export type StaffStep = Extract<
  OrderAction,
  'receive' | 'start' | 'deliver' | 'bill' | 'complete' | 'settle'
>;

/**
 * A quote (decision 0039): itemised lines with an optional discount, or one amount; its total
 * replaces the order's amount (quoted_fen), valid until the given day or QUOTE_VALID_DAYS from
 * today. The first quote moves a 待报价 order on; a new one replaces the old while the customer has
 * not accepted it (待付款 unpaid, or a pay-after order still waiting for its samples).
 */
export async function quoteOrder(s: Services, staffId: number, q: QuoteRequest) {
  const o = await findOrder(s.db, q.rid);
  const now = s.now();
  const today = shanghaiDate(now);
  const validUntil = q.valid_until ?? addDays(today, s.env.QUOTE_VALID_DAYS);
  const problem = validUntilProblem(validUntil, today);
  if (problem) throw new DomainError(problem);
  const priced = q.lines?.length ? priceQuote(q.lines, q.discount_fen ?? 0) : null;
  const total = priced?.total_fen ?? q.quoted_fen!;
  const quote: StoredQuote = {
    lines: priced?.lines ?? [],
    subtotal_fen: priced?.subtotal_fen ?? total,
    discount:
      priced && q.discount_fen ? { name: q.discount_name || '优惠', amount_fen: q.discount_fen } : null,
    total_fen: total,
    valid_until: validUntil,
    note: q.note,
    quoted_at: new Date(now).toISOString(),
  };
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, o.id);
    // The promise the quote makes: staff's days (加急), else the longest of the items' (decision 0079).
    const lineDays = await tx
      .select({ id: orderItems.id, itemRid: orderItems.itemRid, days: orderItems.turnaroundDays })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    quote.turnaround_days = orderPromiseDays(
      q.turnaround_days,
      lineDays.map((l) => l.days),
    );
    // The start estimate the quote tells, kept on the lines as the one given (decision 0097).
    const estimates = await startEstimatesOf(
      tx,
      lineDays.map((l) => l.itemRid),
      order.id,
    );
    const told = lineDays.map((l) => estimates.get(l.itemRid) ?? null);
    quote.start_estimate_days = told.some((d) => d !== null) ? Math.max(...told.map((d) => d ?? 0)) : null;
    for (const [k, l] of lineDays.entries())
      await tx.update(orderItems).set({ startEstimateDays: told[k] }).where(eq(orderItems.id, l.id));
    const again = order.status !== 'quoting';
    if (again && order.quotedFen === null) throw new DomainError(REQUOTE_NOT_QUOTED);
    const head = again
      ? `重新报价 ${fenToYuan(total)} 元（原 ${fenToYuan(order.quotedFen ?? 0)} 元）`
      : `报价 ${fenToYuan(total)} 元`;
    const quoted = await applyTransition(tx, order, {
      action: 'quote',
      actor: 'staff',
      actorId: staffId,
      note: `${head}，有效期至 ${validUntil}${q.note ? `。${q.note}` : ''}`,
      now,
      patch: { amountFen: total, quotedFen: total, quote },
    });
    // A quote request's samples exist once it is quoted (an order that has them keeps them).
    if (takesSample(order.typeId)) {
      const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      await sampleHooks().create(tx, order, lines, { actor: 'staff', actorId: staffId }, now);
    }
    return quoted;
  });
}

/** Receipt, testing, data delivery, billing, completion and offline settlement by staff. */
export async function staffStep(s: Services, staffId: number, rid: string, action: StaffStep, note: string) {
  const o = await findOrder(s.db, rid);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, o.id);
    // Release delivers on its own (deliverOnRelease); by hand only what was released before testing was marked.
    if (action === 'deliver' && order.status === 'testing' && !(await hasReleasedReport(tx, order.id)))
      throw new DomainError(NEED_RELEASED_REPORT);
    return applyTransition(tx, order, {
      action,
      actor: 'staff',
      actorId: staffId,
      note,
      now,
      recycle: await sendsSamplesBack(tx, order.id),
    });
  });
}

/** Whether any line of the order asked for its samples back (the messages say so). */
async function sendsSamplesBack(tx: Tx, orderId: number): Promise<boolean> {
  const [{ recycle }] = await tx
    .select({ recycle: count() })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.disposal, DISPOSAL_RECYCLE)));
  return recycle > 0;
}

/**
 * 出具数据 by the release of an order's first report version (decision 0080), in the release's
 * transaction: an order in 检测中 moves on and the customer hears of it once; any other status
 * stays (already delivered, or released before testing was marked). Whether it moved.
 */
export async function deliverOnRelease(tx: Tx, orderId: number, staffId: number, note: string, now: number) {
  const order = await lockOrder(tx, orderId);
  if (order.status !== 'testing') return false;
  await applyTransition(tx, order, {
    action: 'deliver',
    actor: 'staff',
    actorId: staffId,
    note,
    now,
    recycle: await sendsSamplesBack(tx, order.id),
  });
  return true;
}

export async function staffCancel(
  s: Services,
  staffId: number,
  rid: string,
  reason: string,
): Promise<OrderRow> {
  const o = await findOrder(s.db, rid);
  return cancelOrder(s, o, { actor: 'staff', actorId: staffId, reason });
}

/**
 * The final price of a prepaid order, set when its data is delivered (decision 0030): above what
 * was paid, the difference is owed (补差价) and the order cannot complete until it is paid; below,
 * the difference goes back at once to the sources that paid it (退差价). The timeline says which.
 */
export async function setFinalPrice(
  s: Services,
  staffId: number,
  rid: string,
  finalFen: number,
  note: string,
) {
  const peek = await findOrder(s.db, rid);
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const accountId = (await payingAccount(tx, peek.id)) ?? (await userAccount(tx, peek.userId, now)).id;
    await lockAccount(tx, accountId);
    const order = await lockOrder(tx, peek.id);
    if (order.payMode !== 'before' || order.status !== 'delivered' || order.paidFen === 0)
      throw new DomainError('只有已付款、已出具数据的预付订单可以设置最终价格');
    if (finalFen === order.amountFen) throw new DomainError('最终价格与当前订单金额相同');
    const diff = finalFen - order.paidFen;
    let text = `最终价格 ${fenToYuan(finalFen)} 元（原 ${fenToYuan(order.amountFen)} 元）`;
    if (diff < 0) {
      const back = await postPriceRefund(tx, {
        accountId,
        orderId: order.id,
        amountFen: -diff,
        key: `price_refund:${order.rid}:${order.paidFen}:${finalFen}`,
        note: `订单 ${order.orderNo} 退差价`,
        now,
      });
      text += `，退差价 ${fenToYuan(-diff)} 元（${[
        back.cash_fen && `现金 ${fenToYuan(back.cash_fen)} 元`,
        back.credit_fen && `信用额度 ${fenToYuan(back.credit_fen)} 元`,
        back.bonus_fen && `赠送金 ${fenToYuan(back.bonus_fen)} 元`,
      ]
        .filter(Boolean)
        .join('、')}）`;
    } else if (diff > 0) text += `，需补差价 ${fenToYuan(diff)} 元`;
    const [updated] = await tx
      .update(orders)
      .set({ amountFen: finalFen, paidFen: Math.min(order.paidFen, finalFen), updatedAt: new Date(now) })
      .where(eq(orders.id, order.id))
      .returning();
    await addEvent(tx, {
      orderId: order.id,
      from: order.status,
      to: order.status,
      action: 'final_price',
      actor: 'staff',
      actorId: staffId,
      note: note ? `${text}。${note}` : text,
      now,
    });
    return updated;
  });
}

/**
 * A 预约现场 session billed by the time actually used (decision 0087), in the caller's money
 * transaction, before its `finish` and after the paying account's lock: an unpaid (pay-after)
 * order's amount and line become `amountFen`; a paid (prepaid) order gets back what it paid above
 * `amountFen` at once, to the sources that paid it. A paid order is never charged more than it
 * paid: time beyond the booking is named on the timeline for the business manager. The line's
 * parameters record the time used. The caller has locked the payer (lockPayerOf), then the order.
 * Returns the timeline's words.
 */
/** Locks the account that paid the order, if any: money paths lock it before the order (decision 0022). */
export async function lockPayerOf(tx: Tx, orderId: number): Promise<void> {
  const accountId = await payingAccount(tx, orderId);
  if (accountId) await lockAccount(tx, accountId);
}

export async function billSessionUse(
  tx: Tx,
  orderId: number,
  use: { amountFen: number; usedText: string; now: number },
): Promise<string> {
  const order = await lockOrder(tx, orderId);
  const { now } = use;
  let amount = use.amountFen;
  let text = `按实际用时 ${use.usedText} 计费 ${fenToYuan(amount)} 元（预约 ${fenToYuan(order.amountFen)} 元）`;
  if (order.paidFen > 0) {
    if (amount > order.paidFen) {
      text += `，已预付 ${fenToYuan(order.paidFen)} 元，超出部分 ${fenToYuan(amount - order.paidFen)} 元未在线加收`;
      amount = order.paidFen;
    } else if (amount < order.paidFen) {
      const accountId = (await payingAccount(tx, order.id)) ?? (await userAccount(tx, order.userId, now)).id;
      await postPriceRefund(tx, {
        accountId,
        orderId: order.id,
        amountFen: order.paidFen - amount,
        key: `session_use:${order.rid}`,
        note: `订单 ${order.orderNo} 按实际用时退还`,
        now,
      });
      text += `，退还 ${fenToYuan(order.paidFen - amount)} 元`;
    }
  }
  await tx
    .update(orders)
    .set({ amountFen: amount, paidFen: Math.min(order.paidFen, amount), updatedAt: new Date(now) })
    .where(eq(orders.id, order.id));
  const [line] = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  if (line)
    await tx
      .update(orderItems)
      .set({ lineFen: amount, parameters: { ...line.parameters, 实际用时: use.usedText } })
      .where(eq(orderItems.id, line.id));
  return text;
}
