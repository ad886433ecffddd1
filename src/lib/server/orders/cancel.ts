import { lockAccount, payingAccount, postOrderRefund, userAccount } from '../money/index.ts';
import { returnOrderCoupon } from '../coupons/index.ts';
import type { Tx } from '../platform/db/client.ts';
import { enqueue } from '../platform/jobs.ts';
import type { Actor } from '../../shared/orders/order-status.ts';
import { applyTransition, lockOrder, type OrderRow } from './transition.ts';

/** The job a cancellation with a refund leaves for whoever sends online payments back. */
export const ORDER_REFUNDED = 'orders.refunded';

export type CancelledBy = { actor: Actor; actorId: number | null; note: string };

/**
 * Refuses to refund an order that a domain above orders still counts as paid (invoices: an order
 * on a live invoice application), inside the cancelling transaction.
 */
export type RefundCheck = (tx: Tx, order: OrderRow) => Promise<void>;

// Invoices reach orders through statements, so orders cannot ask invoices: invoices registers its
// check here when it loads (as reservations register their hold), before any request is served.
let refundCheck: RefundCheck | undefined;

export function registerRefundCheck(check: RefundCheck): void {
  refundCheck = check;
}

/**
 * The one cancel-with-refund path (order/cancel, staff order/cancel, reservation/cancel and
 * reject), inside the caller's transaction. Locks in the money paths' order: the customer's
 * account, then the order, then whatever `release` locks (a reservation and its slots). The
 * order moves to 已取消 and what was paid goes back as one refund movement, keyed by the order so
 * it can never be refunded twice: each yuan to the sub-balance it came from (bonus, cash, credit).
 * A coupon that paid part comes back (or is void when it has expired), once, for every kind of order.
 *
 * An order on a live invoice application is not cancelled (decision 0030): the money would go
 * back while the invoice still says it was paid (invoices' registered RefundCheck says so).
 *
 * `release` runs before the transition and may refuse (a reservation past its deadline). With
 * `ifOpen`, an order that is already cancelled is returned as it is instead of refused.
 */
export async function cancelWithRefund(
  tx: Tx,
  o: { id: number; userId: number },
  by: CancelledBy,
  now: number,
  options: { release?: (order: OrderRow) => Promise<void>; ifOpen?: boolean } = {},
): Promise<OrderRow> {
  // The refund goes back to the wallet that paid: the customer's, or their research group's.
  const accountId = (await payingAccount(tx, o.id)) ?? (await userAccount(tx, o.userId, now)).id;
  await lockAccount(tx, accountId);
  const order = await lockOrder(tx, o.id);
  await options.release?.(order);
  if (options.ifOpen && order.status === 'cancelled') return order;
  const refund = order.paidFen;
  const moved = await applyTransition(tx, order, {
    action: 'cancel',
    actor: by.actor,
    actorId: by.actorId,
    note: by.note,
    now,
    patch: { paidFen: 0 },
  });
  if (refund > 0) {
    // After the transition, so a state that cannot be cancelled says so first; a refusal here
    // rolls the transition back with the rest. Never skipped: an invoiced order's money stays.
    if (!refundCheck) throw new Error('No refund check registered (invoices registers it)');
    await refundCheck(tx, order);
    await postOrderRefund(tx, {
      accountId,
      orderId: order.id,
      orderRid: order.rid,
      note: `订单 ${order.orderNo} 取消退款`,
      now,
    });
    await returnOrderCoupon(tx, order.id, now);
    // What was paid online then goes back to its channel (the payments domain's job).
    await enqueue(
      tx,
      [
        {
          kind: ORDER_REFUNDED,
          payload: { orderRid: order.rid },
          uniqueKey: `refunded:${order.rid}`,
          runAt: now,
        },
      ],
      now,
    );
  }
  return moved;
}
