// Invitations, promoters, rebates and withdrawals (decision 0031): the pure rules both sides apply,
// the texts customers read and the calls' requests.
import { z } from '../zod.ts';
import { looseNumber, PageRequestSchema } from '../pagination.ts';
import { MAX_AMOUNT_FEN } from '../money.ts';
import { addMonths, shanghaiMidnight } from '../slots.ts';
import { shanghaiDate } from '../time.ts';
import { fenField, optText, required, ridField } from '../orders/order.ts';
import { isSiteOrHttps, siteOrHttpsMessage } from '../links.ts';

/** A rate in basis points (1/100 of a percent): 8% is 800, so rates stay whole numbers. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercentText = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** The rebate on what an order's customer paid in cash and credit: rounded down to whole fen. */
export const rebateFor = (baseFen: number, rateBp: number) =>
  baseFen > 0 && rateBp > 0 ? Math.floor((baseFen * rateBp) / 10_000) : 0;

/** The fee taken from a withdrawal, rounded down (the lab never charges a part of a fen). */
export const withdrawFee = (amountFen: number, feeBp: number) =>
  feeBp > 0 ? Math.floor((amountFen * feeBp) / 10_000) : 0;

/**
 * The end of an invitee's binding window: the same Shanghai wall-clock time `months` later (a day
 * past the end of a shorter month is clamped to its last day: 08-31 + 6 → 02-28).
 */
export function bindingEnd(registeredAt: number, months: number): number {
  const day = shanghaiDate(registeredAt);
  const midnight = shanghaiMidnight(day)!;
  return shanghaiMidnight(addMonths(day, months))! + (registeredAt - midnight);
}

/** The Shanghai month an instant falls in, as [start, end) instants (the monthly cap's window). */
export function shanghaiMonth(at: number): [number, number] {
  const day = shanghaiDate(at);
  const first = `${day.slice(0, 7)}-01`;
  return [shanghaiMidnight(first)!, shanghaiMidnight(addMonths(first, 1))!];
}

export const PROMOTER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PromoterStatus = (typeof PROMOTER_STATUSES)[number];
export const PROMOTER_STATUS_TEXT: Record<PromoterStatus | 'none', string> = {
  none: '未申请',
  pending: '审核中',
  approved: '推广员',
  rejected: '未通过',
};

export const REBATE_KINDS = ['rebate', 'reverse', 'withdraw', 'withdraw_return'] as const;
export type RebateKind = (typeof REBATE_KINDS)[number];
export const REBATE_KIND_TEXT: Record<RebateKind, string> = {
  rebate: '订单返利',
  reverse: '退款扣回',
  withdraw: '申请提现',
  withdraw_return: '提现退回',
};

export const WITHDRAW_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
export const WITHDRAW_STATUS_TEXT: Record<WithdrawStatus, string> = {
  pending: '待打款',
  paid: '已打款',
  rejected: '已驳回',
  cancelled: '已取消',
};

export const PAYOUT_CHANNELS = ['bank', 'alipay', 'wechat'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];
export const PAYOUT_CHANNEL_TEXT: Record<PayoutChannel, string> = {
  bank: '银行卡',
  alipay: '支付宝',
  wechat: '微信',
};

export const NOT_INVITED_BY_YOU = '该用户不是您邀请的用户';
export const ALREADY_PROMOTER = '您已是推广员，无需重复申请';
export const APPLICATION_PENDING = '您的申请正在审核中，请勿重复提交';
export const NOT_PROMOTER = '您还不是推广员，请先申请成为推广员';
export const NOT_ENOUGH_WITHDRAWABLE = '可提现金额不足';
export const WITHDRAWAL_NOT_FOUND = '提现申请不存在';
export const WITHDRAWAL_DONE = '该提现申请已处理，无法修改';
export const PROMOTER_NOT_FOUND = '推广员申请不存在';
export const PROMOTER_DECIDED = '该申请已处理';
export const CAMPAIGN_NOT_FOUND = '推广活动不存在';
export const belowMinimum = (minYuan: number) => `单笔提现金额不能低于${minYuan}元`;
export const overMonthlyCap = (leftText: string) => `超出本月提现额度，本月还可提现${leftText}元`;

const fail = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: 'custom', message });

/** promoter_apply/add: who applies and how they will promote. */
export const promoterApplySchema = z.object(
  {
    real_name: required('真实姓名', 20),
    /** Where they will share the link: a lab, a WeChat group, a course… */
    channel: required('推广渠道', 100),
    note: optText('申请说明', 300),
  },
  { error: '请求参数格式不正确' },
);

const payoutAccountFields = {
  channel: z.enum(PAYOUT_CHANNELS, { error: '[收款方式]不正确' }),
  account_name: required('收款人姓名', 20),
  account_no: required('收款账号', 40),
  /** Bank cards only: the bank and branch. */
  bank_name: optText('开户银行', 60),
};

/** A payout account that can be paid: a card number of digits and a bank for cards. */
const checkAccount = (
  v: { channel: PayoutChannel; account_no: string; bank_name: string },
  ctx: z.RefinementCtx,
) => {
  if (v.channel === 'bank') {
    if (!/^\d{12,19}$/.test(v.account_no.replace(/\s/g, ''))) fail(ctx, '[银行卡号]应为12-19位数字');
    if (!v.bank_name) fail(ctx, '[开户银行]不能为空');
  }
};

/** promoter_rebate_withdraw/add: an amount to a bank card, Alipay or WeChat account. */
export const withdrawAddSchema = z
  .object(
    {
      amount_fen: fenField('提现金额'),
      ...payoutAccountFields,
      idempotency_key: required('请求标识', 64),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine(checkAccount);

/** promoter_rebate_withdraw/update4user: the payout account of a withdrawal still waiting. */
export const withdrawUpdateSchema = z
  .object({ rid: ridField('提现申请'), ...payoutAccountFields }, { error: '请求参数格式不正确' })
  .superRefine(checkAccount);

export const withdrawRidSchema = z.object({ rid: ridField('提现申请') }, { error: '请求参数格式不正确' });

export const withdrawListSchema = PageRequestSchema.extend({
  status: z.enum(WITHDRAW_STATUSES, { error: '[状态]不正确' }).optional(),
});

export const rebateListSchema = PageRequestSchema.extend({
  kind: z.enum(REBATE_KINDS, { error: '[类型]不正确' }).optional(),
});

export const inviteOrdersSchema = PageRequestSchema.extend({ user_rid: ridField('用户') });

// ---- staff ----

export const promoterListSchema = PageRequestSchema.extend({
  status: z.enum(PROMOTER_STATUSES, { error: '[状态]不正确' }).optional(),
  keyword: optText('关键词', 40),
});

export const promoterApproveSchema = z.object(
  {
    rid: ridField('推广员申请'),
    /** Empty: the default rate. */
    rate_percent: looseNumber('返利比例').refine(
      (n) => n === undefined || (n >= 0 && n <= 50 && Number.isInteger(n * 100)),
      '[返利比例]应为0-50之间、最多两位小数',
    ),
  },
  { error: '请求参数格式不正确' },
);

export const promoterRejectSchema = z.object(
  { rid: ridField('推广员申请'), reason: required('驳回原因', 200) },
  { error: '请求参数格式不正确' },
);

export const staffWithdrawListSchema = withdrawListSchema.extend({ keyword: optText('关键词', 40) });

export const withdrawPaySchema = z.object(
  { rid: ridField('提现申请'), payout_ref: required('打款流水号', 64), note: optText('备注', 200) },
  { error: '请求参数格式不正确' },
);

export const withdrawRejectSchema = z.object(
  { rid: ridField('提现申请'), reason: required('驳回原因', 200) },
  { error: '请求参数格式不正确' },
);

const urlField = (label: string, required: boolean) =>
  optText(label, 500).refine(
    (v) => (v ? isSiteOrHttps(v) && !/\s/.test(v) : !required),
    required ? `[${label}]不能为空` : siteOrHttpsMessage(label),
  );

const instant = (label: string) =>
  required(label, 40).refine((v) => !Number.isNaN(Date.parse(v)), `[${label}]格式不正确`);

/** campaign/save: a new campaign (no rid) or an edit of one. */
export const campaignSaveSchema = z
  .object(
    {
      rid: optText('推广活动', 64),
      title: required('标题', 40),
      text: required('活动说明', 500),
      image_url: urlField('图片地址', false),
      link: urlField('链接', false),
      starts_at: instant('开始时间'),
      ends_at: instant('结束时间'),
      sort: looseNumber('排序').refine(
        (n) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 9999),
        '[排序]应为0-9999的整数',
      ),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine((v, ctx) => {
    if (Date.parse(v.ends_at) <= Date.parse(v.starts_at)) fail(ctx, '[结束时间]应晚于[开始时间]');
  });

export const campaignListSchema = PageRequestSchema.extend({
  status: z.enum(['active', 'retired'], { error: '[状态]不正确' }).optional(),
});

export const campaignRidSchema = z.object({ rid: ridField('推广活动') }, { error: '请求参数格式不正确' });

/** The limit of one withdrawal, whatever the settings say (keeps sums far inside bigint). */
export const MAX_WITHDRAW_FEN = MAX_AMOUNT_FEN;
