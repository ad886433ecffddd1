import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { fenToYuan } from '../../shared/money.ts';
import { newRid } from '../platform/ids.ts';
import { onlineChannels, type Services } from '../platform/services.ts';
import { orderFeedback, orderItems, orders, sampleRecycles } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import {
  creditState,
  lockAccount,
  moneyTransaction,
  movementByKey,
  postOnlineArrival,
  payFromWallet,
  previewSplit,
  userAccount,
  type AccountRow,
  type PayMethod,
  type Split,
} from '../money/index.ts';
import type { Tx } from '../platform/db/client.ts';
import { couponOptions, reserveCoupon, reservedCouponRid, useCoupon } from '../coupons/index.ts';
import {
  ALREADY_PAID,
  nextStatus,
  ORDER_STATUS_TEXT,
  owesDifference,
  PAYABLE_STATUSES,
  type Actor,
} from '../../shared/orders/order-status.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';
import { acceptsExpiredQuote, QUOTE_EXPIRED } from '../../shared/orders/quote.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { DISPOSAL_KEEP, DISPOSAL_RECYCLE } from '../../shared/plan/plan-rules.ts';
import { canRequestReturn, SAMPLES_NOT_RECEIVED } from '../../shared/orders/order-view.ts';
import { pageWindow } from '../../shared/pagination.ts';
import {
  addEvent,
  applyTransition,
  factsOf,
  lockOrder,
  queueOrderSettled,
  type OrderRow,
} from './transition.ts';
import { findOwnOrder, timelineOf } from './read.ts';
import { releaseHold } from './holds.ts';
import { cancelWithRefund } from './cancel.ts';

const DONE = ['delivered', 'unsettled', 'completed'] as const;

/** What is owed on an order right now. */
const owed = (o: OrderRow) => Math.max(0, o.amountFen - o.paidFen);

const viewOf = (o: OrderRow) => ({
  status: o.status,
  pay_mode: o.payMode,
  amount_fen: o.amountFen,
  paid_fen: o.paidFen,
});

/** Whether the customer may pay the order now: 待付款, 待结算, or a price difference (补差价). */
const isPayable = (o: OrderRow) => PAYABLE_STATUSES.includes(o.status) || owesDifference(viewOf(o));

/** Paying a 待付款 order accepts its quote, which must not have expired (decision 0039). */
const expiredQuote = (o: OrderRow, now: number) =>
  acceptsExpiredQuote({ status: o.status, quote_valid_until: o.quote?.valid_until }, shanghaiDate(now));

/**
 * A price difference (补差价) paid: a price_payment movement from the given split, the order's
 * paid amount raised, a timeline entry; the status stays (staff then complete the order).
 */
async function payDifference(
  tx: Tx,
  input: {
    account: AccountRow;
    order: OrderRow;
    /** The way of paying, or the split of money that just arrived. */
    pay: PayMethod | Split;
    key: string;
    userId: number;
    now: number;
    how: string;
  },
) {
  const { order } = input;
  const { split, posted } = await payFromWallet(tx, {
    account: input.account,
    payable: {
      orderId: order.id,
      amountFen: owed(order),
      kind: 'price_payment',
      key: `${input.key}:diff:${order.paidFen}`,
      note: `订单 ${order.orderNo} 补差价`,
    },
    how: input.pay,
    actorId: input.userId,
    now: input.now,
  });
  const amount = split.bonus_fen + split.cash_fen + split.credit_fen;
  if (!posted) throw new DomainError(ALREADY_PAID, 200, 'ALREADY_PAID');
  await tx
    .update(orders)
    .set({ paidFen: order.paidFen + amount, updatedAt: new Date(input.now) })
    .where(eq(orders.id, order.id));
  const eventId = await addEvent(tx, {
    orderId: order.id,
    from: order.status,
    to: order.status,
    action: 'pay_difference',
    actor: 'customer',
    actorId: input.userId,
    note: `${input.how}补差价 ${fenToYuan(amount)} 元`,
    now: input.now,
  });
  await queueOrderSettled(tx, order.rid, eventId, input.now);
  const after = posted.accounts.get(input.account.id)!;
  return { balance_fen: after.cashFen + after.bonusFen, paid_fen: amount, paid: split, discount_fen: 0 };
}

/**
 * web/order/ready2pay: what the order owes, the customer's coupons with what each would take off
 * (the best one applied unless another or none is asked for), and where each way of paying would
 * take the rest from.
 */
export async function readyToPay(s: Services, userId: number, rid: string, couponRid?: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  const now = s.now();
  const account = await userAccount(s.db, userId, now);
  const credit = await creditState(s.db, account, now);
  const blocked = expiredQuote(o, now) ? QUOTE_EXPIRED : null;
  const payable = isPayable(o) && !blocked;
  const coupons = payable ? await couponOptions(s.db, o, now) : [];
  const usable = coupons.filter((c) => c.discount_fen > 0);
  const applied = couponRid === undefined ? usable[0] : usable.find((c) => c.rid === couponRid);
  const discount = applied?.discount_fen ?? 0;
  const amount = owed(o) - discount;
  return {
    rid: o.rid,
    order_no: o.orderNo,
    status: o.status,
    status_text: ORDER_STATUS_TEXT[o.status],
    amount_fen: owed(o),
    coupons,
    coupon_rid: applied?.rid ?? null,
    discount_fen: discount,
    pay_fen: amount,
    balance_fen: account.cashFen + account.bonusFen,
    cash_fen: account.cashFen,
    bonus_fen: account.bonusFen,
    credit_limit_fen: account.creditLimitFen,
    credit_available_fen: account.creditLimitFen - account.creditUsedFen,
    credit_overdue_fen: credit.overdue_fen,
    split: {
      balance: previewSplit(account, amount, 'balance', credit.overdue_fen),
      credit: previewSplit(account, amount, 'credit', credit.overdue_fen),
    },
    online_channels: onlineChannels(s),
    payable,
    blocked,
  };
}

/**
 * What an online trade for an order asks for: what it owes, less the coupon's part, the coupon
 * then reserved for that trade (decision 0026).
 */
export async function orderTradeAmount(
  s: Services,
  userId: number,
  rid: string,
  coupon?: { rid: string; tradeNo: string },
) {
  const o = await findOwnOrder(s.db, userId, rid);
  const amount = owed(o);
  if (!isPayable(o) || amount === 0) throw new DomainError('该订单当前无需支付');
  if (expiredQuote(o, s.now())) throw new DomainError(QUOTE_EXPIRED);
  const description = `检测订单 ${o.orderNo}`;
  if (!coupon) return { amountFen: amount, description };
  const discount = await s.db.transaction((tx) =>
    reserveCoupon(tx, { couponRid: coupon.rid, order: o, now: s.now(), tradeNo: coupon.tradeNo }),
  );
  if (discount >= amount) throw new DomainError('使用优惠券后无需在线支付，请选择余额支付');
  return { amountFen: amount - discount, description };
}

const SOURCE_TEXT = { bonus_fen: '赠送金', cash_fen: '现金余额', credit_fen: '信用额度' } as const;

/** '赠送金 100.00 元 + 现金余额 900.00 元' */
const splitText = (split: Split) =>
  (Object.keys(SOURCE_TEXT) as (keyof Split)[])
    .filter((k) => split[k] > 0)
    .map((k) => `${SOURCE_TEXT[k]} ${fenToYuan(split[k])} 元`)
    .join(' + ');

/**
 * Pays an order in one transaction through the one pay path: the customer's account row, then
 * the order row, are locked (always in that order, as every money path does, so two payments
 * cannot deadlock), the move is checked, the split taken (bonus first, then cash; or the credit
 * line) and posted, and the order moved. A second payment of the same order waits for the first
 * and then finds it paid; the same idempotency key twice answers the first result. A coupon pays
 * its part in the same movement (its row locked, so it is used once).
 */
export async function payOrder(
  s: Services,
  userId: number,
  rid: string,
  options: { idempotencyKey?: string; method?: PayMethod; couponRid?: string } = {},
) {
  const peek = await findOwnOrder(s.db, userId, rid);
  const now = s.now();
  const { id: accountId } = await userAccount(s.db, userId, now);
  return moneyTransaction(s.db, (tx) => payLocked(tx, { ...options, userId, order: peek, accountId, now }));
}

/**
 * The pay path inside the caller's transaction, from any wallet the caller may spend: the
 * customer's own, or a research group's (decision 0033: the groups domain checks the member's
 * limits first, under the group account's lock). Locks the account, then the order.
 */
export async function payLocked(
  tx: Tx,
  input: {
    userId: number;
    order: { id: number; rid: string; status: string };
    accountId: number;
    now: number;
    idempotencyKey?: string;
    method?: PayMethod;
    couponRid?: string;
    /** Said in the timeline after the way of paying, e.g. 课题组「…」. */
    payer?: string;
  },
) {
  const { idempotencyKey, method = 'balance', couponRid, userId, now, accountId } = input;
  const peek = input.order;
  const key = idempotencyKey ? `pay:${userId}:${idempotencyKey}` : `pay:${peek.rid}:${peek.status}`;
  const account = await lockAccount(tx, accountId);
  const order = await lockOrder(tx, peek.id);
  const answer = (paid: Split) => ({
    status: order.status,
    status_text: ORDER_STATUS_TEXT[order.status],
    balance_fen: account.cashFen + account.bonusFen,
    paid_fen: paid.bonus_fen + paid.cash_fen + paid.credit_fen,
    paid,
    discount_fen: 0,
  });
  if (idempotencyKey) {
    const earlier = await movementByKey(tx, key);
    if (earlier) {
      if (earlier.orderId !== order.id) throw new DomainError('该请求标识已用于另一笔支付');
      return answer({ bonus_fen: 0, cash_fen: 0, credit_fen: 0 });
    }
  }
  const move = nextStatus(factsOf(order), 'pay', 'customer');
  if (!move.ok && owesDifference(viewOf(order))) {
    const paid = await payDifference(tx, {
      account,
      order,
      pay: method,
      key,
      userId,
      now,
      how: method === 'credit' ? '信用支付' : '余额支付',
    });
    return { ...answer(paid.paid), ...paid };
  }
  if (!move.ok) throw new DomainError(move.message, 200, move.code);
  if (expiredQuote(order, now)) throw new DomainError(QUOTE_EXPIRED, 200, 'REFUSED');
  const amount = owed(order);
  const coupon = couponRid ? await useCoupon(tx, { couponRid, order, now }) : null;
  const discount = coupon?.discountFen ?? 0;
  const { split, posted } = await payFromWallet(tx, {
    account,
    payable: {
      orderId: order.id,
      amountFen: amount - discount,
      couponFen: discount,
      key,
      note: `支付订单 ${order.orderNo}`,
    },
    how: method,
    actorId: userId,
    now,
  });
  if (!posted) throw new DomainError(ALREADY_PAID, 200, 'ALREADY_PAID');
  const how = `${input.payer ?? ''}${method === 'credit' ? '信用支付' : '余额支付'} ${fenToYuan(amount - discount)} 元`;
  const parts = [splitText(split), coupon ? `优惠券「${coupon.name}」抵扣 ${fenToYuan(discount)} 元` : '']
    .filter(Boolean)
    .join('，');
  const updated = await applyTransition(tx, order, {
    action: 'pay',
    actor: 'customer',
    actorId: userId,
    note: parts ? `${how}（${parts}）` : how,
    now,
    patch: { paidFen: order.paidFen + amount },
    recycle: await hasDisposal(tx, order.id, DISPOSAL_RECYCLE),
  });
  const after = posted.accounts.get(account.id)!;
  return {
    status: updated.status,
    status_text: ORDER_STATUS_TEXT[updated.status],
    balance_fen: after.cashFen + after.bonusFen,
    paid_fen: amount - discount,
    paid: split,
    discount_fen: discount,
  };
}

/**
 * An online payment for an order arrived (the payments domain calls this in its transaction,
 * with the intent locked). The money lands as cash (clearing → cash) and, if the order still
 * owes exactly that amount, pays it at once through the same pay path, from that cash. Otherwise
 * (cancelled or paid meanwhile) it stays on the balance, where the customer sees it.
 */
export async function settleOnlineOrder(
  tx: Tx,
  input: {
    userId: number;
    orderRid: string;
    amountFen: number;
    tradeNo: string;
    channelText: string;
    now: number;
  },
): Promise<'paid' | 'kept'> {
  const { now } = input;
  const { id: accountId } = await userAccount(tx, input.userId, now);
  const account = await lockAccount(tx, accountId);
  const [peek] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.rid, input.orderRid));
  await postOnlineArrival(tx, {
    accountId,
    amountFen: input.amountFen,
    tradeNo: input.tradeNo,
    note: `${input.channelText}到账`,
    now,
  });
  if (!peek) return 'kept';
  const order = await lockOrder(tx, peek.id);
  if (order.userId !== input.userId) return 'kept';
  if (owesDifference(viewOf(order)) && owed(order) === input.amountFen) {
    // The money arrived as cash: it pays as cash, whatever else the wallet holds.
    const split: Split = { bonus_fen: 0, cash_fen: input.amountFen, credit_fen: 0 };
    const how = input.channelText;
    await payDifference(tx, {
      account,
      order,
      pay: split,
      key: `pay:online:${input.tradeNo}`,
      userId: input.userId,
      now,
      how,
    });
    return 'paid';
  }
  // No expiry check here: the trade was opened (orderTradeAmount) while the quote was valid, and
  // the money has arrived; refusing it now would only leave it on the balance.
  if (!nextStatus(factsOf(order), 'pay', 'customer').ok) return 'kept';
  // The coupon the trade was made with pays its part, if it still can and the sums still agree.
  const couponRid = await reservedCouponRid(tx, input.tradeNo);
  let coupon: { discountFen: number; name: string } | null = null;
  if (couponRid && owed(order) !== input.amountFen) {
    // In a savepoint: a coupon that no longer applies, or now takes off another sum, stays unused.
    coupon = await tx
      .transaction(async (inner) => {
        const used = await useCoupon(inner, { couponRid, order, now });
        if (owed(order) !== input.amountFen + used.discountFen) throw new DomainError('优惠金额已变化');
        return used;
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError) return null;
        throw error;
      });
  }
  const discount = coupon?.discountFen ?? 0;
  if (owed(order) !== input.amountFen + discount) return 'kept';
  await payFromWallet(tx, {
    account,
    payable: {
      orderId: order.id,
      amountFen: input.amountFen,
      couponFen: discount,
      key: `pay:online:${input.tradeNo}`,
      note: `支付订单 ${order.orderNo}（${input.channelText}）`,
    },
    how: { bonus_fen: 0, cash_fen: input.amountFen, credit_fen: 0 },
    actorId: input.userId,
    now,
  });
  await applyTransition(tx, order, {
    action: 'pay',
    actor: 'customer',
    actorId: input.userId,
    note: `${input.channelText} ${fenToYuan(input.amountFen)} 元${coupon ? `（优惠券「${coupon.name}」抵扣 ${fenToYuan(discount)} 元）` : ''}`,
    now,
    patch: { paidFen: order.paidFen + input.amountFen + discount },
    recycle: await hasDisposal(tx, order.id, DISPOSAL_RECYCLE),
  });
  return 'paid';
}

async function hasDisposal(tx: Tx, orderId: number, disposal: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.disposal, disposal)));
  return row.n > 0;
}

/**
 * Cancels an order (customer: before the sample is received; staff: any open order, with a
 * reason). Money already paid goes back to the balance as a refund entry in the same transaction.
 */
export async function cancelOrder(
  s: Services,
  o: OrderRow,
  by: { actor: Actor; actorId: number; reason: string },
): Promise<OrderRow> {
  const now = s.now();
  return moneyTransaction(s.db, (tx) =>
    cancelWithRefund(tx, o, { actor: by.actor, actorId: by.actorId, note: by.reason }, now, {
      // A reservation's order frees its slots with it (and holds customers to the deadline).
      release: (order) => releaseHold(tx, order, by, now),
    }),
  );
}

/** The test steps of an order: receipt, testing, data, as timeline entries with their texts. */
export async function testRecord(s: Services, userId: number, rid: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  const steps = (await timelineOf(s.db, o.id)).filter((e) =>
    ['receive', 'start', 'deliver'].includes(e.action),
  );
  return {
    list: steps.map((e) => ({ ...e, status_text: ORDER_STATUS_TEXT[e.to] })),
  };
}

export async function reportFeedback(s: Services, userId: number, rid: string, content: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  if (!(DONE as readonly string[]).includes(o.status))
    throw new DomainError('检测数据出具后才能反馈报告问题');
  const now = s.now();
  await s.db.transaction(async (tx) => {
    await tx
      .insert(orderFeedback)
      .values({ orderId: o.id, userId, kind: 'feedback', content, createdAt: new Date(now) });
    await addEvent(tx, {
      orderId: o.id,
      from: o.status,
      to: o.status,
      action: 'feedback',
      actor: 'customer',
      actorId: userId,
      note: content,
      now,
    });
  });
}

export const EXPRESS_NOT_ALLOWED = '仅自行寄样且待寄样的订单可以填写快递信息';

/**
 * order/updateExpress: the customer tells the lab which courier carries their self-delivered
 * sample; it may be corrected until the lab receives the sample. The order row is locked so the
 * record and its timeline entry are written together, and never after receipt.
 */
export async function updateExpress(s: Services, userId: number, rid: string, company: string, no: string) {
  const peek = await findOwnOrder(s.db, userId, rid);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const o = await lockOrder(tx, peek.id);
    if (o.delivery.type !== 0 || o.status !== 'awaiting_sample') throw new DomainError(EXPRESS_NOT_ALLOWED);
    const express = { company, no: no.toUpperCase(), at: new Date(now).toISOString() };
    await tx.update(orders).set({ express }).where(eq(orders.id, o.id));
    await addEvent(tx, {
      orderId: o.id,
      from: o.status,
      to: o.status,
      action: 'express',
      actor: 'customer',
      actorId: userId,
      note: `${company} ${express.no}`,
      now,
    });
    return express;
  });
}

export const ALREADY_EVALUATED = '评价只能修改一次';

/**
 * evaluate/add: the first call saves the order's evaluation; a second one changes it, once (the
 * change is a single conditional update, so two racing edits cannot both land).
 */
export async function evaluate(s: Services, userId: number, rid: string, score: number, content: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  if (o.status !== 'completed') throw new DomainError('订单完成后才能评价');
  const now = new Date(s.now());
  const [added] = await s.db
    .insert(orderFeedback)
    .values({ orderId: o.id, userId, kind: 'evaluation', score, content, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: orderFeedback.id });
  if (added) return;
  const [edited] = await s.db
    .update(orderFeedback)
    .set({ score, content, editedAt: now })
    .where(
      and(
        eq(orderFeedback.orderId, o.id),
        eq(orderFeedback.kind, 'evaluation'),
        isNull(orderFeedback.editedAt),
      ),
    )
    .returning({ id: orderFeedback.id });
  if (!edited) throw new DomainError(ALREADY_EVALUATED);
}

/** Past orders whose samples are kept in the store (disposal 2): reusable as sample source 0. */
export async function historyForUser(s: Services, userId: number, page?: number, size?: number) {
  const w = pageWindow(page, size);
  const where = and(
    eq(orders.userId, userId),
    inArray(orders.status, [...DONE]),
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.disposal} = ${DISPOSAL_KEEP})`,
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(orders).where(where),
  ]);
  const kept =
    rows.length === 0
      ? []
      : await s.db
          .select()
          .from(orderItems)
          .where(
            and(
              inArray(
                orderItems.orderId,
                rows.map((r) => r.id),
              ),
              eq(orderItems.disposal, DISPOSAL_KEEP),
            ),
          );
  return {
    list: rows.map((r) => ({
      rid: r.rid,
      order_no: r.orderNo,
      created: r.createdAt.toISOString(),
      items: kept
        .filter((k) => k.orderId === r.id)
        .map((k) => ({ item_rid: k.itemRid, name: k.name, sample_count: k.sampleCount })),
    })),
    total,
  };
}

export const RECYCLE_EXISTS = '该订单已提交样品回收申请';

/** Asks for the samples of a disposal-1 order to be sent back. */
export async function addRecycle(
  s: Services,
  userId: number,
  input: { rid: string; name: string; phone: string; address: string; message: string },
) {
  const o = await findOwnOrder(s.db, userId, input.rid);
  if (o.status === 'cancelled') throw new DomainError('订单已取消');
  if (!canRequestReturn(o)) throw new DomainError(SAMPLES_NOT_RECEIVED);
  if (!(await hasDisposal(s.db as unknown as Tx, o.id, DISPOSAL_RECYCLE)))
    throw new DomainError('该订单没有需要回收的样品');
  const [row] = await s.db
    .insert(sampleRecycles)
    .values({
      rid: newRid('recycle'),
      orderId: o.id,
      userId,
      name: input.name,
      phone: input.phone,
      address: input.address,
      message: input.message,
      createdAt: new Date(s.now()),
    })
    .onConflictDoNothing()
    .returning({ rid: sampleRecycles.rid });
  if (!row) throw new DomainError(RECYCLE_EXISTS);
  return { rid: row.rid };
}

export async function listRecycles(
  s: Services,
  userId: number,
  page?: number,
  size?: number,
  orderRid?: string,
) {
  const w = pageWindow(page, size);
  const where = and(eq(sampleRecycles.userId, userId), orderRid ? eq(orders.rid, orderRid) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({ r: sampleRecycles, orderNo: orders.orderNo, orderRid: orders.rid })
      .from(sampleRecycles)
      .innerJoin(orders, eq(orders.id, sampleRecycles.orderId))
      .where(where)
      .orderBy(desc(sampleRecycles.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ total: count() })
      .from(sampleRecycles)
      .innerJoin(orders, eq(orders.id, sampleRecycles.orderId))
      .where(where),
  ]);
  return {
    list: rows.map(({ r, orderNo, orderRid }) => ({
      rid: r.rid,
      order_rid: orderRid,
      order_no: orderNo,
      status: r.status,
      name: r.name,
      phone: r.phone,
      address: r.address,
      message: r.message,
      created: r.createdAt.toISOString(),
    })),
    total,
  };
}

export { ORDER_NOT_FOUND };
