// Scan to receive (issue 30, decision 0072): one scanned code at the lab's door. A sample's code
// receives it (one receipt even when two people scan it at once: the check runs under the
// sample's row lock); a location's code is answered so the screen sends it with the next samples,
// which are then stored there too. Refusals change nothing.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { sampleEvents, samples } from './tables.ts';
import { orderDirectory } from '../orders/index.ts';
import { findUserById, userDirectory } from '../accounts/index.ts';
import { findSampleByNo, lockSample, recordSampleEvent, type SampleRow } from './records.ts';
import { toOrderSample } from './read.ts';
import { storeTarget, storedDetails, type StoreTarget } from './storing.ts';
import { shanghaiMinute } from '../../shared/time.ts';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../shared/orders/order-status.ts';
import type { SampleStatus } from '../../shared/samples/samples.ts';
import {
  classifyCode,
  SCAN_MALFORMED,
  SCAN_ORDER_CLOSED,
  scanAlreadyThere,
  scanDuplicate,
  scanOtherOrder,
  scanUnknown,
  type SampleScan,
  type SampleScanRequest,
  type ScanOrder,
} from '../../shared/samples/scan.ts';

/** Statuses a scan receives from: still to come, or reported missing and found again. */
export const RECEIVABLE: readonly SampleStatus[] = ['awaiting_post', 'in_transit', 'abnormal'];

const order = orderDirectory('scan_order');
const customer = userDirectory('scan_customer');

/** The order of a sample with its customer, as the screen's panel heads it. */
async function orderHead(db: Db | Tx, where: { id?: number; rid?: string }) {
  const [row] = await db
    .select({
      id: order.id,
      rid: order.rid,
      orderNo: order.orderNo,
      status: order.status,
      name: customer.name,
      phone: customer.phone,
      company: customer.company,
    })
    .from(order)
    .innerJoin(customer, eq(customer.id, order.userId))
    .where(where.id !== undefined ? eq(order.id, where.id) : eq(order.rid, where.rid ?? ''));
  return row;
}

/** An order's receipt so far: how many samples, how many in the lab, which are missing. */
export async function scanOrder(
  db: Db | Tx,
  where: { id?: number; rid?: string },
): Promise<ScanOrder | null> {
  const head = await orderHead(db, where);
  if (!head) return null;
  const rows = await db
    .select({ no: samples.sampleNo, status: samples.status })
    .from(samples)
    .where(eq(samples.orderId, head.id))
    .orderBy(samples.sampleNo);
  const missing = rows.filter((r) => RECEIVABLE.includes(r.status)).map((r) => r.no);
  return {
    rid: head.rid,
    order_no: head.orderNo,
    status: head.status,
    status_text: ORDER_STATUS_TEXT[head.status as OrderStatus] ?? head.status,
    samples: rows.length,
    received: rows.length - missing.length,
    missing,
    customer: { name: head.name || head.phone, company: head.company ?? '' },
  };
}

/** Who received a sample and when, from its latest 'received' event. */
async function lastReceipt(tx: Tx, s: SampleRow) {
  const [e] = await tx
    .select({ at: sampleEvents.at, by: sampleEvents.actorName })
    .from(sampleEvents)
    .where(and(eq(sampleEvents.sampleId, s.id), eq(sampleEvents.kind, 'received')))
    .orderBy(desc(sampleEvents.id))
    .limit(1);
  return e;
}

/** Receives the sample (unless it is in the lab already) and stores it at `target` when given. */
async function receiveAndStore(
  tx: Tx,
  sampleId: number,
  code: string,
  target: StoreTarget | null,
  by: { staffId: number; name: string; now: number },
): Promise<{ sample: SampleRow; events: number; outcome: SampleScan['outcome'] }> {
  const actor = { actor: 'staff' as const, actorId: by.staffId, actorName: by.name, now: by.now };
  let s = await lockSample(tx, sampleId);
  if (RECEIVABLE.includes(s.status)) s = await recordSampleEvent(tx, s.id, { kind: 'received', ...actor });
  else if (!target) {
    const last = await lastReceipt(tx, s);
    throw new DomainError(
      scanDuplicate(code, last ? shanghaiMinute(last.at) : '此前', last?.by ?? ''),
      200,
      'DUPLICATE',
    );
  } else if (s.locationId === target.id)
    throw new DomainError(scanAlreadyThere(code, target.location.path_text), 200, 'DUPLICATE');
  if (target)
    s = await recordSampleEvent(tx, s.id, { kind: 'stored', ...actor, details: storedDetails(target) });
  const [{ n }] = await tx.select({ n: count() }).from(sampleEvents).where(eq(sampleEvents.sampleId, s.id));
  return { sample: s, events: n, outcome: target ? 'stored' : 'received' };
}

/** sample/scan: one code from the scan field or the camera. */
export async function scanCode(s: Services, staffId: number, req: SampleScanRequest): Promise<SampleScan> {
  const scanned = classifyCode(req.code);
  if (scanned.kind === 'malformed') throw new DomainError(SCAN_MALFORMED, 200, 'INVALID_INPUT');
  if (scanned.kind === 'location') {
    const { location } = await storeTarget(s.db, { code: scanned.code });
    return { outcome: 'location', code: scanned.code, sample: null, order: null, location };
  }
  const found = await findSampleByNo(s.db, scanned.code);
  if (!found) throw new DomainError(scanUnknown(scanned.code), 200, 'NOT_FOUND');
  const head = await orderHead(s.db, { id: found.orderId });
  if (req.order_rid && head.rid !== req.order_rid) {
    const open = await orderHead(s.db, { rid: req.order_rid });
    throw new DomainError(
      scanOtherOrder(scanned.code, head.orderNo, open?.orderNo ?? req.order_rid),
      200,
      'OTHER_ORDER',
    );
  }
  if (head.status === 'cancelled') throw new DomainError(SCAN_ORDER_CLOSED);
  const target = req.location_code ? await storeTarget(s.db, { code: req.location_code }) : null;
  const staff = await findUserById(s.db, staffId);
  const name = staff?.name || staff?.phone || '';
  const done = await s.db.transaction((tx) =>
    receiveAndStore(tx, found.id, scanned.code, target, { staffId, name, now: s.now() }),
  );
  return {
    outcome: done.outcome,
    code: scanned.code,
    sample: toOrderSample(done.sample, done.events),
    order: await scanOrder(s.db, { id: found.orderId }),
    location: target?.location ?? null,
  };
}
