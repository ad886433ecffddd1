// Refunds to the channel paid with (decision 0025): after a cancelled order, what was paid online
// goes back, or stays on the balance past the provider's window; providers that do not notify
// are asked later (refund-query.ts).
import { and, eq } from 'drizzle-orm';
import { paymentAdapter, type Services } from '../platform/services.ts';
import { paymentIntents, paymentRefunds } from './tables.ts';
import { RefundWindowError } from '../platform/adapters/payment/types.ts';
import { enqueue } from '../platform/jobs.ts';
import {
  moneyTransaction,
  postChannelRefund,
  postChannelRefundFailed,
  postChannelRefundKept,
  userAccount,
} from '../money/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import { PAY_CHANNEL_TEXT } from '../../shared/payments.ts';

type Intent = typeof paymentIntents.$inferSelect;

/**
 * The job after an order was cancelled and refunded to the balance: what was paid online goes
 * back to its channel. First, in a transaction, the cash leaves the balance (unless it was spent
 * meanwhile, when it stays there) and the refund is recorded under a number derived from the
 * trade; then the provider is asked, outside any transaction. If the provider refuses, the money
 * comes back to the balance. A retry finds the refund by its number and does not take twice.
 */
export async function refundOrderToChannel(s: Services, orderRid: string): Promise<void> {
  const paid = await s.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.purpose, 'order'),
        eq(paymentIntents.refRid, orderRid),
        eq(paymentIntents.status, 'succeeded'),
        eq(paymentIntents.outcome, 'paid'),
      ),
    );
  for (const i of paid) await refundIntent(s, i, '订单取消退款');
}

const DAY = 86_400_000;
const windowText = (days: number) =>
  days % 365 === 0 ? `${days / 365} 年` : days % 30 === 0 ? `${days / 30} 个月` : `${days} 天`;

async function refundIntent(s: Services, i: Intent, reason: string) {
  const adapter = paymentAdapter(s, i.provider);
  if (!adapter) return;
  const refundNo = `R${i.tradeNo}`;
  const now = s.now();
  const channelText = PAY_CHANNEL_TEXT[i.channel];
  const { id: accountId } = await userAccount(s.db, i.userId, now);
  // Past the provider's window the channel would refuse it: the money stays on the balance.
  if (now - (i.paidAt ?? i.createdAt).getTime() > adapter.refundWindowDays * DAY) {
    await moneyTransaction(s.db, async (tx) => {
      const [existing] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo));
      if (existing) return;
      const note = `已超过${channelText}原路退款期限（付款后 ${windowText(adapter.refundWindowDays)}），退款 ¥${fenToYuan(i.amountFen)} 已留在账户余额`;
      await postChannelRefundKept(tx, { accountId, amountFen: i.amountFen, refundNo, note, now });
      await tx.insert(paymentRefunds).values({
        refundNo,
        intentId: i.id,
        amountFen: i.amountFen,
        status: 'kept',
        message: note,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
    });
    return;
  }
  const refund = await moneyTransaction(s.db, async (tx) => {
    const [existing] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo));
    if (existing) return existing;
    const taken = await postChannelRefund(tx, {
      accountId,
      amountFen: i.amountFen,
      refundNo,
      channelText: PAY_CHANNEL_TEXT[i.channel],
      now,
    });
    if (!taken) return null;
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        refundNo,
        intentId: i.id,
        amountFen: i.amountFen,
        status: 'pending',
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    return row;
  });
  if (!refund || refund.status === 'succeeded' || refund.status === 'failed') return;
  try {
    const result = await adapter.refundTrade({
      tradeNo: i.tradeNo,
      refundNo,
      amountFen: i.amountFen,
      totalFen: i.amountFen,
      reason,
    });
    await s.db
      .update(paymentRefunds)
      .set({ status: result, updatedAt: new Date(s.now()) })
      .where(eq(paymentRefunds.id, refund.id));
    // A provider that sends no refund notice is asked later (refund-query.ts).
    if (result === 'processing' && adapter.queryRefund)
      await enqueue(s.db, [refundCheck(refundNo, 0, s.now())], s.now());
  } catch (error) {
    const message = (error as Error).message.slice(0, 200);
    const pastWindow = error instanceof RefundWindowError;
    console.warn(`[payments] refund ${refundNo} refused: ${message}`);
    await moneyTransaction(s.db, async (tx) => {
      await postChannelRefundFailed(tx, {
        accountId,
        amountFen: i.amountFen,
        refundNo,
        now: s.now(),
        note: pastWindow ? `${channelText}已超过原路退款期限，款项已退回账户余额` : undefined,
      });
      await tx
        .update(paymentRefunds)
        .set({ status: pastWindow ? 'kept' : 'failed', message, updatedAt: new Date(s.now()) })
        .where(eq(paymentRefunds.id, refund.id));
    });
  }
}

/** Checks of a refund the provider settles later and does not notify: 30 s, 2 min, … a day. */
export const REFUND_CHECK_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
export const REFUND_QUERY = 'payments.refund-query';
export const refundCheck = (refundNo: string, check: number, now: number) => ({
  kind: REFUND_QUERY,
  payload: { refundNo, check },
  uniqueKey: `${REFUND_QUERY}:${refundNo}:${check}`,
  runAt: now + REFUND_CHECK_DELAYS_MS[Math.min(check, REFUND_CHECK_DELAYS_MS.length - 1)],
});
