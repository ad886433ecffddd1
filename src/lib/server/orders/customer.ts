// The customer's own steps on an order besides paying: cancelling, the test record, report
// feedback, the courier of a self-delivered sample, and the evaluation.
import { and, eq, isNull } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { orderFeedback, orders } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { moneyTransaction } from '../money/index.ts';
import { orderStatusText, takesSample, type Actor } from '../../shared/orders/order-status.ts';
import { addEvent, lockOrder, type OrderRow } from './transition.ts';
import { findOwnOrder, timelineOf } from './read.ts';
import { releaseHold } from './holds.ts';
import { cancelWithRefund } from './cancel.ts';
import { sampleHooks } from './sample-hooks.ts';

export const DONE = ['delivered', 'unsettled', 'completed'] as const;

/**
 * Cancels an order (customer: before the sample is received; staff: any open order, with a
 * reason). Money already paid goes back to the balance as a refund entry in the same transaction.
 */
export async function cancelOrder(
  s: Services,
  o: OrderRow,
  by: { actor: Actor; actorId: number; reason: string },
): Promise<OrderRow> {
  const now = s.now();
  return moneyTransaction(s.db, (tx) =>
    cancelWithRefund(tx, o, { actor: by.actor, actorId: by.actorId, note: by.reason }, now, {
      // A reservation's order frees its slots with it (and holds customers to the deadline).
      release: (order) => releaseHold(tx, order, by, now),
    }),
  );
}

/** The test steps of an order: receipt, testing, data, as timeline entries with their texts. */
export async function testRecord(s: Services, userId: number, rid: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  const steps = (await timelineOf(s.db, o.id)).filter((e) =>
    ['receive', 'start', 'deliver'].includes(e.action),
  );
  return {
    list: steps.map((e) => ({ ...e, status_text: orderStatusText(e.to, o.typeId) })),
  };
}

export async function reportFeedback(s: Services, userId: number, rid: string, content: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  if (!(DONE as readonly string[]).includes(o.status))
    throw new DomainError('检测数据出具后才能反馈报告问题');
  const now = s.now();
  await s.db.transaction(async (tx) => {
    await tx
      .insert(orderFeedback)
      .values({ orderId: o.id, userId, kind: 'feedback', content, createdAt: new Date(now) });
    await addEvent(tx, {
      orderId: o.id,
      from: o.status,
      to: o.status,
      action: 'feedback',
      actor: 'customer',
      actorId: userId,
      note: content,
      now,
    });
  });
}

const EXPRESS_NOT_ALLOWED = '仅自行寄样且待寄样的订单可以填写快递信息';
const NO_SAMPLE_TO_POST = '该订单无需寄送样品（数据分析请在订单详情中上传数据文件）';

/**
 * order/updateExpress: the customer tells the lab which courier carries their self-delivered
 * sample; it may be corrected until the lab receives the sample. The order row is locked so the
 * record and its timeline entry are written together, and never after receipt.
 */
export async function updateExpress(s: Services, userId: number, rid: string, company: string, no: string) {
  const peek = await findOwnOrder(s.db, userId, rid);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const o = await lockOrder(tx, peek.id);
    if (!takesSample(o.typeId)) throw new DomainError(NO_SAMPLE_TO_POST);
    if (o.delivery.type !== 0 || o.status !== 'awaiting_sample') throw new DomainError(EXPRESS_NOT_ALLOWED);
    const express = { company, no: no.toUpperCase(), at: new Date(now).toISOString() };
    await tx.update(orders).set({ express }).where(eq(orders.id, o.id));
    await addEvent(tx, {
      orderId: o.id,
      from: o.status,
      to: o.status,
      action: 'express',
      actor: 'customer',
      actorId: userId,
      note: `${company} ${express.no}`,
      now,
    });
    await sampleHooks().posted(tx, o.id, express, { actor: 'customer', actorId: userId }, now);
    return express;
  });
}

const ALREADY_EVALUATED = '评价只能修改一次';

/**
 * evaluate/add: the first call saves the order's evaluation; a second one changes it, once (the
 * change is a single conditional update, so two racing edits cannot both land).
 */
export async function evaluate(s: Services, userId: number, rid: string, score: number, content: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  if (o.status !== 'completed') throw new DomainError('订单完成后才能评价');
  const now = new Date(s.now());
  const [added] = await s.db
    .insert(orderFeedback)
    .values({ orderId: o.id, userId, kind: 'evaluation', score, content, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: orderFeedback.id });
  if (added) return;
  const [edited] = await s.db
    .update(orderFeedback)
    .set({ score, content, editedAt: now })
    .where(
      and(
        eq(orderFeedback.orderId, o.id),
        eq(orderFeedback.kind, 'evaluation'),
        isNull(orderFeedback.editedAt),
      ),
    )
    .returning({ id: orderFeedback.id });
  if (!edited) throw new DomainError(ALREADY_EVALUATED);
}
