import type { Tx } from '../platform/db/client.ts';
import type { Actor } from '../../shared/orders/order-status.ts';
import { ORDERABLE_TYPES } from '../../shared/catalogue/catalogue.ts';
import type { OrderRow } from './transition.ts';

export type ReleasedBy = { actor: Actor; actorId: number | null; reason: string; reject?: boolean };

/**
 * Frees what an order of one kind holds besides itself (a reservation's slots), inside the
 * cancelling transaction; it may refuse (past the cancellation deadline).
 */
export type ReleaseHold = (tx: Tx, order: OrderRow, by: ReleasedBy, now: number) => Promise<void>;

// Domains above orders register their kind here (reservations registers 预约现场), so every
// order cancellation frees a booking without orders importing reservations.
const holds = new Map<number, ReleaseHold>();

export function registerHold(typeId: number, release: ReleaseHold): void {
  holds.set(typeId, release);
}

export async function releaseHold(tx: Tx, order: OrderRow, by: ReleasedBy, now: number): Promise<void> {
  const release = holds.get(order.typeId);
  // An order type booked elsewhere but with no release registered would leak its slots: refuse.
  if (!release && !ORDERABLE_TYPES.includes(order.typeId))
    throw new Error(`No hold release registered for order type ${order.typeId}`);
  await release?.(tx, order, by, now);
}
