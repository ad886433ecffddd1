// Daily reconciliation of the providers' trade bills (decision 0028): the staff calls' requests,
// answers and texts, shared by the server and the console.
import { z } from './zod.ts';
import { PageRequestSchema } from './pagination.ts';
import { dateOut, fen, pagedOf, ridOut } from './responses.ts';
import { optText, ridField } from './orders/order.ts';

export const BILL_PROVIDER_TEXT = { dev: '模拟支付', wechatpay: '微信支付', alipay: '支付宝' } as const;
export type BillProvider = keyof typeof BILL_PROVIDER_TEXT;
const PROVIDERS = ['dev', 'wechatpay', 'alipay'] as const;

export const RUN_STATUS_TEXT = {
  running: '对账中',
  matched: '已平账',
  exceptions: '有差异',
  failed: '未取得账单',
} as const;

export const EXCEPTION_KIND_TEXT = {
  missing_here: '账单有、本系统未收款',
  missing_in_bill: '本系统已收款、账单没有',
  amount: '金额不符',
  refund: '退款不符',
} as const;

export const EXCEPTION_STATUS_TEXT = { open: '待处理', resolved: '已处理', cleared: '已消除' } as const;

const billDate = z
  .string({ error: '[账单日期]不能为空' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '[账单日期]格式不正确');
const provider = z.enum(PROVIDERS, { error: '[支付渠道]不正确' });

export const reconcileListSchema = PageRequestSchema.extend({
  provider: provider.optional(),
  status: z.enum(['running', 'matched', 'exceptions', 'failed'], { error: '[对账状态]不正确' }).optional(),
});

export const reconcileExceptionsSchema = PageRequestSchema.extend({
  provider: provider.optional(),
  bill_date: billDate.optional(),
  status: z.enum(['open', 'resolved', 'cleared'], { error: '[处理状态]不正确' }).optional(),
});

export const reconcileRerunSchema = z.object(
  { provider, bill_date: billDate },
  { error: '请求参数格式不正确' },
);

export const reconcileResolveSchema = z.object(
  {
    rid: ridField('差异'),
    note: optText('处理说明', 200).refine((s) => s !== '', '[处理说明]不能为空'),
  },
  { error: '请求参数格式不正确' },
);

export const ReconciliationRunSchema = z.object({
  provider: z.enum(PROVIDERS),
  provider_text: z.string(),
  bill_date: dateOut,
  status: z.enum(['running', 'matched', 'exceptions', 'failed']),
  status_text: z.string(),
  bill_lines: z.number().int(),
  paid_fen: fen,
  refunded_fen: fen,
  open_exceptions: z.number().int(),
  message: z.string(),
  runs: z.number().int(),
  finished_at: z.string().nullable(),
});
export const ReconciliationRunPageSchema = pagedOf(ReconciliationRunSchema);

export const ReconciliationExceptionSchema = z.object({
  rid: ridOut,
  provider: z.enum(PROVIDERS),
  provider_text: z.string(),
  bill_date: dateOut,
  kind: z.enum(['missing_here', 'missing_in_bill', 'amount', 'refund']),
  kind_text: z.string(),
  trade_no: z.string(),
  refund_no: z.string().nullable(),
  bill_fen: fen.nullable(),
  our_fen: fen.nullable(),
  detail: z.string(),
  status: z.enum(['open', 'resolved', 'cleared']),
  status_text: z.string(),
  note: z.string(),
  resolved_at: z.string().nullable(),
});
export const ReconciliationExceptionPageSchema = pagedOf(ReconciliationExceptionSchema);
