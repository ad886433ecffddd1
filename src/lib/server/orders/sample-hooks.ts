// Samples sit above orders (decision 0069): an order's samples are made, listed and posted by the
// samples domain, which registers its functions here when it loads, so orders never imports it
// yet every order of items with a sample is written together with its samples.
import type { Db, Tx } from '../platform/db/client.ts';
import type { Actor } from '../../shared/orders/order-status.ts';
import type { OrderSample } from '../../shared/samples/responses.ts';

/** A line of a new order as samples need it (its id, item, count, source and disposal). */
export type SampleLine = {
  id: number;
  itemRid: string;
  name: string;
  sampleCount: number;
  source: number;
  disposal: number;
};
export type SampleOrder = { id: number; rid: string; orderNo: string; typeId: number; userId: number };
export type SampleActor = { actor: Actor; actorId: number | null };

export type SampleHooks = {
  /** Makes the order's samples unless it has some already (inside the order's transaction). */
  create: (tx: Tx, order: SampleOrder, lines: SampleLine[], by: SampleActor, now: number) => Promise<void>;
  /** The order's samples as its detail shows them. */
  ofOrder: (db: Db, orderId: number) => Promise<OrderSample[]>;
  /** The customer's courier form: the order's samples still to be sent are on their way. */
  posted: (
    tx: Tx,
    orderId: number,
    courier: { company: string; no: string },
    by: SampleActor,
    now: number,
  ) => Promise<void>;
};

let hooks: SampleHooks | undefined;

export function registerSampleHooks(h: SampleHooks): void {
  hooks = h;
}

/** The registered hooks; an order that takes samples cannot be written without them. */
export function sampleHooks(): SampleHooks {
  if (!hooks) throw new Error('No sample hooks registered: import the samples domain before placing orders');
  return hooks;
}

/** The order's samples for its detail; none when samples are not loaded (a tool without them). */
export const samplesForDetail = (db: Db, orderId: number): Promise<OrderSample[]> =>
  hooks ? hooks.ofOrder(db, orderId) : Promise.resolve([]);
