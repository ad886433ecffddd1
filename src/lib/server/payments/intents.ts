// Online payment (decision 0025): intents with server-decided amounts, verified provider notices
// settled exactly once, and the sweeper that closes what was never paid.
import { and, eq, lt, sql } from 'drizzle-orm';
import { paymentAdapter, type Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { paymentEvents } from '../platform/db/platform-tables.ts';
import { paymentIntents, paymentRefunds } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { randomBytes } from 'node:crypto';
import {
  RefundWindowError,
  type PayChannel,
  type PayFlow,
  type PaymentNotice,
} from '../platform/adapters/payment/types.ts';
import { wechatOpenid } from '../accounts/index.ts';
import { enqueue } from '../platform/jobs.ts';
import { orderTradeAmount, settleOnlineOrder } from '../orders/index.ts';
import {
  moneyTransaction,
  postChannelRefund,
  postChannelRefundFailed,
  postChannelRefundKept,
  prestoreToPay,
  repayToPay,
  settleOnlineRepay,
  settleOnlineTopUp,
  userAccount,
} from '../money/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import { JSAPI_UNAVAILABLE, PAY_CHANNEL_TEXT, PAYMENT_STATUS_TEXT } from '../../shared/payments.ts';

type Intent = typeof paymentIntents.$inferSelect;
export const PAYMENT_NOT_FOUND = '支付单不存在';
export const PAYMENT_OFF = '暂未开通在线支付，请使用余额支付或对公转账';

const intentOut = (i: Intent, notice: string | null = null) => ({
  trade_no: i.tradeNo,
  purpose: i.purpose,
  ref_rid: i.refRid,
  channel: i.channel,
  amount_fen: i.amountFen,
  status: i.status,
  status_text: PAYMENT_STATUS_TEXT[i.status],
  flow: i.flow,
  code_url: i.codeUrl,
  pay_url: i.payUrl,
  jsapi: i.jsapi,
  notice,
  expires_at: i.expiresAt.toISOString(),
  outcome: (i.outcome as 'paid' | 'credited' | 'repaid' | 'kept' | null) ?? null,
});

/** A provider's phone page (WeChat Pay's h5_url) lives five minutes: an older one is not handed back. */
const H5_REUSE_MS = 4 * 60_000;

/** Where a phone flow comes back to: our page that shows how the trade stands. */
export const payResultUrl = (s: Services, tradeNo: string) =>
  `${s.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/member/pay-result?trade=${tradeNo}`;

/**
 * The payer's OpenID for WeChat Pay JSAPI: the one bound at WeChat login, usable only when that
 * login's Official Account is the app WeChat Pay is configured with (an OpenID is per app id).
 */
async function jsapiOpenid(s: Services, userId: number, provider: string): Promise<string | null> {
  const sameApp =
    provider === 'dev' || (s.env.WECHAT_PROVIDER === 'mp' && s.env.WECHAT_APPID === s.env.WECHATPAY_APPID);
  return sameApp ? wechatOpenid(s.db, userId) : null;
}

/** What is owed, decided here and never taken from the browser (less a coupon the trade reserves). */
async function amountOf(
  s: Services,
  userId: number,
  input: { purpose: Intent['purpose']; rid: string; coupon_rid?: string },
  tradeNo: string,
) {
  if (input.purpose === 'topup') return prestoreToPay(s.db, userId, input.rid);
  if (input.purpose === 'repay') return repayToPay(s.db, userId, input.rid, s.now());
  const coupon = input.coupon_rid ? { rid: input.coupon_rid, tradeNo } : undefined;
  return orderTradeAmount(s, userId, input.rid, coupon);
}

/**
 * payment/create: a trade for what the order or top-up owes now, in the chosen channel and flow
 * (decision 0056). A pending trade for the same thing, amount, channel and flow that has not
 * expired is handed back instead of a second one, so reopening the dialog shows the same QR code.
 * JSAPI without a usable OpenID falls back to a QR code with a notice (H5 does not open in WeChat).
 */
export async function createPayment(
  s: Services,
  userId: number,
  input: {
    purpose: Intent['purpose'];
    rid: string;
    channel: PayChannel;
    flow?: PayFlow;
    coupon_rid?: string;
  },
  client: { ip?: string } = {},
) {
  if (s.env.PAYMENT_PROVIDER === 'off') throw new DomainError(PAYMENT_OFF);
  const adapter = s.payments[input.channel];
  if (!adapter) throw new DomainError('暂未开通该支付方式，请选择其他方式');
  if (input.flow === 'jsapi' && input.channel !== 'wechatpay') throw new DomainError('[支付场景]不正确');
  const openid = input.flow === 'jsapi' ? await jsapiOpenid(s, userId, adapter.kind) : null;
  const flow: PayFlow = input.flow === 'jsapi' && !openid ? 'qr' : (input.flow ?? 'qr');
  const notice = input.flow === 'jsapi' && !openid ? JSAPI_UNAVAILABLE : null;
  // Letters and digits only: every provider takes that as a merchant trade number.
  const tradeNo = `P${randomBytes(12).toString('hex').toUpperCase()}`;
  const { amountFen, description } = await amountOf(s, userId, input, tradeNo);
  const now = s.now();
  const open = await s.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.purpose, input.purpose),
        eq(paymentIntents.refRid, input.rid),
        eq(paymentIntents.channel, input.channel),
        eq(paymentIntents.flow, flow),
        eq(paymentIntents.status, 'pending'),
      ),
    );
  // A trade with a coupon is always new: the coupon now belongs to it.
  const reusable =
    !input.coupon_rid &&
    open.find(
      (i) =>
        i.amountFen === amountFen &&
        i.expiresAt.getTime() > now + 60_000 &&
        (flow !== 'h5' || i.createdAt.getTime() > now - H5_REUSE_MS),
    );
  if (reusable) return intentOut(reusable, notice);
  const expiresAt = new Date(now + s.env.PAYMENT_EXPIRE_MINUTES * 60_000);
  const launch = await adapter.createTrade({
    channel: input.channel,
    tradeNo,
    amountFen,
    description: `科研检测服务平台-${description}`,
    expiresAt,
    flow,
    returnUrl: flow === 'h5' ? payResultUrl(s, tradeNo) : undefined,
    payerIp: client.ip,
    openid: openid ?? undefined,
  });
  const [row] = await s.db
    .insert(paymentIntents)
    .values({
      tradeNo,
      userId,
      purpose: input.purpose,
      refRid: input.rid,
      amountFen,
      channel: input.channel,
      provider: adapter.kind,
      status: 'pending',
      flow,
      codeUrl: launch.codeUrl,
      payUrl: launch.payUrl ?? null,
      jsapi: launch.jsapi ?? null,
      expiresAt,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning();
  return intentOut(row, notice);
}

/** payment/status, which the dialog polls: the customer's own trade; an expired one is closed. */
export async function paymentStatus(s: Services, userId: number, tradeNo: string) {
  const [i] = await s.db.select().from(paymentIntents).where(eq(paymentIntents.tradeNo, tradeNo));
  if (!i || i.userId !== userId) throw new DomainError(PAYMENT_NOT_FOUND, 200, 'NOT_FOUND');
  if (i.status !== 'pending') return intentOut(i);
  // No notification a minute on: ask the provider (a notice lost, or a crash after it was sent).
  if (s.now() - i.createdAt.getTime() > LATE_MS && (await repairFromProvider(s, i)))
    return intentOut(await reread(s, i));
  if (i.expiresAt.getTime() <= s.now()) return intentOut(await closeIntent(s, i));
  return intentOut(i);
}

const LATE_MS = 60_000;
const reread = async (s: Services, i: Intent) =>
  (await s.db.select().from(paymentIntents).where(eq(paymentIntents.id, i.id)))[0];

/** Asks the provider about a pending trade and settles what it says; true when something changed. */
async function repairFromProvider(s: Services, i: Intent): Promise<boolean> {
  const adapter = paymentAdapter(s, i.provider);
  if (!adapter) return false;
  try {
    const notice = await adapter.queryTrade(i.tradeNo);
    if (!notice || notice.tradeNo !== i.tradeNo) return false;
    const result = await settleNotice(s, i.provider, notice);
    return result === 'settled' || result === 'closed';
  } catch (error) {
    console.warn(`[payments] asking ${i.provider} about ${i.tradeNo} failed: ${(error as Error).message}`);
    return false;
  }
}

async function closeIntent(s: Services, i: Intent): Promise<Intent> {
  // Closed at the provider first, so it can no longer be paid; a provider we no longer use
  // closes its own trades when they expire.
  await paymentAdapter(s, i.provider)?.closeTrade(i.tradeNo);
  const [closed] = await s.db
    .update(paymentIntents)
    .set({ status: 'closed', updatedAt: new Date(s.now()) })
    .where(and(eq(paymentIntents.id, i.id), eq(paymentIntents.status, 'pending')))
    .returning();
  return closed ?? (await s.db.select().from(paymentIntents).where(eq(paymentIntents.id, i.id)))[0];
}

/** The sweeper (a periodic job): every pending trade past its expiry is closed at the provider and here. */
export async function closeExpiredPayments(s: Services): Promise<number> {
  const stale = await s.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.status, 'pending'), lt(paymentIntents.expiresAt, new Date(s.now()))))
    .limit(100);
  // Paid but never notified: settled instead of closed.
  for (const i of stale) if (!(await repairFromProvider(s, i))) await closeIntent(s, i);
  return stale.length;
}
export const CLOSE_EXPIRED_PAYMENTS = 'payments.close-expired';

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
async function settleNotice(s: Services, provider: string, notice: PaymentNotice): Promise<NoticeResult> {
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

/** The simulator's page: what the trade is for, to confirm or fail it. */
export async function devTrade(s: Services, tradeNo: string) {
  const [i] = await s.db.select().from(paymentIntents).where(eq(paymentIntents.tradeNo, tradeNo));
  if (!i) return null;
  return {
    trade_no: i.tradeNo,
    channel: PAY_CHANNEL_TEXT[i.channel],
    amount: fenToYuan(i.amountFen),
    amount_fen: i.amountFen,
    status: i.status,
    status_text: PAYMENT_STATUS_TEXT[i.status],
    flow: i.flow,
  };
}
