// Online payment (decision 0025): trades with server-decided amounts, what the pay dialog polls,
// the sweeper that closes what was never paid, and the simulator's page. Provider notices are
// settled in notices.ts, refunds to the channel in refunds.ts.
import { and, eq, lt } from 'drizzle-orm';
import { paymentAdapter, type Services } from '../platform/services.ts';
import { paymentIntents } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { randomBytes } from 'node:crypto';
import type { PayChannel, PayFlow } from '../platform/adapters/payment/types.ts';
import { wechatOpenid } from '../accounts/index.ts';
import { orderTradeAmount } from '../orders/index.ts';
import { prestoreToPay, repayToPay } from '../money/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import { JSAPI_UNAVAILABLE, PAY_CHANNEL_TEXT, PAYMENT_STATUS_TEXT } from '../../shared/payments.ts';
import { settleNotice } from './notices.ts';

type Intent = typeof paymentIntents.$inferSelect;
const PAYMENT_NOT_FOUND = '支付单不存在';
const PAYMENT_OFF = '暂未开通在线支付，请使用余额支付或对公转账';

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
const payResultUrl = (s: Services, tradeNo: string) =>
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
