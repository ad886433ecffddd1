import { createHash } from 'node:crypto';
import { BillNotReadyError, ProviderError, RefundWindowError, type PaymentAdapter } from './types.ts';
import { parseWechatBill } from './bills.ts';
import { wechatPayClient, type WechatPayConfig } from './wechatpay-client.ts';
import { createWechatTrade } from './wechatpay-trades.ts';
import { parseWechatNotice } from './wechatpay-notice.ts';

/** WeChat Pay refunds to the channel up to a year after payment (支付成功时间 + 365 天). */
const WECHATPAY_REFUND_WINDOW_DAYS = 365;

/**
 * The WeChat Pay API v3 adapter (how it signs, verifies and decrypts: `wechatpay-client.ts`;
 * trades in each flow: `wechatpay-trades.ts`; notifications: `wechatpay-notice.ts`).
 */
export function createWechatPay(config: WechatPayConfig): PaymentAdapter {
  const client = wechatPayClient(config);
  const { call, authorization } = client;

  return {
    kind: 'wechatpay',
    createTrade: (input) => createWechatTrade(client, config, input),
    verifyNotice: (rawBody, header) => parseWechatNotice(client, config, rawBody, header),
    // v3: a 2xx with no body tells WeChat Pay the notification was received.
    acknowledgement: { body: '', contentType: 'text/plain' },
    refundWindowDays: WECHATPAY_REFUND_WINDOW_DAYS,
    async refundTrade({ tradeNo, refundNo, amountFen, totalFen, reason }) {
      const answer = (await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: tradeNo,
        out_refund_no: refundNo,
        reason: reason.slice(0, 80),
        amount: { refund: amountFen, total: totalFen, currency: 'CNY' },
      }).catch((error: unknown) => {
        // The refusal for a trade past the year carries no code of its own, only its text.
        if (error instanceof ProviderError && /超期|超过一年/.test(error.message))
          throw new RefundWindowError(error.message, error.code);
        throw error;
      })) as { status?: string };
      if (answer.status === 'SUCCESS') return 'succeeded';
      if (answer.status === 'PROCESSING') return 'processing';
      throw new Error(`WeChat Pay refund ${refundNo}: ${answer.status}`);
    },
    async queryTrade(tradeNo) {
      const t = (await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}?mchid=${encodeURIComponent(config.mchid)}`,
      )) as {
        mchid?: string;
        appid?: string;
        transaction_id?: string;
        trade_state?: string;
        amount?: { total?: number };
      };
      if (t.mchid !== config.mchid || t.appid !== config.appid)
        throw new Error('answer is for another merchant or app');
      const closed = ['CLOSED', 'REVOKED', 'PAYERROR'].includes(t.trade_state ?? '');
      if (t.trade_state !== 'SUCCESS' && !closed) return null;
      return {
        tradeNo,
        providerTradeNo: t.transaction_id ?? '',
        amountFen: Number(t.amount?.total),
        status: closed ? 'closed' : 'succeeded',
        eventId: `query:${tradeNo}:${t.trade_state}`,
      };
    },
    async closeTrade(tradeNo) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}/close`, {
        mchid: config.mchid,
      });
    },
    // 申请交易账单, then the file itself: the download is signed like any request, its answer
    // carries no signature, so the SHA1 the (verified) first answer gave is what vouches for it.
    async fetchTradeBill(date) {
      let meta: { hash_type?: string; hash_value?: string; download_url?: string };
      try {
        meta = await call('GET', `/v3/bill/tradebill?bill_date=${encodeURIComponent(date)}&bill_type=ALL`);
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'NO_STATEMENT_EXIST') return [];
        if (error instanceof ProviderError && error.code === 'STATEMENT_CREATING')
          throw new BillNotReadyError(error.message, error.code);
        throw error;
      }
      if (!meta.download_url) throw new Error('WeChat Pay tradebill: no download_url');
      const url = new URL(meta.download_url);
      const res = await fetch(url, {
        headers: {
          accept: 'application/json',
          authorization: authorization('GET', url.pathname + url.search, ''),
        },
        signal: AbortSignal.timeout(60_000),
      });
      if (!res.ok) throw new Error(`WeChat Pay bill download: HTTP ${res.status}`);
      const raw = Buffer.from(await res.arrayBuffer());
      if (meta.hash_value && createHash('sha1').update(raw).digest('hex') !== meta.hash_value.toLowerCase())
        throw new Error('WeChat Pay bill: SHA1 does not match hash_value');
      return parseWechatBill(raw.toString('utf8'));
    },
  };
}
