import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import {
  BillNotReadyError,
  ProviderError,
  RefundWindowError,
  type PaymentAdapter,
  type PaymentNotice,
} from './types.ts';
import { parseWechatBill } from './bills.ts';
import { shanghaiIso } from '../../../../shared/time.ts';

/** WeChat Pay refunds to the channel up to a year after payment (支付成功时间 + 365 天). */
const WECHATPAY_REFUND_WINDOW_DAYS = 365;

/**
 * WeChat Pay API v3, Native payment (decision 0025) and on a phone H5 or JSAPI (decision 0056),
 * written on node:crypto rather than a
 * library: requests signed with SHA256-RSA (the merchant's API certificate key), every answer and
 * notification verified over its raw bytes with the platform certificate or the newer WeChat Pay
 * public key (PUB_KEY_ID_…; both may be configured during a switch), the notification's resource
 * decrypted with AES-256-GCM and the APIv3 key, its merchant and app ids checked.
 */
export type WechatPayConfig = {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  privateKeyPem: string;
  /** 32 bytes. */
  apiV3Key: string;
  /** Platform certificates and/or the WeChat Pay public key, by serial (PUB_KEY_ID_… for the key). */
  platformKeys: { serial: string; pem: string }[];
  notifyUrl: string;
  /** H5's scene_info.h5_info: the site's name and address, shown by WeChat Pay. */
  siteName?: string;
  siteUrl?: string;
  apiBase?: string;
  now?: () => number;
};

const MAX_SKEW_SECONDS = 300;

function publicKeyOf(pem: string): KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

/** 2026-11-23T10:30:00+08:00: the time format WeChat Pay takes. */
function rfc3339Shanghai(date: Date): string {
  return shanghaiIso(date);
}

export function createWechatPay(config: WechatPayConfig): PaymentAdapter {
  const apiBase = (config.apiBase ?? 'https://api.mch.weixin.qq.com').replace(/\/$/, '');
  const now = config.now ?? (() => Date.now());
  const privateKey = createPrivateKey(config.privateKeyPem);
  const platform = new Map(config.platformKeys.map((k) => [k.serial, publicKeyOf(k.pem)]));
  if (Buffer.byteLength(config.apiV3Key) !== 32) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes');

  function authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serialNo}"`;
  }

  /** A message from WeChat Pay (an answer or a notification): signed by a key we know, and fresh. */
  function verify(header: (name: string) => string | undefined, body: string) {
    const serial = header('wechatpay-serial') ?? '';
    const key = platform.get(serial);
    if (!key) throw new Error(`unknown WeChat Pay signing serial ${serial}`);
    const timestamp = header('wechatpay-timestamp') ?? '';
    const nonce = header('wechatpay-nonce') ?? '';
    const signature = header('wechatpay-signature') ?? '';
    if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS)
      throw new Error('stale or missing WeChat Pay timestamp');
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(key, signature, 'base64');
    if (!ok) throw new Error('WeChat Pay signature does not verify');
  }

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: authorization(method, path, body),
      },
      body: method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (text) verify((name) => res.headers.get(name) ?? undefined, text);
    if (!res.ok) {
      const error = (() => {
        try {
          return JSON.parse(text) as { code?: string; message?: string };
        } catch {
          return {};
        }
      })();
      throw new ProviderError(
        `WeChat Pay ${path}: HTTP ${res.status} ${error.code ?? ''} ${error.message ?? text.slice(0, 200)}`,
        error.code ?? '',
      );
    }
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  function decrypt(resource: { ciphertext: string; nonce: string; associated_data?: string }) {
    const data = Buffer.from(resource.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(config.apiV3Key),
      Buffer.from(resource.nonce),
    );
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return JSON.parse(
      Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8'),
    );
  }

  return {
    kind: 'wechatpay',
    async createTrade({
      tradeNo,
      amountFen,
      description,
      expiresAt,
      flow = 'qr',
      returnUrl,
      payerIp,
      openid,
    }) {
      const order = {
        appid: config.appid,
        mchid: config.mchid,
        // At most 127 bytes.
        description: Buffer.from(description)
          .subarray(0, 127)
          .toString('utf8')
          .replace(/\uFFFD$/, ''),
        out_trade_no: tradeNo,
        time_expire: rfc3339Shanghai(expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: amountFen, currency: 'CNY' },
      };
      if (flow === 'h5') {
        // H5下单: a phone's browser opens h5_url (valid five minutes), which hands over to the
        // WeChat app; redirect_url (on the domain registered for H5) is where it comes back.
        const answer = await call('POST', '/v3/pay/transactions/h5', {
          ...order,
          scene_info: {
            payer_client_ip: payerIp ?? '',
            h5_info: {
              type: 'Wap',
              ...(config.siteName && { app_name: config.siteName }),
              ...(config.siteUrl && { app_url: config.siteUrl }),
            },
          },
        });
        if (typeof answer.h5_url !== 'string') throw new Error('WeChat Pay answered no h5_url');
        const payUrl = returnUrl
          ? `${answer.h5_url}&redirect_url=${encodeURIComponent(returnUrl)}`
          : answer.h5_url;
        return { codeUrl: '', payUrl };
      }
      if (flow === 'jsapi') {
        // JSAPI下单 for the payer's OpenID, then what WeixinJSBridge's getBrandWCPayRequest takes,
        // signed with the merchant key over appId, timeStamp, nonceStr and package, a line each.
        if (!openid) throw new Error('WeChat Pay JSAPI needs the payer openid');
        const answer = await call('POST', '/v3/pay/transactions/jsapi', { ...order, payer: { openid } });
        if (typeof answer.prepay_id !== 'string') throw new Error('WeChat Pay answered no prepay_id');
        const jsapi = {
          appId: config.appid,
          timeStamp: String(Math.floor(now() / 1000)),
          nonceStr: randomBytes(16).toString('hex'),
          package: `prepay_id=${answer.prepay_id}`,
          signType: 'RSA' as const,
        };
        const paySign = createSign('RSA-SHA256')
          .update(`${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`)
          .sign(privateKey, 'base64');
        return { codeUrl: '', jsapi: { ...jsapi, paySign } };
      }
      const answer = await call('POST', '/v3/pay/transactions/native', order);
      if (typeof answer.code_url !== 'string') throw new Error('WeChat Pay answered no code_url');
      return { codeUrl: answer.code_url };
    },
    verifyNotice(rawBody, header) {
      verify(header, rawBody);
      const event = JSON.parse(rawBody) as {
        id: string;
        event_type: string;
        resource: { ciphertext: string; nonce: string; associated_data?: string };
      };
      const plain = decrypt(event.resource) as {
        mchid: string;
        appid?: string;
        out_trade_no: string;
        transaction_id: string;
        trade_state: string;
        amount: { total: number };
        out_refund_no?: string;
        refund_id?: string;
        refund_status?: string;
      };
      if (event.event_type.startsWith('REFUND.')) {
        // A refund's final result (refund notices carry no app id).
        if (plain.mchid !== config.mchid) throw new Error('notification is for another merchant');
        if (!plain.out_refund_no || !plain.out_trade_no) throw new Error('refund notification is incomplete');
        return {
          tradeNo: plain.out_trade_no,
          providerTradeNo: plain.refund_id ?? '',
          amountFen: plain.amount?.total,
          status: 'succeeded',
          eventId: event.id,
          refund: {
            refundNo: plain.out_refund_no,
            status: plain.refund_status === 'SUCCESS' ? 'succeeded' : 'failed',
          },
        };
      }
      if (plain.mchid !== config.mchid || plain.appid !== config.appid)
        throw new Error('notification is for another merchant or app');
      const notice: PaymentNotice = {
        tradeNo: plain.out_trade_no,
        providerTradeNo: plain.transaction_id,
        amountFen: plain.amount?.total,
        status: plain.trade_state === 'SUCCESS' ? 'succeeded' : 'closed',
        eventId: event.id,
      };
      if (!notice.tradeNo || !notice.eventId || !Number.isSafeInteger(notice.amountFen))
        throw new Error('notification is incomplete');
      return notice;
    },
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
