import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { yuanToFen, fenToYuan } from '../../../../shared/money.ts';
import { ProviderError, RefundWindowError, type PaymentAdapter, type PaymentNotice } from './types.ts';
import { alipayBillFromZip } from './bills.ts';
import { shanghaiSecond } from '../../../../shared/time.ts';

/**
 * Alipay refunds a 当面付 trade within the refundable period the merchant's contract sets
 * (签约时设置的可退款时间); three months unless the contract says otherwise.
 */
const ALIPAY_REFUND_WINDOW_DAYS = 90;

/**
 * Alipay, 当面付 QR precreate (decision 0025) and on a phone 手机网站支付 (decision 0056), on node:crypto: every request signed RSA2
 * (SHA256withRSA over the sorted parameters, with the app's private key), every answer and
 * asynchronous notification verified with Alipay's public key, the notification's app id checked,
 * and answered with the plain text `success`.
 */
export type AlipayConfig = {
  appId: string;
  privateKeyPem: string;
  alipayPublicKeyPem: string;
  notifyUrl: string;
  gateway?: string;
  /** When set, a notification must name this seller (the merchant's PID). */
  sellerId?: string;
  now?: () => number;
};

/** yyyy-MM-dd HH:mm:ss in Beijing time, as Alipay's `timestamp` wants it. */
function beijing(ms: number): string {
  return shanghaiSecond(ms);
}

/** The string Alipay signs: parameters other than sign (and, for notices, sign_type), sorted, k=v joined by &. */
export function alipaySignContent(
  params: Record<string, string>,
  omit: readonly string[] = ['sign'],
): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function createAlipay(config: AlipayConfig): PaymentAdapter {
  const gateway = config.gateway ?? 'https://openapi.alipay.com/gateway.do';
  const now = config.now ?? (() => Date.now());
  const privateKey: KeyObject = createPrivateKey(config.privateKeyPem);
  const alipayKey: KeyObject = createPublicKey(config.alipayPublicKeyPem);
  const verifySignature = (content: string, signature: string) =>
    createVerify('RSA-SHA256').update(content, 'utf8').verify(alipayKey, signature, 'base64');

  /** The public parameters of a request with its business content, signed RSA2. */
  function signedParams(method: string, biz: Record<string, unknown>, extra: Record<string, string>) {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijing(now()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    params.sign = createSign('RSA-SHA256')
      .update(alipaySignContent(params), 'utf8')
      .sign(privateKey, 'base64');
    return params;
  }

  async function call(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}) {
    const params = signedParams(method, biz, extra);
    const res = await fetch(`${gateway}?charset=utf-8`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    // The signed part is the raw JSON of the answer node, exactly as sent.
    const node = `${method.replace(/\./g, '_')}_response`;
    const start = text.indexOf(`"${node}":`);
    const end = text.lastIndexOf(',"sign":');
    if (start >= 0 && end < 0) {
      // Alipay signs no error answer: an unsigned one is only ever taken as a refusal.
      const refusal = (JSON.parse(text) as Record<string, Record<string, string> | undefined>)[node];
      if (refusal?.code && refusal.code !== '10000') return refusal;
    }
    if (start < 0 || end < 0) throw new Error(`Alipay ${method}: unexpected answer ${text.slice(0, 200)}`);
    const signed = text.slice(start + node.length + 3, end);
    const { sign } = JSON.parse(text) as { sign: string };
    if (!verifySignature(signed, sign)) throw new Error(`Alipay ${method}: answer signature does not verify`);
    return JSON.parse(signed) as Record<string, string>;
  }

  return {
    kind: 'alipay',
    async createTrade({ tradeNo, amountFen, description, expiresAt, flow = 'qr', returnUrl }) {
      const trade = {
        out_trade_no: tradeNo,
        total_amount: fenToYuan(amountFen),
        subject: description.slice(0, 256),
        time_expire: beijing(expiresAt.getTime()),
      };
      if (flow === 'h5') {
        // 手机网站支付: no call from here; the phone's browser opens the gateway with the signed
        // request (what the SDK's pageExecute with GET builds). Alipay sends the customer to
        // return_url when paid, to quit_url when they give up; the notice comes as for a QR code.
        const params = signedParams(
          'alipay.trade.wap.pay',
          { ...trade, product_code: 'QUICK_WAP_WAY', ...(returnUrl && { quit_url: returnUrl }) },
          { notify_url: config.notifyUrl, ...(returnUrl && { return_url: returnUrl }) },
        );
        return { codeUrl: '', payUrl: `${gateway}?${new URLSearchParams(params).toString()}` };
      }
      if (flow !== 'qr') throw new Error(`Alipay has no ${flow} flow`);
      const answer = await call('alipay.trade.precreate', trade, { notify_url: config.notifyUrl });
      if (answer.code !== '10000' || !answer.qr_code)
        throw new Error(`Alipay precreate: ${answer.code} ${answer.sub_msg ?? answer.msg}`);
      return { codeUrl: answer.qr_code };
    },
    verifyNotice(rawBody) {
      const params = Object.fromEntries(new URLSearchParams(rawBody));
      if (params.sign_type !== 'RSA2' || !params.sign) throw new Error('not an RSA2-signed notice');
      if (!verifySignature(alipaySignContent(params, ['sign', 'sign_type']), params.sign))
        throw new Error('Alipay signature does not verify');
      if (params.app_id !== config.appId) throw new Error('notice is for another app');
      if (config.sellerId && params.seller_id !== config.sellerId)
        throw new Error('notice is for another seller');
      const status = params.trade_status;
      const amountFen = yuanToFen(params.total_amount ?? '');
      const notice: PaymentNotice = {
        tradeNo: params.out_trade_no ?? '',
        providerTradeNo: params.trade_no ?? '',
        amountFen: amountFen ?? Number.NaN,
        status: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'succeeded' : 'closed',
        eventId: params.notify_id ?? '',
      };
      if (!notice.tradeNo || !notice.eventId || amountFen === null || status === 'WAIT_BUYER_PAY')
        throw new Error('notice is incomplete or not final');
      return notice;
    },
    acknowledgement: { body: 'success', contentType: 'text/plain' },
    async closeTrade(tradeNo) {
      const answer = await call('alipay.trade.close', { out_trade_no: tradeNo });
      // A trade the customer never scanned does not exist at Alipay yet: nothing to close.
      if (answer.code !== '10000' && answer.sub_code !== 'ACQ.TRADE_NOT_EXIST')
        throw new Error(`Alipay close: ${answer.code} ${answer.sub_msg ?? answer.msg}`);
    },
    async refundTrade({ tradeNo, refundNo, amountFen, reason }) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: tradeNo,
        out_request_no: refundNo,
        refund_amount: fenToYuan(amountFen),
        refund_reason: reason.slice(0, 256),
      });
      if (answer.code !== '10000') {
        const message = `Alipay refund ${refundNo}: ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg}`;
        // 交易已完结: the trade is past its refundable period.
        if (answer.sub_code?.includes('TRADE_HAS_FINISHED'))
          throw new RefundWindowError(message, answer.sub_code);
        throw new ProviderError(message, answer.sub_code ?? answer.code ?? '');
      }
      return answer.fund_change === 'Y' ? 'succeeded' : 'processing';
    },
    refundWindowDays: ALIPAY_REFUND_WINDOW_DAYS,
    // 10000 only says the query worked; the refund is done when refund_status says so.
    async queryRefund({ tradeNo, refundNo }) {
      const answer = await call('alipay.trade.fastpay.refund.query', {
        out_trade_no: tradeNo,
        out_request_no: refundNo,
      });
      if (answer.code !== '10000')
        throw new ProviderError(
          `Alipay refund query ${refundNo}: ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg}`,
          answer.sub_code ?? answer.code ?? '',
        );
      return answer.refund_status === 'REFUND_SUCCESS' ? 'succeeded' : 'processing';
    },
    // The trade bill (业务账单) of a day: a URL, valid 30 s, to a ZIP of GBK CSV files.
    async fetchTradeBill(date) {
      const answer = await call('alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: date,
      });
      if (answer.code !== '10000') {
        // No business that day.
        if (/NO_BILL_DATA|BILL_NOT_EXIST/i.test(answer.sub_code ?? '')) return [];
        throw new ProviderError(
          `Alipay bill ${date}: ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg}`,
          answer.sub_code ?? answer.code ?? '',
        );
      }
      const res = await fetch(answer.bill_download_url, { signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`Alipay bill download: HTTP ${res.status}`);
      return alipayBillFromZip(Buffer.from(await res.arrayBuffer()));
    },
    async queryTrade(tradeNo) {
      const t = await call('alipay.trade.query', { out_trade_no: tradeNo });
      if (t.code !== '10000') return null;
      const done = t.trade_status === 'TRADE_SUCCESS' || t.trade_status === 'TRADE_FINISHED';
      if (!done && t.trade_status !== 'TRADE_CLOSED') return null;
      return {
        tradeNo,
        providerTradeNo: t.trade_no ?? '',
        amountFen: yuanToFen(t.total_amount ?? '') ?? Number.NaN,
        status: done ? 'succeeded' : 'closed',
        eventId: `query:${tradeNo}:${t.trade_status}`,
      };
    },
  };
}
