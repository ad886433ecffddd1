// Refunds a provider settles later without notifying us (Alipay without fund_change): asked
// again with back-off, and settled through the same path as a refund notice (decision 0028).
import { eq } from 'drizzle-orm';
import { paymentAdapter, type Services } from '../platform/services.ts';
import { paymentIntents, paymentRefunds } from './tables.ts';
import { enqueue, type Job } from '../platform/jobs.ts';
import { ProviderError } from '../platform/adapters/payment/types.ts';
import { REFUND_CHECK_DELAYS_MS, refundCheck } from './refunds.ts';
import { settleRefundResult } from './notices.ts';

/**
 * One check of a refund still processing. Done: settled as succeeded. Not yet: the next check is
 * queued. After the last check it is asked for again under the same refund number (one refund
 * at the provider, whatever happens, as Alipay advises): done then, or refused — failed, with the
 * money back on the balance. A refund still processing after that is left to reconciliation.
 */
export async function checkRefund(s: Services, job: Job): Promise<void> {
  const refundNo = String(job.payload.refundNo);
  const check = Number(job.payload.check) || 0;
  const [row] = await s.db
    .select({ r: paymentRefunds, i: paymentIntents })
    .from(paymentRefunds)
    .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.intentId))
    .where(eq(paymentRefunds.refundNo, refundNo));
  if (!row || row.r.status !== 'processing') return;
  const adapter = paymentAdapter(s, row.i.provider);
  if (!adapter?.queryRefund) return;
  const refund = { tradeNo: row.i.tradeNo, refundNo, amountFen: row.r.amountFen };
  if ((await adapter.queryRefund(refund)) === 'succeeded') {
    await settleRefundResult(s, row.i.provider, refund, 'succeeded', 'refund-query');
    return;
  }
  if (check + 1 < REFUND_CHECK_DELAYS_MS.length) {
    await enqueue(s.db, [refundCheck(refundNo, check + 1, s.now())], s.now());
    return;
  }
  try {
    const result = await adapter.refundTrade({
      ...refund,
      totalFen: row.i.amountFen,
      reason: '订单取消退款',
    });
    if (result === 'succeeded')
      await settleRefundResult(s, row.i.provider, refund, 'succeeded', 'refund-retry');
    else console.warn(`[payments] refund ${refundNo} still processing after every check`);
  } catch (error) {
    // A refusal is final; a system error or a timeout leaves the result unknown (the job retries).
    if (!(error instanceof ProviderError) || /SYSTEM_ERROR|unknow/i.test(error.code)) throw error;
    console.warn(`[payments] refund ${refundNo} refused on retry: ${error.message}`);
    await settleRefundResult(s, row.i.provider, refund, 'failed', 'refund-retry');
  }
}
