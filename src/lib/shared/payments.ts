// Online payment (decision 0025): the requests and answers of payment/create and payment/status.
import { z } from './zod.ts';
import { fen, ridOut } from './responses.ts';
import { optText, ridField } from './orders/order.ts';

export const PAY_CHANNEL_TEXT = { wechatpay: '微信支付', alipay: '支付宝' } as const;
export type PayChannelName = keyof typeof PAY_CHANNEL_TEXT;

export const PAYMENT_STATUS_TEXT = {
  pending: '待支付',
  succeeded: '支付成功',
  closed: '已关闭',
  failed: '支付失败',
} as const;

export const PAY_FLOWS = ['qr', 'h5', 'jsapi'] as const;
export type PayFlowName = (typeof PAY_FLOWS)[number];

/** Under a channel's name in the pay dialog: how this browser will pay with it. */
export const PAY_FLOW_HINT: Record<PayFlowName, string> = {
  qr: '扫码支付',
  h5: '跳转App付款',
  jsapi: '微信内付款',
};

/** In WeChat's browser with no WeChat bound to the account: JSAPI cannot name the payer. */
export const JSAPI_UNAVAILABLE =
  '当前账号未绑定微信，无法在微信内直接支付。请先使用微信扫码登录绑定后重试，或在电脑等其他设备上打开本页扫码支付。';
/** WeChat's browser does not open Alipay. */
export const ALIPAY_IN_WECHAT =
  '微信内无法打开支付宝。请点击右上角「…」选择「在浏览器打开」后支付，或改用微信支付。';

const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|OpenHarmony/i;

/**
 * How this browser pays (decision 0056), from its User-Agent: WeChat's own browser
 * (`MicroMessenger`) pays WeChat Pay through JSAPI; a phone or tablet opens the provider's
 * mobile page (WeChat Pay H5, Alipay 手机网站支付); anything else shows a QR code. `touchMac` is an
 * iPad that reports itself as a Mac. Alipay inside WeChat cannot open: a QR code and a hint.
 */
export function payFlowFor(
  userAgent: string,
  channel: PayChannelName,
  touchMac = false,
): { flow: PayFlowName; hint?: string } {
  if (/MicroMessenger/i.test(userAgent))
    return channel === 'wechatpay' ? { flow: 'jsapi' } : { flow: 'qr', hint: ALIPAY_IN_WECHAT };
  const mobile = MOBILE_UA.test(userAgent) || (touchMac && /Macintosh/.test(userAgent));
  return { flow: mobile ? 'h5' : 'qr' };
}

export const paymentCreateSchema = z.object(
  {
    purpose: z.enum(['order', 'topup', 'repay'], { error: '[支付用途]不正确' }),
    rid: ridField('支付对象'),
    channel: z.enum(['wechatpay', 'alipay'], { error: '[支付方式]不正确' }),
    /** How the customer pays (decision 0056); a QR code when omitted. */
    flow: z.enum(PAY_FLOWS, { error: '[支付场景]不正确' }).default('qr'),
    /** For an order: the coupon to pay part with (decision 0026). */
    coupon_rid: optText('优惠券', 64).optional(),
  },
  { error: '请求参数格式不正确' },
);

export const paymentStatusSchema = z.object(
  { trade_no: ridField('支付单号') },
  { error: '请求参数格式不正确' },
);

export const PaymentSchema = z.object({
  trade_no: ridOut,
  purpose: z.enum(['order', 'topup', 'repay']),
  ref_rid: ridOut,
  channel: z.enum(['wechatpay', 'alipay']),
  amount_fen: fen,
  status: z.enum(['pending', 'succeeded', 'closed', 'failed']),
  status_text: z.string(),
  flow: z.enum(PAY_FLOWS),
  /** What the QR code encodes ('' when the phone pays another way). */
  code_url: z.string(),
  /** h5: the provider's page to open in this browser. */
  pay_url: z.string().nullable(),
  /** jsapi: the arguments of WeixinJSBridge.invoke('getBrandWCPayRequest', …). */
  jsapi: z
    .object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    })
    .nullable(),
  /** Why the trade is not in the flow asked for (JSAPI without a bound WeChat). */
  notice: z.string().nullable(),
  expires_at: z.string(),
  /** After success: paid (the order), credited (the top-up), repaid (credit) or kept (as cash on the balance). */
  outcome: z.enum(['paid', 'credited', 'repaid', 'kept']).nullable(),
});
