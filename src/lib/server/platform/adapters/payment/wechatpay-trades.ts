import { randomBytes } from 'node:crypto';
import type { PaymentAdapter } from './types.ts';
import type { WechatPayClient, WechatPayConfig } from './wechatpay-client.ts';
import { shanghaiIso } from '../../../../shared/time.ts';

type TradeInput = Parameters<PaymentAdapter['createTrade']>[0];

/** 2026-11-23T10:30:00+08:00: the time format WeChat Pay takes. */
function rfc3339Shanghai(date: Date): string {
  return shanghaiIso(date);
}

/** The order every flow places: what is paid, until when, and where the result is notified. */
function tradeOrder(config: WechatPayConfig, { tradeNo, amountFen, description, expiresAt }: TradeInput) {
  return {
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
}

/** Places a trade with WeChat Pay in the flow asked for: Native (a QR code), H5 or JSAPI. */
export async function createWechatTrade(
  client: WechatPayClient,
  config: WechatPayConfig,
  input: TradeInput,
): ReturnType<PaymentAdapter['createTrade']> {
  const { flow = 'qr', returnUrl, payerIp, openid } = input;
  const order = tradeOrder(config, input);
  if (flow === 'h5') {
    // H5下单: a phone's browser opens h5_url (valid five minutes), which hands over to the
    // WeChat app; redirect_url (on the domain registered for H5) is where it comes back.
    const answer = await client.call('POST', '/v3/pay/transactions/h5', {
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
    const answer = await client.call('POST', '/v3/pay/transactions/jsapi', { ...order, payer: { openid } });
    if (typeof answer.prepay_id !== 'string') throw new Error('WeChat Pay answered no prepay_id');
    const jsapi = {
      appId: config.appid,
      timeStamp: String(Math.floor(client.now() / 1000)),
      nonceStr: randomBytes(16).toString('hex'),
      package: `prepay_id=${answer.prepay_id}`,
      signType: 'RSA' as const,
    };
    const paySign = client.sign(`${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`);
    return { codeUrl: '', jsapi: { ...jsapi, paySign } };
  }
  const answer = await client.call('POST', '/v3/pay/transactions/native', order);
  if (typeof answer.code_url !== 'string') throw new Error('WeChat Pay answered no code_url');
  return { codeUrl: answer.code_url };
}
