// The samples calls' work (decision 0069): the customer renames a sample and reads its trail
// (their own orders only: another customer's sample reads as not found); staff read any trail and
// record custody events.
import { and, eq, notInArray, or } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { samples } from './tables.ts';
import { markRecyclesSent, orderDirectory } from '../orders/index.ts';
import { findUserById } from '../accounts/index.ts';
import { recordSampleEvent, lockSample, type SampleRow } from './records.ts';
import { toOrderSample, trailOf } from './read.ts';
import { storeTarget, storedDetails } from './storing.ts';
import {
  FINAL_SAMPLE_STATUSES,
  RENAMABLE,
  RENAME_REFUSED,
  SAMPLE_NOT_FOUND,
} from '../../shared/samples/samples.ts';
import { RETENTION_RETURN } from '../../shared/samples/disposal.ts';
import type { SampleEventRequest } from '../../shared/samples/requests.ts';
import type { OrderSample, SampleTrail } from '../../shared/samples/responses.ts';

const order = orderDirectory('sample_order');

/** A sample with its order's number and owner; with `userId`, only that customer's own. */
async function sampleOf(db: Db | Tx, rid: string, userId?: number) {
  const [row] = await db
    .select({ s: samples, orderRid: order.rid, orderNo: order.orderNo })
    .from(samples)
    .innerJoin(order, eq(order.id, samples.orderId))
    .where(and(eq(samples.rid, rid), userId === undefined ? undefined : eq(order.userId, userId)));
  if (!row) throw new DomainError(SAMPLE_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

const eventsOf = async (tx: Tx, s: SampleRow) => (await trailOf(tx, s.id, false)).length;

/** sample/rename: the customer's name for one of their samples, until the lab receives it. */
export async function renameSample(
  s: Services,
  userId: number,
  rid: string,
  name: string,
): Promise<OrderSample> {
  const { s: found } = await sampleOf(s.db, rid, userId);
  return s.db.transaction(async (tx) => {
    const locked = await lockSample(tx, found.id);
    if (!RENAMABLE.includes(locked.status)) throw new DomainError(RENAME_REFUSED);
    if (locked.name === name) return toOrderSample(locked, await eventsOf(tx, locked));
    const moved = await recordSampleEvent(tx, locked.id, {
      kind: 'renamed',
      actor: 'customer',
      actorId: userId,
      details: { old_name: locked.name, new_name: name },
      name,
      now: s.now(),
    });
    return toOrderSample(moved, await eventsOf(tx, moved));
  });
}

/**
 * A sample went back to its customer: once none of the order's samples is left to send back, the
 * customer's return address request is served (as the order-level 已寄回 mark did before 0078).
 */
async function returnsServed(tx: Tx, orderId: number) {
  const [left] = await tx
    .select({ id: samples.id })
    .from(samples)
    .where(
      and(
        eq(samples.orderId, orderId),
        or(
          eq(samples.status, 'return_pending'),
          and(eq(samples.disposal, RETENTION_RETURN), notInArray(samples.status, [...FINAL_SAMPLE_STATUSES])),
        ),
      ),
    )
    .limit(1);
  if (!left) await markRecyclesSent(tx, orderId);
}

/** sample/trail: one sample and its events (the customer's own, or any for staff). */
export async function sampleTrail(s: Services, rid: string, userId?: number): Promise<SampleTrail> {
  const row = await sampleOf(s.db, rid, userId);
  const events = await trailOf(s.db, row.s.id, userId === undefined);
  return {
    ...toOrderSample(row.s, events.length),
    order_rid: row.orderRid,
    order_no: row.orderNo,
    events,
  };
}

/** sample/event: a custody event recorded by a staff member, under the sample's lock. */
export async function staffSampleEvent(
  s: Services,
  staffId: number,
  req: SampleEventRequest,
): Promise<OrderSample> {
  const { s: found } = await sampleOf(s.db, req.rid);
  const staff = await findUserById(s.db, staffId);
  const { rid: _rid, kind, note, ...given } = req;
  // Storing names a live location of the tree (its code, or its id), recorded by id and path.
  const place = 'location' in given ? { code: given.location || undefined, id: given.location_id } : null;
  const details =
    place && (place.id !== undefined || place.code !== undefined)
      ? storedDetails(
          await storeTarget(s.db, place.id !== undefined ? { id: place.id } : { code: place.code }),
        )
      : given;
  return s.db.transaction(async (tx) => {
    const moved = await recordSampleEvent(tx, found.id, {
      kind,
      actor: 'staff',
      actorId: staffId,
      actorName: staff?.name || staff?.phone || '',
      details,
      note,
      now: s.now(),
    });
    if (moved.status === 'returned') await returnsServed(tx, moved.orderId);
    return toOrderSample(moved, await eventsOf(tx, moved));
  });
}
