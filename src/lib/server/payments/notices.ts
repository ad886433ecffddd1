// Provider notices (decision 0025): verified, recorded under their event id and settled exactly
// once — the order paid, the top-up credited or the money kept as cash; a refund's final result.
import { eq, sql } from 'drizzle-orm';
import { paymentAdapter, type Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { paymentEvents } from '../platform/db/platform-tables.ts';
import { paymentIntents, paymentRefunds } from './tables.ts';
import type { PaymentNotice } from '../platform/adapters/payment/types.ts';
import { settleOnlineOrder } from '../orders/index.ts';
import {
  moneyTransaction,
  postChannelRefundFailed,
  settleOnlineRepay,
  settleOnlineTopUp,
  userAccount,
} from '../money/index.ts';
import { PAY_CHANNEL_TEXT } from '../../shared/payments.ts';

type Intent = typeof paymentIntents.$inferSelect;

export type NoticeResult = 'settled' | 'duplicate' | 'closed' | 'refused';

/**
 * A provider notification, over its raw bytes: verified by the adapter, then in one transaction
 * recorded under its event id (a repeat is a no-op), the intent locked, its amount checked, and
 * the money written once — the order paid or the top-up credited, or kept as cash when that is no
 * longer possible (even for a trade we had closed: money that arrived is never lost).
 */
export async function handleNotice(
  s: Services,
  provider: string,
  rawBody: string,
  header: (name: string) => string | undefined,
  source = 'local',
): Promise<NoticeResult> {
  const adapter = paymentAdapter(s, provider);
  if (!adapter) return 'refused';
  let notice: PaymentNotice;
  try {
    notice = adapter.verifyNotice(rawBody, header);
  } catch (error) {
    await recordForgery(s, provider, source, (error as Error).message);
    return 'refused';
  }
  return settleNotice(s, provider, notice);
}

/** Forged notices one address may have recorded per window; beyond it they are only counted. */
export const FORGED_NOTICES = { limit: 20, seconds: 3600 } as const;

/**
 * A notice that failed verification: one payment_events row per provider, address and hour,
 * counting the attempts, so a flood of forgeries (each body different) cannot grow the table;
 * past the address's limit nothing more is written there, or logged (the limiter still counts).
 */
async function recordForgery(s: Services, provider: string, source: string, reason: string) {
  const hit = await s.limiter.hit(`forged-notice:${provider}:${source}`, FORGED_NOTICES);
  if (!hit.allowed) return;
  console.warn(`[payments] ${provider} notice from ${source} refused: ${reason}`);
  const at = new Date(s.now());
  const hour = at.toISOString().slice(0, 13);
  await s.db
    .insert(paymentEvents)
    .values({
      provider,
      eventKey: `forged:${source}:${hour}`,
      outcome: 'forged',
      payload: { source, count: 1, reason: reason.slice(0, 200) },
      at,
    })
    .onConflictDoUpdate({
      target: [paymentEvents.provider, paymentEvents.eventKey],
      set: {
        payload: sql`jsonb_set(${paymentEvents.payload}, '{count}', to_jsonb(coalesce((${paymentEvents.payload}->>'count')::int, 0) + 1))`,
        at,
      },
    });
}

/**
 * A verified notice (from a notification or from asking the provider), in one transaction:
 * recorded under its event id (a repeat is a no-op), the intent locked, provider and amount
 * checked, and the money written once.
 */
export async function settleNotice(
  s: Services,
  provider: string,
  notice: PaymentNotice,
): Promise<NoticeResult> {
  const now = s.now();
  return moneyTransaction(s.db, async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventKey: notice.eventId,
        tradeNo: notice.tradeNo,
        outcome: 'received',
        payload: notice,
        at: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    const mark = (outcome: string) =>
      tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, recorded.id));
    if (notice.refund) return settleRefundNotice(tx, notice.refund, mark, now);
    const [intent] = await tx
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.tradeNo, notice.tradeNo))
      .for('update');
    if (!intent || intent.provider !== provider) {
      console.warn(`[payments] ${provider} notice for an unknown trade ${notice.tradeNo}`);
      await mark('unknown_trade');
      return 'refused';
    }
    if (notice.amountFen !== intent.amountFen) {
      console.warn(
        `[payments] ${notice.tradeNo}: notice says ${notice.amountFen}, the trade is ${intent.amountFen}`,
      );
      await mark('wrong_amount');
      return 'refused';
    }
    if (intent.status === 'succeeded') {
      await mark('repeat');
      return 'duplicate';
    }
    if (notice.status === 'closed') {
      await tx
        .update(paymentIntents)
        .set({ status: 'closed', updatedAt: new Date(now) })
        .where(eq(paymentIntents.id, intent.id));
      await mark('closed');
      return 'closed';
    }
    const outcome = await settle(tx, intent, now);
    await tx
      .update(paymentIntents)
      .set({
        status: 'succeeded',
        providerTradeNo: notice.providerTradeNo,
        outcome,
        paidAt: new Date(now),
        updatedAt: new Date(now),
      })
      .where(eq(paymentIntents.id, intent.id));
    await mark(`settled:${outcome}`);
    return 'settled';
  });
}

/** A refund's final result: a refund still under way becomes succeeded, or failed with the money back on the balance. */
async function settleRefundNotice(
  tx: Tx,
  result: { refundNo: string; status: 'succeeded' | 'failed' },
  mark: (outcome: string) => Promise<unknown>,
  now: number,
): Promise<NoticeResult> {
  const [refund] = await tx
    .select({ r: paymentRefunds, userId: paymentIntents.userId })
    .from(paymentRefunds)
    .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.intentId))
    .where(eq(paymentRefunds.refundNo, result.refundNo))
    .for('update', { of: paymentRefunds });
  if (!refund) {
    await mark('unknown_refund');
    return 'refused';
  }
  if (refund.r.status !== 'pending' && refund.r.status !== 'processing') {
    await mark('repeat');
    return 'duplicate';
  }
  if (result.status === 'failed') {
    const { id: accountId } = await userAccount(tx, refund.userId, now);
    await postChannelRefundFailed(tx, {
      accountId,
      amountFen: refund.r.amountFen,
      refundNo: refund.r.refundNo,
      now,
    });
  }
  await tx
    .update(paymentRefunds)
    .set({ status: result.status, updatedAt: new Date(now) })
    .where(eq(paymentRefunds.id, refund.r.id));
  await mark(`refund:${result.status}`);
  return 'settled';
}

function settle(tx: Tx, i: Intent, now: number) {
  const input = {
    userId: i.userId,
    amountFen: i.amountFen,
    tradeNo: i.tradeNo,
    channelText: PAY_CHANNEL_TEXT[i.channel],
    now,
  };
  if (i.purpose === 'order') return settleOnlineOrder(tx, { ...input, orderRid: i.refRid });
  if (i.purpose === 'repay') return settleOnlineRepay(tx, input);
  return settleOnlineTopUp(tx, { ...input, rid: i.refRid });
}

/**
 * A refund's final result learnt by asking (not from a notice): recorded and settled through the
 * same path as a notice — succeeded, or failed with the money back on the balance — once.
 */
export function settleRefundResult(
  s: Services,
  provider: string,
  refund: { tradeNo: string; refundNo: string; amountFen: number },
  status: 'succeeded' | 'failed',
  source: string,
) {
  return settleNotice(s, provider, {
    tradeNo: refund.tradeNo,
    providerTradeNo: '',
    amountFen: refund.amountFen,
    status: 'succeeded',
    eventId: `${source}:${refund.refundNo}:${status}`,
    refund: { refundNo: refund.refundNo, status },
  });
}
