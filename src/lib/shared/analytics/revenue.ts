// Revenue report (issue 35, decision 0092): what orders brought in over a range of days, from the
// ledger's order movements, by month, item, instrument, customer type, organisation, research
// group or promoter, with the parts that paid it.
import { z } from '../zod.ts';
import { dateOut, fen } from '../responses.ts';
import { dateField, rangeChecks } from './turnaround.ts';

export const REVENUE_GROUPINGS = [
  'month',
  'item',
  'instrument',
  'customer_kind',
  'organisation',
  'group',
  'promoter',
] as const;
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];
export const REVENUE_GROUPING_TEXT: Record<RevenueGrouping, string> = {
  month: '按月份',
  item: '按检测项目',
  instrument: '按仪器',
  customer_kind: '按客户类型',
  organisation: '按单位',
  group: '按课题组',
  promoter: '按推广人',
};

/** analytics/revenue: the order movements of a range of days (Shanghai), in one grouping. */
export const revenueSchema = rangeChecks(
  z.object(
    {
      from: dateField('开始日期'),
      to: dateField('结束日期'),
      group: z.enum(REVENUE_GROUPINGS, { error: '[分组]不正确' }),
    },
    { error: '请求参数格式不正确' },
  ),
);
export type RevenueQuery = z.output<typeof revenueSchema>;

/**
 * One group's figures, in fen. paid + price_paid - price_refunded - refunded = net, and net =
 * cash + bonus + coupon + credit (a refund's parts count negative in each).
 */
export const RevenueRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Orders with a movement in the range. */
  orders: z.number().int(),
  paid_fen: fen,
  price_paid_fen: fen,
  price_refunded_fen: fen,
  refunded_fen: fen,
  net_fen: fen,
  cash_fen: fen,
  bonus_fen: fen,
  coupon_fen: fen,
  credit_fen: fen,
});
export type RevenueRow = z.output<typeof RevenueRowSchema>;

export const RevenueSchema = z.object({
  from: dateOut,
  to: dateOut,
  group: z.enum(REVENUE_GROUPINGS),
  rows: z.array(RevenueRowSchema),
  total: RevenueRowSchema,
  /** 赠送金 customers took for points in the range (spent as 赠送金, within bonus_fen). */
  points_bonus_fen: fen,
});
export type Revenue = z.output<typeof RevenueSchema>;

export const REVENUE_FIGURES = [
  'paid_fen',
  'price_paid_fen',
  'price_refunded_fen',
  'refunded_fen',
  'net_fen',
  'cash_fen',
  'bonus_fen',
  'coupon_fen',
  'credit_fen',
] as const;
export type RevenueFigure = (typeof REVENUE_FIGURES)[number];
export const REVENUE_FIGURE_TEXT: Record<RevenueFigure, string> = {
  paid_fen: '订单收款',
  price_paid_fen: '补差价',
  price_refunded_fen: '退差价',
  refunded_fen: '取消退款',
  net_fen: '净收入',
  cash_fen: '现金',
  bonus_fen: '赠送金',
  coupon_fen: '优惠券',
  credit_fen: '信用',
};

export const CUSTOMER_KIND_TEXT: Record<string, string> = {
  institution: '高校及科研院所',
  enterprise: '企业',
};
/** Labels of the groups without a value. */
export const NO_GROUP = '个人支付';
export const NO_PROMOTER = '无推广人';
export const NO_INSTRUMENT = '未指定仪器';
export const NO_ORGANISATION = '未填写单位';

/**
 * Splits `amount` fen over weights by largest remainder (ties to the earlier weight): the shares
 * sum to the amount exactly, negative amounts too. Equal shares when the weights sum to nothing.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.map((x) => Math.max(0, x));
  let total = w.reduce((a, b) => a + b, 0);
  if (total === 0) {
    w.fill(1);
    total = w.length;
  }
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  const shares = w.map((x) => Math.floor((abs * x) / total));
  let left = abs - shares.reduce((a, b) => a + b, 0);
  const order = w.map((x, i) => ({ i, r: (abs * x) % total })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]++;
    left--;
  }
  return shares.map((s) => s * sign);
}
