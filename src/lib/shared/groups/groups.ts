// Research groups (课题组, the spec's clusters; decision 0033): the calls' requests and texts.
import { z } from '../zod.ts';
import { looseNumber, PageRequestSchema } from '../pagination.ts';
import { MAX_AMOUNT_FEN } from '../money.ts';
import { fenField, optText, required, ridField } from '../orders/order.ts';

export const GROUP_ROLE_TEXT = { leader: '组长', assistant: '助理', member: '成员' } as const;
export const MEMBER_STATUS_TEXT = {
  pending: '待审核',
  active: '已加入',
  declined: '已拒绝',
  removed: '已移出',
  left: '已退出',
} as const;
export const GROUP_PAYMENT_TEXT = {
  pending: '待审批',
  paid: '已支付',
  rejected: '已拒绝',
  cancelled: '已撤回',
  /** The order was paid another way or cancelled while the request waited. */
  closed: '已关闭',
} as const;
export const GROUP_PAYMENT_STATUSES = ['pending', 'paid', 'rejected', 'cancelled', 'closed'] as const;

export const GROUP_NOT_FOUND = '课题组不存在';
export const NOT_GROUP_MANAGER = '只有组长或助理可以执行此操作';

const groupRid = ridField('课题组');
/** A limit in fen, or null (no limit); absent leaves it as it is. */
const limit = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `[${label}]格式不正确` })
      .int(`[${label}]应为整数（单位：分）`)
      .min(0, `[${label}]不能为负数`)
      .max(MAX_AMOUNT_FEN, `[${label}]过大`)
      .nullable(),
  );

export const groupAddSchema = z.object(
  {
    name: required('课题组名称', 50),
    institution: required('所属单位', 100),
    pi_name: required('负责人', 30),
  },
  { error: '请求参数格式不正确' },
);
export const groupRidSchema = z.object({ rid: groupRid }, { error: '请求参数格式不正确' });
export const groupSearchSchema = PageRequestSchema.extend({ keyword: optText('关键词', 50) });

/** group/list (console): by name, institution, PI or the leader's phone; by status; by member. */
export const staffGroupListSchema = PageRequestSchema.extend({
  keyword: optText('关键词', 50).optional(),
  status: z.enum(['active', 'dissolved'], { error: '[状态]的取值不正确' }).optional(),
  /** The groups a customer is an active member of (the console's customer screen). */
  member_rid: optText('客户', 64).optional(),
});
/** group/detail (console): the group and its payments of a month (YYYY-MM; default this month). */
export const staffGroupDetailSchema = z.object(
  {
    rid: groupRid,
    month: optText('月份', 7)
      .refine((v) => !v || /^\d{4}-(0[1-9]|1[0-2])$/.test(v), '[月份]格式不正确')
      .optional(),
  },
  { error: '请求参数格式不正确' },
);
export const groupApplySchema = z
  .object(
    {
      rid: optText('课题组', 64).optional(),
      code: optText('邀请码', 16).optional(),
      message: optText('申请说明', 200),
    },
    { error: '请求参数格式不正确' },
  )
  .refine((v) => Boolean(v.rid) !== Boolean(v.code), '[课题组]或[邀请码]请填写一项');
export const memberSchema = z.object(
  { rid: groupRid, user_rid: ridField('成员') },
  { error: '请求参数格式不正确' },
);
export const agreeSchema = memberSchema.extend({ agree: z.boolean({ error: '[审核结果]格式不正确' }) });
export const roleSchema = memberSchema.extend({
  role: z.enum(['assistant', 'member'], { error: '[角色]不正确' }),
});
export const limitSchema = memberSchema.extend({
  per_order_limit_fen: limit('单笔限额'),
  monthly_limit_fen: limit('每月限额'),
});
export const depositSchema = z.object(
  { rid: groupRid, amount_fen: fenField('转入金额'), idempotency_key: optText('请求标识', 64) },
  { error: '请求参数格式不正确' },
);
export const groupPaySchema = z.object(
  {
    rid: groupRid,
    order_rid: ridField('订单'),
    label: optText('项目或经费', 50),
    idempotency_key: optText('请求标识', 64),
  },
  { error: '请求参数格式不正确' },
);
export const paymentDecisionSchema = z.object(
  {
    rid: ridField('支付申请'),
    approve: z.boolean({ error: '[审批结果]格式不正确' }),
    reason: optText('原因', 200),
  },
  { error: '请求参数格式不正确' },
);
/** cluster/withdraw: the member takes back a payment request that still waits. */
export const groupPaymentRidSchema = z.object({ rid: ridField('支付申请') }, { error: '请求参数格式不正确' });
export const groupOrdersSchema = PageRequestSchema.extend({
  rid: groupRid,
  month: optText('月份', 7).refine((v) => !v || /^\d{4}-(0[1-9]|1[0-2])$/.test(v), '[月份]格式不正确'),
  status: z.enum(GROUP_PAYMENT_STATUSES, { error: '[状态]不正确' }).optional(),
  size: looseNumber('每页条数'),
});
