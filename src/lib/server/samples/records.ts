// Writing samples (decision 0069): making an order's samples, and recording one custody event
// under the sample's row lock, the only way a sample's status moves (the database refuses others).
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { newRid } from '../platform/ids.ts';
import { DomainError } from '../platform/errors.ts';
import { sampleEvents, samples } from './tables.ts';
import { setRetention } from './disposal-retention.ts';
import {
  FINAL_SAMPLE_STATUSES,
  SAMPLE_STATUS_TEXT,
  SAMPLE_NOT_FOUND,
  defaultSampleName,
  illegalMoveText,
  initialSampleStatus,
  nextSampleStatus,
  sampleNo,
  type SampleEventDetails,
  type SampleEventKind,
  type SampleMove,
} from '../../shared/samples/samples.ts';
import type { SampleActor, SampleLine, SampleOrder } from '../orders/index.ts';

export type SampleRow = typeof samples.$inferSelect;

/** The project type whose items are physical samples sent to the lab (送样检测). */
const LAB_SAMPLE_TYPE = 1;

/**
 * An order's samples: each line's count, numbered across the order in line order, each with its
 * 'created' event. Only 送样检测 orders have them (data analysis never, 预约现场 by default not);
 * an order that has samples already keeps them (a requote makes none).
 */
export async function createSamples(
  tx: Tx,
  order: SampleOrder,
  lines: SampleLine[],
  by: SampleActor,
  now: number,
): Promise<void> {
  if (order.typeId !== LAB_SAMPLE_TYPE) return;
  const [{ n }] = await tx.select({ n: count() }).from(samples).where(eq(samples.orderId, order.id));
  if (n > 0) return;
  const at = new Date(now);
  let index = 0;
  const rows = [...lines]
    .sort((a, b) => a.id - b.id)
    .flatMap((l) =>
      Array.from({ length: Math.max(0, l.sampleCount) }, (_, i) => {
        index += 1;
        // A sheet's sample keeps its name, note and own parameters (decision 0089).
        const sheet = l.samples?.[i];
        return {
          rid: newRid('sample'),
          orderId: order.id,
          orderItemId: l.id,
          sampleNo: sampleNo(order.orderNo, index),
          name: sheet?.name || defaultSampleName(index),
          note: sheet?.note ?? '',
          parameters: sheet?.parameters ?? {},
          itemRid: l.itemRid,
          itemName: l.name,
          status: initialSampleStatus(l.source),
          disposal: l.disposal,
          createdAt: at,
        };
      }),
    );
  if (rows.length === 0) return;
  const made = await tx.insert(samples).values(rows).returning({ id: samples.id, status: samples.status });
  await tx.insert(sampleEvents).values(
    made.map((m) => ({
      sampleId: m.id,
      kind: 'created' as const,
      fromStatus: null,
      toStatus: m.status,
      actorKind: by.actor,
      actorId: by.actorId,
      at,
    })),
  );
}

/** Locks one sample's row for the rest of the transaction (two events on it queue up). */
export async function lockSample(tx: Tx, id: number): Promise<SampleRow> {
  const [row] = await tx.select().from(samples).where(eq(samples.id, id)).for('update');
  if (!row) throw new DomainError(SAMPLE_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

/**
 * A sample by the code on its label (its sample_no, as a scanner types it), or undefined.
 * @public for the scan-to-receive screen.
 */
export async function findSampleByNo(db: Db | Tx, code: string): Promise<SampleRow | undefined> {
  const [row] = await db.select().from(samples).where(eq(samples.sampleNo, code.trim().toUpperCase()));
  return row;
}

export type SampleEventInput = {
  kind: SampleEventKind;
  actor: SampleActor['actor'];
  actorId: number | null;
  actorName?: string;
  details?: SampleEventDetails;
  note?: string;
  now: number;
  /** For a rename: the sample's new name. */
  name?: string;
};

/**
 * Records one custody event on a sample inside the caller's transaction: locks the sample, checks
 * the move against the table (a clear refusal otherwise), appends the event, then moves the
 * sample (status, and location when stored). Returns the sample as it now is.
 */
export async function recordSampleEvent(tx: Tx, sampleId: number, e: SampleEventInput): Promise<SampleRow> {
  const s = await lockSample(tx, sampleId);
  if (e.kind === 'created') throw new Error('created events are written by createSamples');
  let to = s.status;
  if (e.kind !== 'renamed') {
    const next = nextSampleStatus(s.status, e.kind as SampleMove);
    if (!next)
      throw new DomainError(
        FINAL_SAMPLE_STATUSES.includes(s.status)
          ? `样品已${SAMPLE_STATUS_TEXT[s.status].replace(/^已/, '')}，不能再记录流转`
          : illegalMoveText(s.status, e.kind as SampleMove),
      );
    to = next;
  }
  const details = e.details ?? {};
  await tx.insert(sampleEvents).values({
    sampleId: s.id,
    kind: e.kind,
    fromStatus: s.status,
    toStatus: to,
    actorKind: e.actor,
    actorId: e.actorId,
    actorName: e.actorName ?? '',
    details,
    note: e.note ?? '',
    at: new Date(e.now),
  });
  const stores = e.kind === 'stored' || e.kind === 'returned_to_storage';
  const leaves = to === 'returned' || to === 'disposed';
  const [updated] = await tx
    .update(samples)
    .set({
      status: to,
      ...(e.name !== undefined ? { name: e.name } : {}),
      ...(stores && details.location
        ? { locationId: details.location_id ?? null, locationLabel: details.location }
        : {}),
      ...(leaves ? { locationId: null, locationLabel: null } : {}),
    })
    .where(eq(samples.id, s.id))
    .returning();
  // The end of testing starts the retention clock (decision 0073).
  if (to === 'tested') return { ...updated, retainUntil: await setRetention(tx, updated, e.now) };
  return updated;
}

/**
 * The customer's courier form (order/updateExpress): every sample of the order still to be sent,
 * or already on its way (a corrected number), gets a 'posted' event with the courier and number.
 */
export async function postSamples(
  tx: Tx,
  orderId: number,
  courier: { company: string; no: string },
  by: SampleActor,
  now: number,
): Promise<void> {
  const waiting = await tx
    .select({ id: samples.id })
    .from(samples)
    .where(and(eq(samples.orderId, orderId), inArray(samples.status, ['awaiting_post', 'in_transit'])))
    .orderBy(samples.id);
  for (const w of waiting)
    await recordSampleEvent(tx, w.id, {
      kind: 'posted',
      actor: by.actor,
      actorId: by.actorId,
      details: { courier: courier.company, number: courier.no },
      now,
    });
}
