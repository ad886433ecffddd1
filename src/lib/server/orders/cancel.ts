import { lockAccount, payingAccount, postOrderRefund, userAccount } from '../money/index.ts';
import { returnOrderCoupon } from '../coupons/index.ts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { invoiceLines } from '../invoices/tables.ts';
import { DomainError } from '../platform/errors.ts';
import { enqueue } from '../platform/jobs.ts';
import type { Actor } from '../../shared/orders/order-status.ts';
import { applyTransition, lockOrder, type OrderRow } from './transition.ts';

/** The job a cancellation with a refund leaves for whoever sends online payments back. */
export const ORDER_REFUNDED = 'orders.refunded';

export type CancelledBy = { actor: Actor; actorId: number | null; note: string };

/**
 * The one cancel-with-refund path (order/cancel, staff order/cancel, reservation/cancel and
 * reject), inside the caller's transaction. Locks in the money paths' order: the customer's
 * account, then the order, then whatever `release` locks (a reservation and its slots). The
 * order moves to 已取消 and what was paid goes back as one refund movement, keyed by the order so
 * it can never be refunded twice: each yuan to the sub-balance it came from (bonus, cash, credit).
 * A coupon that paid part comes back (or is void when it has expired), once, for every kind of order.
 *
 * An order on a live invoice application is not cancelled (decision 0030): the money would go
 * back while the invoice still says it was paid.
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
    // rolls the transition back with the rest.
    await refuseIfInvoiced(tx, order);
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

/** Under the customer's account lock, which invoice applications also take: no race with one. */
async function refuseIfInvoiced(tx: Tx, order: OrderRow) {
  const [line] = await tx
    .select({ id: invoiceLines.id })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.orderId, order.id), eq(invoiceLines.active, true)))
    .limit(1);
  if (line)
    throw new DomainError(
      `订单 ${order.orderNo} 已开票或正在开票，不能取消：待审核的开票申请可修改去掉该订单，已开具的发票须先由财务红冲`,
    );
}
