// Samples sit above orders (decision 0069): an order's samples are made, listed and posted by the
// samples domain, which registers its functions here when it loads, so orders never imports it
// yet every order of items with a sample is written together with its samples.
import type { Db, Tx } from '../platform/db/client.ts';
import type { Actor } from '../../shared/orders/order-status.ts';
import type { SheetSample } from '../../shared/plan/sheet.ts';
import type { OrderSample } from '../../shared/samples/responses.ts';
import type { PromiseRow, SamplePromiseKind } from '../../shared/orders/operations.ts';

/** A line of a new order as samples need it (its id, item, count, source and disposal). */
export type SampleLine = {
  id: number;
  itemRid: string;
  name: string;
  sampleCount: number;
  source: number;
  disposal: number;
  /** A sample sheet's samples, in order (decision 0089); null: named 样品01… */
  samples: SheetSample[] | null;
};
export type SampleOrder = { id: number; rid: string; orderNo: string; typeId: number; userId: number };
export type SampleActor = { actor: Actor; actorId: number | null };

/**
 * The order's receipt closes (decision 0072): 'all' receives every sample still to come (the
 * pickup screen's one click, the order page), 'scanned' keeps the scanned ones and reports the
 * rest missing; a refusal sends the received ones back. Answers what the receipt then records.
 */
export type ReceiptStep = { action: 'receive' | 'reject'; samples: 'all' | 'scanned'; reason: string };
export type ReceiptOutcome = { total: number; held: number; missing: string[] };

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
  /** The order's receipt closes (inside order/receive's or order/reject's transaction). */
  receipt: (
    tx: Tx,
    order: SampleOrder & { rid: string; userId: number },
    step: ReceiptStep,
    by: SampleActor,
    now: number,
  ) => Promise<ReceiptOutcome>;
  /**
   * The samples for which a per-sample service promise (return within 48 h, disposal once kept
   * long enough) is overdue at `now`, oldest first (decision 0078).
   */
  overdue: (db: Db, kind: SamplePromiseKind, now: number) => Promise<PromiseRow[]>;
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

/** The samples' side of a receipt; an order without samples (or no samples domain) has none. */
export const receiptHook = (): SampleHooks['receipt'] | undefined => hooks?.receipt;

/** Overdue per-sample promises; none when samples are not loaded. */
export const overdueSamples = (db: Db, kind: SamplePromiseKind, now: number): Promise<PromiseRow[]> =>
  hooks ? hooks.overdue(db, kind, now) : Promise.resolve([]);
