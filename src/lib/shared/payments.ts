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

export const paymentCreateSchema = z.object(
  {
    purpose: z.enum(['order', 'topup', 'repay'], { error: '[支付用途]不正确' }),
    rid: ridField('支付对象'),
    channel: z.enum(['wechatpay', 'alipay'], { error: '[支付方式]不正确' }),
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
  /** What the QR code encodes. */
  code_url: z.string(),
  expires_at: z.string(),
  /** After success: paid (the order), credited (the top-up), repaid (credit) or kept (as cash on the balance). */
  outcome: z.enum(['paid', 'credited', 'repaid', 'kept']).nullable(),
});
