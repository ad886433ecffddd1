import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents } from '../../db/platform-tables.ts';
import { shanghaiMidnight } from '../../../../shared/slots.ts';
import type { BillLine, PaymentAdapter, PaymentNotice } from './types.ts';

/** The simulator's prepay ids are this and the trade number. */
const DEV_PREPAY_PREFIX = 'devprepay_';

/** The simulator refunds like WeChat Pay: up to a year after payment. */
const DEV_REFUND_WINDOW_DAYS = 365;

/**
 * The local payment simulator (PAYMENT_PROVIDER=dev, the default): the QR code opens /dev/pay,
 * whose buttons send a notification signed like a provider's (HMAC-SHA256 over the raw body with
 * PAYMENT_DEV_SECRET), through the same notify endpoint and the same verification as a real one.
 * With a database it also keeps its refunds, so it can hand out a daily trade bill (decision 0028)
 * built from what it "charged" (its verified notices) and refunded.
 */
export function createDevPayment(
  publicSiteUrl: string,
  secret: string,
  db?: Db,
  now: () => number = () => Date.now(),
): PaymentAdapter {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  return {
    kind: 'dev',
    // A phone's flows open the same page in the phone's own browser: h5 comes back to
    // redirect_url like WeChat Pay's H5 (and Alipay's return_url); jsapi hands a signed
    // getBrandWCPayRequest whose package names the trade, for a WeixinJSBridge stand-in.
    async createTrade({ tradeNo, flow = 'qr', returnUrl }) {
      const page = `${publicSiteUrl.replace(/\/$/, '')}/dev/pay?trade=${encodeURIComponent(tradeNo)}`;
      if (flow === 'h5')
        return {
          codeUrl: '',
          payUrl: returnUrl ? `${page}&redirect_url=${encodeURIComponent(returnUrl)}` : page,
        };
      if (flow === 'jsapi') {
        const jsapi = {
          appId: 'wxdevsimulator',
          timeStamp: String(Math.floor(now() / 1000)),
          nonceStr: randomBytes(16).toString('hex'),
          package: `prepay_id=${DEV_PREPAY_PREFIX}${tradeNo}`,
          signType: 'RSA' as const,
        };
        const paySign = sign(`${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`);
        return { codeUrl: '', jsapi: { ...jsapi, paySign } };
      }
      return { codeUrl: page };
    },
    verifyNotice(rawBody, header) {
      const given = Buffer.from(header('x-dev-signature') ?? '', 'hex');
      const expected = Buffer.from(sign(rawBody), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new Error('signature does not match');
      const body = JSON.parse(rawBody) as Record<string, unknown>;
      const notice: PaymentNotice = {
        tradeNo: String(body.trade_no ?? ''),
        providerTradeNo: String(body.provider_trade_no ?? ''),
        amountFen: Number(body.amount_fen),
        status: body.status === 'closed' ? 'closed' : 'succeeded',
        eventId: String(body.event_id ?? ''),
        ...(typeof body.success_time === 'string' &&
          Number.isFinite(Date.parse(body.success_time)) && { paidAt: body.success_time }),
      };
      if (!notice.tradeNo || !notice.eventId || !Number.isSafeInteger(notice.amountFen))
        throw new Error('notification is incomplete');
      return notice;
    },
    acknowledgement: {
      body: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
      contentType: 'application/json',
    },
    async closeTrade() {},
    // The simulator refunds at once (and remembers it for its bill).
    async refundTrade({ tradeNo, refundNo, amountFen }) {
      await db
        ?.insert(paymentEvents)
        .values({
          provider: 'dev',
          eventKey: `dev-refund:${refundNo}`,
          tradeNo,
          outcome: 'simulated_refund',
          payload: { tradeNo, refundNo, amountFen },
          at: new Date(now()),
        })
        .onConflictDoNothing();
      return 'succeeded';
    },
    // The simulator always notifies; there is nothing to ask.
    async queryTrade() {
      return null;
    },
    refundWindowDays: DEV_REFUND_WINDOW_DAYS,
    async fetchTradeBill(date) {
      const from = shanghaiMidnight(date);
      if (!db || from === null) return [];
      // A notice may arrive after the day its payment belongs to (its success_time dates it).
      const events = await db
        .select()
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.provider, 'dev'),
            gte(paymentEvents.at, new Date(from)),
            lt(paymentEvents.at, new Date(from + 3 * 86_400_000)),
          ),
        )
        .orderBy(paymentEvents.id);
      const lines = new Map<string, BillLine>();
      for (const e of events) {
        const p = (e.payload ?? {}) as Record<string, unknown>;
        const at = typeof p.paidAt === 'string' ? Date.parse(p.paidAt) : e.at.getTime();
        if (at < from || at >= from + 86_400_000) continue;
        if (e.outcome === 'simulated_refund')
          lines.set(`refund:${String(p.refundNo)}`, {
            kind: 'refund',
            tradeNo: String(p.tradeNo),
            providerTradeNo: '',
            refundNo: String(p.refundNo),
            amountFen: Number(p.amountFen),
            refundStatus: 'succeeded',
          });
        // A verified payment notice is money the simulator took, whatever became of it here.
        else if (
          e.outcome !== 'forged' &&
          p.status === 'succeeded' &&
          !p.refund &&
          !lines.has(`pay:${e.tradeNo}`)
        )
          lines.set(`pay:${e.tradeNo}`, {
            kind: 'payment',
            tradeNo: String(p.tradeNo),
            providerTradeNo: String(p.providerTradeNo ?? ''),
            amountFen: Number(p.amountFen),
          });
      }
      return [...lines.values()];
    },
  };
}

/** The simulator's signature, for the /dev/pay buttons and tests. */
export const signDevNotice = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex');
