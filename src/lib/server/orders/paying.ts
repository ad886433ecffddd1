// Paying an order from a wallet (web/order/ready2pay, web/order/pay, a group paying a member's
// order, settling a statement): the one pay path, a price difference (补差价) included.
import { eq } from 'drizzle-orm';
import { fenToYuan } from '../../shared/money.ts';
import { onlineChannels, type Services } from '../platform/services.ts';
import { orders } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import {
  creditState,
  lockAccount,
  moneyTransaction,
  movementByKey,
  payFromWallet,
  previewSplit,
  userAccount,
  type AccountRow,
  type PayMethod,
  type Split,
} from '../money/index.ts';
import type { Tx } from '../platform/db/client.ts';
import { couponOptions, useCoupon } from '../coupons/index.ts';
import {
  ALREADY_PAID,
  nextStatus,
  orderStatusText,
  owesDifference,
  PAYABLE_STATUSES,
} from '../../shared/orders/order-status.ts';
import { acceptsExpiredQuote, QUOTE_EXPIRED } from '../../shared/orders/quote.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { DISPOSAL_RECYCLE } from '../../shared/plan/plan-rules.ts';
import {
  addEvent,
  applyTransition,
  factsOf,
  lockOrder,
  queueOrderSettled,
  type OrderRow,
} from './transition.ts';
import { findOwnOrder } from './read.ts';
import { hasDisposal } from './samples.ts';

/** What is owed on an order right now. */
export const owed = (o: OrderRow) => Math.max(0, o.amountFen - o.paidFen);

export const viewOf = (o: OrderRow) => ({
  status: o.status,
  pay_mode: o.payMode,
  amount_fen: o.amountFen,
  paid_fen: o.paidFen,
});

/** Whether the customer may pay the order now: 待付款, 待结算, or a price difference (补差价). */
export const isPayable = (o: OrderRow) => PAYABLE_STATUSES.includes(o.status) || owesDifference(viewOf(o));

/** Paying a 待付款 order accepts its quote, which must not have expired (decision 0039). */
export const expiredQuote = (o: OrderRow, now: number) =>
  acceptsExpiredQuote({ status: o.status, quote_valid_until: o.quote?.valid_until }, shanghaiDate(now));

/**
 * A price difference (补差价) paid: a price_payment movement from the given split, the order's
 * paid amount raised, a timeline entry; the status stays (staff then complete the order).
 */
export async function payDifference(
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
    status_text: orderStatusText(o.status, o.typeId),
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
    credit_suspended: account.creditSuspendedAt !== null,
    credit_suspend_reason: account.creditSuspendReason,
    split: {
      balance: previewSplit(account, amount, 'balance', credit.overdue_fen),
      credit: previewSplit(account, amount, 'credit', credit.overdue_fen),
    },
    online_channels: onlineChannels(s),
    payable,
    blocked,
  };
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
    status_text: orderStatusText(order.status, order.typeId),
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
    status_text: orderStatusText(updated.status, updated.typeId),
    balance_fen: after.cashFen + after.bonusFen,
    paid_fen: amount - discount,
    paid: split,
    discount_fen: discount,
  };
}
