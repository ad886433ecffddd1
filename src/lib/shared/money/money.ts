// The money calls' requests (responses: responses.ts) and the rules both sides apply: the bonus a
// top-up earns, the texts of states and movements (decision 0022).
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { isValidDate } from '../slots.ts';
import { fenField, optText, required, ridField } from '../orders/order.ts';

/** A tier of the top-up rule: from this amount on, this percentage comes as bonus (赠送金). */
export type PrestoreTier = { from_fen: number; bonus_percent: number };

/** The bank-transfer voucher a customer uploads for a top-up (转账凭证). */
export type Voucher = {
  payer_name: string;
  bank: string;
  serial: string;
  amount_fen: number;
  paid_on: string;
  file_rid: string;
};

/** The rule a fresh install starts with: from ¥1,000, rising by tier to 14%. */
export const DEFAULT_PRESTORE_RULE = {
  min_fen: 100_000,
  tiers: [
    { from_fen: 100_000, bonus_percent: 3 },
    { from_fen: 500_000, bonus_percent: 5 },
    { from_fen: 1_000_000, bonus_percent: 8 },
    { from_fen: 3_000_000, bonus_percent: 10 },
    { from_fen: 5_000_000, bonus_percent: 12 },
    { from_fen: 10_000_000, bonus_percent: 14 },
  ] satisfies PrestoreTier[],
};

/** The bonus an amount earns under a rule's tiers: the highest tier reached, rounded down to fen. */
export function bonusFor(
  tiers: readonly PrestoreTier[],
  amountFen: number,
): { percent: number; bonus_fen: number } {
  const reached = tiers.filter((t) => amountFen >= t.from_fen);
  const percent = reached.reduce((best, t) => (t.from_fen >= best.from_fen ? t : best), {
    from_fen: 0,
    bonus_percent: 0,
  }).bonus_percent;
  return { percent, bonus_fen: Math.floor((amountFen * percent) / 100) };
}

/** A credit line's defaults (a peer's rule): ¥2,000 for 60 days. */
export const DEFAULT_CREDIT_LIMIT_FEN = 200_000;
export const DEFAULT_CREDIT_DUE_DAYS = 60;

export const PRESTORE_STATUS_TEXT = {
  unpaid: '待付款',
  reviewing: '待审核',
  credited: '已入账',
  rejected: '已驳回',
  cancelled: '已取消',
  refunded: '已退款',
} as const;

export const TRANSFER_STATUS_TEXT = {
  reviewing: '待审核',
  done: '已完成',
  rejected: '已驳回',
  cancelled: '已取消',
} as const;

export const CREDIT_STATUS_TEXT = {
  reviewing: '审核中',
  approved: '已开通',
  rejected: '已驳回',
  cancelled: '已撤回',
} as const;

/** What a movement is called in the customer's 资金明细. */
export const MOVEMENT_TEXT = {
  migrated: '历史余额',
  adjust: '人工入账',
  topup: '预存入账',
  topup_refund: '预存退款',
  payment: '订单支付',
  refund: '订单退款',
  transfer: '转账',
  credit_repay: '信用还款',
  online: '在线支付',
  online_refund: '原路退款',
  points_exchange: '积分兑换',
  price_payment: '补差价',
  price_refund: '退差价',
} as const;
export type MovementKind = keyof typeof MOVEMENT_TEXT;

export const BONUS_KIND_TEXT = { 1: '测试费（赠送金）', 2: '礼品卡（工作人员寄送）' } as const;

/** The spec's invoice types a top-up may ask for (0: none now). */
export const INVOICE_TYPE_TEXT = {
  0: '暂不开票',
  1: '电子普通发票',
  3: '电子专用发票',
  5: '形式发票',
  6: '收据',
} as const;

export const NOT_ENOUGH_CASH = '可用现金余额不足';
export const PRESTORE_NOT_FOUND = '预存申请不存在';
export const TRANSFER_NOT_FOUND = '转账申请不存在';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const choice = <T extends number>(label: string, values: readonly T[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]不正确`) })
      .refine((n): n is T => (values as readonly number[]).includes(n), `[${label}]不正确`),
  );

const dateField = (label: string) =>
  required(label, 10).refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isValidDate(d), `[${label}]格式不正确`);

export const voucherSchema = z.object(
  {
    payer_name: required('付款户名', 100),
    bank: required('付款银行', 100),
    serial: required('交易流水号', 64),
    amount_fen: fenField('转账金额'),
    paid_on: dateField('转账日期'),
    file_rid: ridField('转账凭证'),
  },
  { error: '[转账凭证]格式不正确' },
);

const prestoreFields = {
  amount_fen: fenField('预存金额'),
  bonus_kind: choice('赠送方式', [1, 2] as const).default(1),
  invoice_type: choice('发票类型', [0, 1, 3, 5, 6] as const).default(0),
  invoice_title: optText('发票抬头', 100),
  payer: required('付款单位', 100),
};

export const prestoreAddSchema = z.object(prestoreFields, { error: '请求参数格式不正确' });

/** Edit while 待付款 or 已驳回; with a voucher it goes to 待审核. */
export const prestoreEditSchema = z.object(
  {
    rid: ridField('预存申请'),
    ...prestoreFields,
    voucher: voucherSchema.optional(),
  },
  { error: '请求参数格式不正确' },
);

export const prestoreRidSchema = z.object({ rid: ridField('预存申请') }, { error: '请求参数格式不正确' });

export const prestoreListSchema = PageRequestSchema.extend({
  status: z.enum(['unpaid', 'reviewing', 'credited', 'rejected', 'cancelled', 'refunded']).optional(),
});

export const transferAddSchema = z.object(
  {
    /** The receiving account: its number (rid) or the owner's registered mobile number. */
    to_account: required('收款账户', 64),
    amount_fen: fenField('转账金额'),
    note: optText('备注', 200),
    idempotency_key: required('请求标识', 64),
  },
  { error: '请求参数格式不正确' },
);

/** transferApply/payee: whom an account number or mobile number belongs to, before paying them. */
export const transferPayeeSchema = z.object(
  { to_account: required('收款账户', 64) },
  { error: '请求参数格式不正确' },
);

export const transferRidSchema = z.object({ rid: ridField('转账申请') }, { error: '请求参数格式不正确' });

export const assetDetailSchema = PageRequestSchema.extend({
  kind: z.enum(Object.keys(MOVEMENT_TEXT) as [MovementKind, ...MovementKind[]]).optional(),
  date_from: dateField('开始日期').optional(),
  date_to: dateField('结束日期').optional(),
}).refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, '开始日期不能晚于结束日期');

export const creditOperateSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('apply'),
      amount_fen: fenField('申请额度'),
      reason: optText('申请说明', 300),
    }),
    z.object({ action: z.literal('cancel') }),
    z.object({
      action: z.literal('repay'),
      amount_fen: fenField('还款金额'),
      idempotency_key: required('请求标识', 64),
    }),
  ],
  { error: '[操作类型]不正确' },
);

// ---- staff API ----

export const reviewSchema = z.object(
  { rid: ridField('申请'), note: optText('说明', 200) },
  { error: '请求参数格式不正确' },
);
export const approvalListSchema = PageRequestSchema.extend({
  status: z.enum(['pending', 'approved', 'rejected'], { error: '[状态]不正确' }).optional(),
});
export const approvalRidSchema = z.object({ rid: ridField('复核申请') }, { error: '请求参数格式不正确' });
export const rejectSchema = z.object(
  { rid: ridField('申请'), reason: required('驳回原因', 200) },
  { error: '请求参数格式不正确' },
);
export const creditApproveSchema = z.object(
  {
    rid: ridField('申请'),
    limit_fen: fenField('信用额度'),
    due_days: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: '[账期天数]格式不正确' })
        .int('[账期天数]应为整数')
        .min(1, '[账期天数]必须大于0')
        .max(365, '[账期天数]不能超过365天'),
    ),
  },
  { error: '请求参数格式不正确' },
);
/** credit/line/terms: an approved line's new limit and term, with the reason (decision 0088). */
export const creditTermsSchema = creditApproveSchema.extend({ reason: required('调整原因', 200) });
/** credit/line/suspend and credit/line/resume. */
export const creditSuspendSchema = z.object(
  { rid: ridField('申请'), reason: required('原因', 200) },
  { error: '请求参数格式不正确' },
);

export const ruleSaveSchema = z.object(
  {
    min_fen: fenField('起存金额'),
    effective_from: dateField('生效日期').optional(),
    tiers: z
      .array(
        z.object({
          from_fen: fenField('档位金额'),
          bonus_percent: z
            .number({ error: '[赠送比例]格式不正确' })
            .int('[赠送比例]应为整数')
            .min(0)
            .max(50, '[赠送比例]不能超过50%'),
        }),
        { error: '[档位]格式不正确' },
      )
      .min(1, '[档位]至少1项')
      .max(12, '[档位]最多12项')
      .refine((t) => new Set(t.map((x) => x.from_fen)).size === t.length, '[档位金额]不能重复'),
  },
  { error: '请求参数格式不正确' },
);
export const adminListSchema = PageRequestSchema.extend({ status: optText('状态', 20) });
