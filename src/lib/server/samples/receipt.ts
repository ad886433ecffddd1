// The samples' side of an order's receipt (decision 0072), called by orders inside order/receive's
// and order/reject's transaction (registered as a sample hook): receiving every sample still to
// come, or keeping the scanned ones and reporting the others missing (an 'abnormal' event, reason
// missing, and a message to the customer naming them); a refusal sends the received ones back.
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { samples } from './tables.ts';
import { lockSample, recordSampleEvent } from './records.ts';
import { RECEIVABLE } from './scan.ts';
import { queueNotices } from '../notify/index.ts';
import { findUserById } from '../accounts/index.ts';
import { missingText } from '../../shared/samples/scan.ts';
import type { ReceiptOutcome, ReceiptStep, SampleActor, SampleOrder } from '../orders/index.ts';

export async function closeReceipt(
  tx: Tx,
  order: SampleOrder & { rid: string; userId: number },
  step: ReceiptStep,
  by: SampleActor,
  now: number,
): Promise<ReceiptOutcome> {
  const rows = await tx
    .select({ id: samples.id, no: samples.sampleNo, status: samples.status })
    .from(samples)
    .where(eq(samples.orderId, order.id))
    .orderBy(asc(samples.id));
  if (rows.length === 0) return { total: 0, held: 0, missing: [] };
  const staff = by.actorId === null ? undefined : await findUserById(tx, by.actorId);
  const actor = { actor: by.actor, actorId: by.actorId, actorName: staff?.name || staff?.phone || '', now };
  if (step.action === 'reject') {
    // The samples go back: each one received in this round is 异常 (refused) until it comes again.
    for (const r of rows)
      if ((await lockSample(tx, r.id)).status === 'received')
        await recordSampleEvent(tx, r.id, {
          kind: 'abnormal',
          ...actor,
          details: { reason: 'rejected' },
          note: step.reason,
        });
    return { total: rows.length, held: 0, missing: [] };
  }
  // Each sample's status is read again under its row lock: a scan running at this moment either
  // received it before (it is kept) or waits and finds it missing (found again, it is received).
  const missing: string[] = [];
  for (const r of rows) {
    const locked = await lockSample(tx, r.id);
    if (!RECEIVABLE.includes(locked.status)) continue;
    if (step.samples === 'all') await recordSampleEvent(tx, r.id, { kind: 'received', ...actor });
    else {
      missing.push(r.no);
      if (locked.status !== 'abnormal')
        await recordSampleEvent(tx, r.id, { kind: 'abnormal', ...actor, details: { reason: 'missing' } });
    }
  }
  missing.sort();
  if (missing.length > 0)
    await queueNotices(
      tx,
      [
        {
          userId: order.userId,
          key: `samples-missing:${order.rid}:${now}`,
          title: '样品数量不符',
          text: `您的订单${order.orderNo}已签收 ${rows.length - missing.length}/${rows.length} 个样品，${missingText(missing)}。请核对后联系业务经理补寄。`,
        },
      ],
      now,
    );
  return { total: rows.length, held: rows.length - missing.length, missing };
}
