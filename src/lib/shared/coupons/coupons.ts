// Coupons (decision 0026): the rules both sides apply — what a coupon takes off an amount, how the
// discount is spread over an order's lines, the texts customers read — and the calls' requests.
import { z } from '../zod.ts';
import { looseNumber, PageRequestSchema } from '../pagination.ts';
import { fenToYuan, MAX_AMOUNT_FEN } from '../money.ts';
import { isValidDate } from '../slots.ts';
import { optText, required, ridField } from '../orders/order.ts';

/** The part of an order's payment a coupon took from one line. */
export type CouponAllocation = { item_rid: string; name: string; fen: number };

export type CouponRule = {
  kind: 'amount' | 'percent';
  value_fen: number;
  percent_off: number;
  threshold_fen: number;
};

/**
 * What a coupon takes off an eligible amount: nothing below the threshold; a fixed amount (满减),
 * or a percentage rounded down to fen and capped at value_fen (0: no cap); never more than the
 * amount itself.
 */
export function discountFor(rule: CouponRule, eligibleFen: number): number {
  if (eligibleFen <= 0 || eligibleFen < rule.threshold_fen) return 0;
  const off =
    rule.kind === 'amount'
      ? rule.value_fen
      : Math.min(
          Math.floor((eligibleFen * rule.percent_off) / 100),
          rule.value_fen > 0 ? rule.value_fen : Number.MAX_SAFE_INTEGER,
        );
  return Math.min(off, eligibleFen);
}

/**
 * Spreads an amount over lines in proportion to their amounts by largest remainder: every share
 * is whole fen and the shares sum to the amount exactly (so a discount no larger than the lines
 * never takes more from a line than it costs).
 */
export function allocate(amountFen: number, lines: readonly { fen: number }[]): number[] {
  const total = lines.reduce((n, l) => n + l.fen, 0);
  if (total <= 0 || amountFen <= 0) return lines.map(() => 0);
  // Products of two amounts pass 2^53: exact shares in BigInt.
  const parts = lines.map((l) => BigInt(amountFen) * BigInt(l.fen));
  const shares = parts.map((p) => Number(p / BigInt(total)));
  const left = amountFen - shares.reduce((n, s) => n + s, 0);
  const order = parts
    .map((p, i) => ({ i, rest: Number(p % BigInt(total)) }))
    .sort((a, b) => b.rest - a.rest || lines[b.i].fen - lines[a.i].fen || a.i - b.i);
  for (const { i } of order.slice(0, left)) shares[i] += 1;
  return shares;
}

const yuanText = (fen: number) => fenToYuan(fen).replace(/\.00$/, '');

/** 满2000减200 · 无门槛减100 · 9折 · 8.5折，最高减100 */
export function ruleText(rule: CouponRule): string {
  if (rule.kind === 'amount')
    return rule.threshold_fen > 0
      ? `满${yuanText(rule.threshold_fen)}减${yuanText(rule.value_fen)}`
      : `无门槛减${yuanText(rule.value_fen)}`;
  const rate = `${(100 - rule.percent_off) / 10}折`;
  const floor = rule.threshold_fen > 0 ? `满${yuanText(rule.threshold_fen)}享` : '';
  return `${floor}${rate}${rule.value_fen > 0 ? `，最高减${yuanText(rule.value_fen)}` : ''}`;
}

export const SCOPE_TEXT = { all: '全场通用', category: '指定类别', item: '指定项目' } as const;

/** The tabs of /member/coupon (discount4user/all state). */
export const COUPON_TABS = { 1: '可使用', 2: '已使用', 3: '已失效' } as const;
export type CouponTab = keyof typeof COUPON_TABS;

export const COUPON_NOT_FOUND = '优惠券不存在';
export const COUPON_EXPIRED = '优惠券已过期';
export const COUPON_USED = '优惠券已使用';
export const COUPON_NOT_STARTED = '优惠券尚未到使用时间';
export const COUPON_LIMIT = '您已领取过该优惠券';
export const COUPON_GONE = '优惠券已领完';
export const COUPON_CODE_WRONG = '兑换码无效或已过期';
/** A 首单 coupon once its holder has paid for an order (shown on the ticket under 已失效). */
export const FIRST_ORDER_SPENT = '已非首单';

/** discount4user/add: claim one from the coupon centre, or redeem a code. */
export const couponAddSchema = z
  .object(
    {
      template_rid: optText('优惠券', 64).optional(),
      code: optText('兑换码', 32).optional(),
    },
    { error: '请求参数格式不正确' },
  )
  .refine((v) => Boolean(v.template_rid) !== Boolean(v.code), '[优惠券]或[兑换码]请填写一项');

/** discount4user/all: one tab of my coupons. */
export const couponListSchema = PageRequestSchema.extend({
  state: looseNumber('状态')
    .refine((n) => n === undefined || n === 1 || n === 2 || n === 3, '[状态]不正确')
    .transform((n) => (n ?? 1) as CouponTab),
});

// ---- staff ----

const whole = (label: string, min: number, max: number) =>
  looseNumber(label).refine(
    (n) => n === undefined || (Number.isInteger(n) && n >= min && n <= max),
    `[${label}]应为${min}-${max}的整数`,
  );

const dateText = (label: string) =>
  optText(label, 10).refine((v) => !v || isValidDate(v), `[${label}]格式不正确`);

/** coupon/template/add: a new kind of coupon, checked so that it can be honoured. */
export const couponTemplateSchema = z
  .object(
    {
      name: required('名称', 40),
      scope: z.enum(['all', 'category', 'item'], { error: '[适用范围]不正确' }),
      /** category: the child category id; item: the item rid. */
      scope_ref: optText('适用对象', 64),
      kind: z.enum(['amount', 'percent'], { error: '[类型]不正确' }),
      value_fen: whole('面额', 0, MAX_AMOUNT_FEN),
      percent_off: whole('折扣', 1, 90),
      threshold_fen: whole('使用门槛', 0, MAX_AMOUNT_FEN),
      first_order_only: z.boolean({ error: '[仅限首单]格式不正确' }).default(false),
      validity: z.enum(['fixed', 'days'], { error: '[有效期类型]不正确' }),
      valid_from: dateText('开始日期'),
      valid_to: dateText('结束日期'),
      valid_days: whole('有效天数', 1, 3650),
      per_user_limit: whole('每人限领', 1, 100),
      budget_count: whole('发放总量', 1, 10_000_000),
      budget_fen: whole('预算金额', 1, MAX_AMOUNT_FEN),
      claimable: z.boolean({ error: '[领券中心展示]格式不正确' }).default(false),
      code: optText('兑换码', 32).refine(
        (v) => !v || /^[A-Za-z0-9]{4,32}$/.test(v),
        '[兑换码]应为4-32位字母或数字',
      ),
      welcome: z.boolean({ error: '[新人券]格式不正确' }).default(false),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine((t, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (t.scope !== 'all' && !t.scope_ref) fail('[适用对象]不能为空');
    if (t.kind === 'amount' && !t.value_fen) fail('[面额]必须大于0');
    if (t.kind === 'amount' && t.threshold_fen && (t.value_fen ?? 0) > t.threshold_fen)
      fail('[面额]不能大于使用门槛');
    if (t.kind === 'percent' && !t.percent_off) fail('[折扣]不能为空');
    if (t.kind === 'percent' && t.budget_fen && !t.value_fen) fail('有预算金额的折扣券须设置最高减免[面额]');
    if (t.validity === 'fixed' && (!t.valid_from || !t.valid_to)) fail('[有效期]不能为空');
    if (t.validity === 'fixed' && t.valid_from && t.valid_to && t.valid_from > t.valid_to)
      fail('[结束日期]不能早于[开始日期]');
    if (t.validity === 'days' && !t.valid_days) fail('[有效天数]不能为空');
  });

export const templateRidSchema = z.object({ rid: ridField('优惠券') }, { error: '请求参数格式不正确' });

/** coupon/issue: give coupons of a template to customers named by mobile number. */
export const couponIssueSchema = z.object(
  {
    rid: ridField('优惠券'),
    phones: z
      .array(required('手机号', 20), { error: '[手机号]格式不正确' })
      .min(1, '[手机号]不能为空')
      .max(200, '一次最多发放200人'),
  },
  { error: '请求参数格式不正确' },
);

export const couponTemplateListSchema = PageRequestSchema.extend({
  status: z.enum(['active', 'retired'], { error: '[状态]不正确' }).optional(),
});

export const couponUsageSchema = PageRequestSchema.extend({ rid: ridField('优惠券') });

/** coupon/issue/list: large issues waiting for (or decided by) a second staff member. */
export const issueRequestListSchema = PageRequestSchema.extend({
  status: z.enum(['pending', 'approved', 'rejected'], { error: '[状态]不正确' }).optional(),
});
export const issueRequestRidSchema = z.object({ rid: ridField('发放申请') }, { error: '请求参数格式不正确' });
export const issueRequestRejectSchema = z.object(
  { rid: ridField('发放申请'), reason: required('驳回原因', 200) },
  { error: '请求参数格式不正确' },
);
