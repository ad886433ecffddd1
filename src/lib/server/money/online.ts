import { eq, inArray, max } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { moneyPostings, moneyTransfers } from './tables.ts';
import { post, systemAccount } from './ledger.ts';
import { lockAccount } from './pay.ts';

// Money paid or given back through a payment channel (WeChat Pay, Alipay): it passes the clearing
// account, once per trade or refund number; reconciliation compares what each movement moved.

/** Money a customer paid online arrived: the clearing account → their cash, once per trade. */
export async function postOnlineArrival(
  tx: Tx,
  input: { accountId: number; amountFen: number; tradeNo: string; note: string; now: number },
) {
  return post(tx, {
    kind: 'online',
    idempotencyKey: `online:${input.tradeNo}`,
    refRid: input.tradeNo,
    note: input.note,
    now: input.now,
    postings: [
      { accountId: await systemAccount(tx, 'clearing'), sub: 'cash', amountFen: -input.amountFen },
      { accountId: input.accountId, sub: 'cash', amountFen: input.amountFen },
    ],
  });
}

/**
 * Money going back to the channel it was paid with: cash → the clearing account, once per refund
 * number. False (nothing written) when the cash is no longer all there — it was spent meanwhile,
 * so it stays the customer's balance instead.
 */
export async function postChannelRefund(
  tx: Tx,
  input: { accountId: number; amountFen: number; refundNo: string; channelText: string; now: number },
): Promise<boolean> {
  const account = await lockAccount(tx, input.accountId);
  if (account.cashFen < input.amountFen) return false;
  await post(tx, {
    kind: 'online_refund',
    idempotencyKey: `online_refund:${input.refundNo}`,
    refRid: input.refundNo,
    note: `原路退回${input.channelText}`,
    now: input.now,
    postings: [
      { accountId: input.accountId, sub: 'cash', amountFen: -input.amountFen },
      { accountId: await systemAccount(tx, 'clearing'), sub: 'cash', amountFen: input.amountFen },
    ],
  });
  return true;
}

/** The provider refused a channel refund: the money comes back to the balance, once. */
export async function postChannelRefundFailed(
  tx: Tx,
  input: { accountId: number; amountFen: number; refundNo: string; now: number; note?: string },
) {
  await post(tx, {
    kind: 'online_refund',
    idempotencyKey: `online_refund_back:${input.refundNo}`,
    refRid: input.refundNo,
    note: input.note ?? '原路退款未成功，款项已退回余额',
    now: input.now,
    postings: [
      { accountId: await systemAccount(tx, 'clearing'), sub: 'cash', amountFen: -input.amountFen },
      { accountId: input.accountId, sub: 'cash', amountFen: input.amountFen },
    ],
  });
}

/**
 * A channel refund that is not made (past the provider's refund window): the money the
 * cancellation put on the balance stays there. A movement that moves nothing (in, then out of the
 * same cash) carries the reason to the customer's statement, once per refund number.
 */
export async function postChannelRefundKept(
  tx: Tx,
  input: { accountId: number; amountFen: number; refundNo: string; note: string; now: number },
) {
  await post(tx, {
    kind: 'online_refund',
    idempotencyKey: `online_refund_kept:${input.refundNo}`,
    refRid: input.refundNo,
    note: input.note,
    now: input.now,
    postings: [
      { accountId: input.accountId, sub: 'cash', amountFen: input.amountFen },
      { accountId: input.accountId, sub: 'cash', amountFen: -input.amountFen },
    ],
  });
}

/** How much each movement named by its idempotency key moved (its positive side), for reconciliation. */
export async function movedByKey(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: moneyTransfers.idempotencyKey, fen: max(moneyPostings.amountFen) })
    .from(moneyTransfers)
    .innerJoin(moneyPostings, eq(moneyPostings.transferId, moneyTransfers.id))
    .where(inArray(moneyTransfers.idempotencyKey, [...keys]))
    .groupBy(moneyTransfers.id);
  return new Map(rows.map((r) => [r.key, Number(r.fen ?? 0)]));
}
