import { eq } from 'drizzle-orm';
import { orderEvents, orders } from './tables.ts';
import { referencedUser } from '../accounts/index.ts';
import { shownAdvisorOf } from '../customers/index.ts';
import { DomainError } from '../platform/errors.ts';
import type { Tx } from '../platform/db/client.ts';
import { queueForTransition } from '../notify/index.ts';
import { enqueue } from '../platform/jobs.ts';
import { fixDueDate } from './due-fix.ts';
import {
  nextStatus,
  PRICE_DIFFERENCE_UNPAID,
  type Actor,
  type OrderAction,
  type OrderStatus,
} from '../../shared/orders/order-status.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The job an order reaching 已完成 leaves for whoever rewards it (the points domain's). */
export const ORDER_COMPLETED = 'orders.completed';

/**
 * The job a payment to an order, or its cancellation, leaves for whoever was waiting to pay it
 * another way (the groups domain closes a member's request to the group wallet, issue 28).
 */
export const ORDER_SETTLED = 'orders.settled';

/** Queues ORDER_SETTLED for one timeline entry (its id keys the job, so once per event). */
export async function queueOrderSettled(tx: Tx, orderRid: string, eventId: number, now: number) {
  await enqueue(
    tx,
    [{ kind: ORDER_SETTLED, payload: { orderRid }, uniqueKey: `settled:${orderRid}:${eventId}`, runAt: now }],
    now,
  );
}

export const factsOf = (o: OrderRow) => ({
  status: o.status,
  pay_mode: o.payMode,
  delivery_type: (o.delivery.type === 1 ? 1 : 0) as 0 | 1,
  type_id: o.typeId,
});

/** Locks one order row for the rest of the transaction. */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw new DomainError(ORDER_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/** Writes one timeline entry; returns its id. */
export async function addEvent(
  tx: Tx,
  e: {
    orderId: number;
    from: OrderStatus | null;
    to: OrderStatus;
    action: string;
    actor: Actor;
    actorId: number | null;
    note?: string;
    now: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(orderEvents)
    .values({
      orderId: e.orderId,
      fromStatus: e.from,
      toStatus: e.to,
      action: e.action,
      actorKind: e.actor,
      actorId: e.actorId,
      note: e.note ?? '',
      at: new Date(e.now),
    })
    .returning({ id: orderEvents.id });
  return row.id;
}

/**
 * Moves a locked order by the state machine: checks the move, updates the row (with `patch`),
 * writes the timeline entry and queues the customer's notifications, all in `tx`.
 */
export async function applyTransition(
  tx: Tx,
  order: OrderRow,
  t: {
    action: OrderAction;
    actor: Actor;
    actorId: number | null;
    note?: string;
    now: number;
    patch?: Partial<Pick<OrderRow, 'amountFen' | 'quotedFen' | 'paidFen' | 'quote'>>;
    /** Extra payload for the messages (e.g. whether samples go back). */
    recycle?: boolean;
  },
): Promise<OrderRow> {
  const result = nextStatus(factsOf(order), t.action, t.actor);
  if (!result.ok) throw new DomainError(result.message, 200, result.code);
  // A prepaid order whose final price is above what was paid waits for the difference.
  if (t.action === 'complete' && order.amountFen > order.paidFen)
    throw new DomainError(PRICE_DIFFERENCE_UNPAID, 200, 'REFUSED');
  let [updated] = await tx
    .update(orders)
    .set({ status: result.to, updatedAt: new Date(t.now), ...t.patch })
    .where(eq(orders.id, order.id))
    .returning();
  // Samples (or a data order's files) received: the promised date is fixed now (decision 0079).
  if (t.action === 'receive') {
    const dueDate = await fixDueDate(tx, updated, t.now);
    if (dueDate) updated = { ...updated, dueDate };
  }
  const eventId = await addEvent(tx, {
    orderId: order.id,
    from: order.status,
    to: result.to,
    action: t.action,
    actor: t.actor,
    actorId: t.actorId,
    note: t.note,
    now: t.now,
  });
  const user = await referencedUser(tx, order.userId);
  // The receipt names who will call: the customer's 专属顾问, when they have one (decision 0090).
  const advisor = t.action === 'receive' ? await shownAdvisorOf(tx, order.userId) : null;
  await queueForTransition(tx, {
    action: t.action,
    to: result.to,
    typeId: order.typeId,
    userId: order.userId,
    orderId: order.id,
    eventId,
    hasEmail: Boolean(user?.email),
    now: t.now,
    payload: {
      order_no: order.orderNo,
      order_rid: order.rid,
      amount_fen: String(result.to === 'unsettled' ? updated.amountFen - updated.paidFen : updated.amountFen),
      note: t.note ?? '',
      recycle: t.recycle ? '1' : '0',
      ...(t.action === 'receive' && updated.dueDate ? { due_date: updated.dueDate } : {}),
      ...(advisor ? { advisor: `${advisor.name}（${advisor.phone}）` } : {}),
    },
  });
  if (t.patch?.paidFen !== undefined || result.to === 'cancelled')
    await queueOrderSettled(tx, order.rid, eventId, t.now);
  if (result.to === 'completed')
    await enqueue(
      tx,
      [
        {
          kind: ORDER_COMPLETED,
          payload: { orderRid: order.rid },
          uniqueKey: `completed:${order.rid}`,
          runAt: t.now,
        },
      ],
      t.now,
    );
  return updated;
}
