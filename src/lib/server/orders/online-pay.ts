// Paying an order online (decision 0026): what the trade asks for, and the money arriving.
import { eq } from 'drizzle-orm';
import { fenToYuan } from '../../shared/money.ts';
import type { Services } from '../platform/services.ts';
import { orders } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { lockAccount, postOnlineArrival, payFromWallet, userAccount, type Split } from '../money/index.ts';
import type { Tx } from '../platform/db/client.ts';
import { reserveCoupon, reservedCouponRid, useCoupon } from '../coupons/index.ts';
import { nextStatus, owesDifference } from '../../shared/orders/order-status.ts';
import { QUOTE_EXPIRED } from '../../shared/orders/quote.ts';
import { DISPOSAL_RECYCLE } from '../../shared/plan/plan-rules.ts';
import { applyTransition, factsOf, lockOrder } from './transition.ts';
import { findOwnOrder } from './read.ts';
import { hasDisposal } from './samples.ts';
import { expiredQuote, isPayable, owed, payDifference, viewOf } from './paying.ts';

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
