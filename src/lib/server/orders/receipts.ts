// Samples arriving (decision 0039): staff photograph them, record how many came and in what
// condition with 确认收样, or refuse them with a reason (the order waits for new samples). The
// customer sees every record, photos included, on the order detail.
import type { Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { orderReceipts } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { attachFilesToOrder, lockFilesByRid, storeFile, type Stored } from '../files/index.ts';
import {
  RECEIPT_CONDITION_TEXT,
  RECEIPT_PHOTO_GONE,
  type ReceiptInput,
} from '../../shared/orders/receipt.ts';
import { applyTransition, lockOrder, type OrderRow } from './transition.ts';
import { findOrder } from './read.ts';
import { receiptHook, type ReceiptOutcome } from './sample-hooks.ts';

/** Statuses in which samples can be received or refused, so photographed. */
const PHOTO_STATUSES: readonly OrderRow['status'][] = ['awaiting_sample', 'awaiting_pickup', 'received'];

/**
 * A photo of an order's samples, uploaded before the receipt that names it: a picture (type
 * sniffed, decoded for its thumbnail), owned by the order's customer so that they and staff may
 * read it, attached to the order only when the receipt is recorded.
 */
export async function storeReceiptPhoto(
  s: Services,
  staffId: number,
  rid: string,
  upload: { name: string; bytes: Uint8Array },
): Promise<Stored> {
  const o = await findOrder(s.db, rid);
  if (!PHOTO_STATUSES.includes(o.status)) throw new DomainError('当前订单状态不能上传收样照片');
  return storeFile(s, {
    ownerId: o.userId,
    uploaderId: staffId,
    orderId: null,
    kind: 'receipt',
    name: upload.name,
    bytes: upload.bytes,
  });
}

/** Attaches the named photos to the order: each must be a receipt photo of its customer, still free. */
async function attachPhotos(tx: Tx, order: OrderRow, rids: string[]) {
  if (rids.length === 0) return;
  const rows = await lockFilesByRid(tx, rids);
  const free = rows.filter((f) => f.kind === 'receipt' && f.ownerId === order.userId && f.orderId === null);
  if (free.length !== rids.length) throw new DomainError(RECEIPT_PHOTO_GONE);
  await attachFilesToOrder(
    tx,
    free.map((f) => f.id),
    order.id,
  );
}

const receiptText = (r: ReceiptInput) =>
  `实收 ${r.count} 个，样品状况：${RECEIPT_CONDITION_TEXT[r.condition]}${r.condition_note ? `（${r.condition_note}）` : ''}`;

/**
 * A receipt with missing samples (decision 0072): the count is what the lab holds, the condition
 * 数量不符, and the note names the missing IDs before any words staff wrote.
 */
function withMissing(r: ReceiptInput | undefined, out: ReceiptOutcome | undefined): ReceiptInput | undefined {
  if (!r || !out || out.missing.length === 0) return r;
  const missing = `未收到样品：${out.missing.join('、')}`;
  return {
    ...r,
    count: Math.max(1, out.held),
    condition: 'count_mismatch',
    condition_note: [missing, r.condition_note].filter(Boolean).join('；'),
  };
}

type Step = {
  action: 'receive' | 'reject';
  note: string;
  reason: string;
  receipt?: ReceiptInput;
  /** Which samples the receipt receives: every one still to come, or the scanned ones only. */
  samples: 'all' | 'scanned';
};

/** Records the receipt (if given) and moves the order and its samples, in one transaction. */
async function record(s: Services, staffId: number, rid: string, step: Step) {
  const o = await findOrder(s.db, rid);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, o.id);
    // The samples move first, so the receipt and the timeline can name the missing ones.
    const out = await receiptHook()?.(
      tx,
      order,
      { action: step.action, samples: step.samples, reason: step.reason },
      { actor: 'staff', actorId: staffId },
      now,
    );
    const r = step.action === 'receive' ? withMissing(step.receipt, out) : step.receipt;
    const missing =
      step.action === 'receive' && out?.missing.length && !r ? `未收到样品：${out.missing.join('、')}` : '';
    const parts =
      step.action === 'reject'
        ? [step.reason, r && receiptText(r)]
        : [step.note, r && receiptText(r), missing];
    const updated = await applyTransition(tx, order, {
      action: step.action,
      actor: 'staff',
      actorId: staffId,
      note: parts.filter(Boolean).join('；'),
      now,
    });
    if (r || step.action === 'reject') {
      await attachPhotos(tx, order, r?.photo_rids ?? []);
      await tx.insert(orderReceipts).values({
        orderId: order.id,
        outcome: step.action === 'reject' ? 'rejected' : 'received',
        count: r?.count ?? null,
        condition: r?.condition ?? null,
        conditionNote: r?.condition_note ?? '',
        reason: step.reason,
        note: step.note,
        photoRids: r?.photo_rids ?? [],
        staffId,
        at: new Date(now),
      });
    }
    return updated;
  });
}

/** 确认收样: the order moves to 已收样; with a receipt, its count, condition and photos are kept. */
export const receiveSamples = (
  s: Services,
  staffId: number,
  rid: string,
  note: string,
  receipt?: ReceiptInput,
  samples: 'all' | 'scanned' = 'all',
) => record(s, staffId, rid, { action: 'receive', note, reason: '', receipt, samples });

/** 拒收样品: the order goes back to waiting for samples; the customer is told why. */
export const rejectSamples = (
  s: Services,
  staffId: number,
  rid: string,
  reason: string,
  receipt?: ReceiptInput,
) => record(s, staffId, rid, { action: 'reject', note: '', reason, receipt, samples: 'all' });
