import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentAdapter, PaymentNotice } from './types.ts';

/**
 * The local payment simulator (PAYMENT_PROVIDER=dev, the default): the QR code opens /dev/pay,
 * whose buttons send a notification signed like a provider's (HMAC-SHA256 over the raw body with
 * PAYMENT_DEV_SECRET), through the same notify endpoint and the same verification as a real one.
 */
export function createDevPayment(publicSiteUrl: string, secret: string): PaymentAdapter {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  return {
    kind: 'dev',
    async createTrade({ tradeNo }) {
      return { codeUrl: `${publicSiteUrl.replace(/\/$/, '')}/dev/pay?trade=${encodeURIComponent(tradeNo)}` };
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
    // The simulator refunds at once.
    async refundTrade() {
      return 'succeeded';
    },
    // The simulator always notifies; there is nothing to ask.
    async queryTrade() {
      return null;
    },
  };
}

/** The simulator's signature, for the /dev/pay buttons and tests. */
export const signDevNotice = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex');
