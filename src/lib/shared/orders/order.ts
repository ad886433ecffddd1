// Requests of the order calls (responses: responses.ts) (/api/auth/order/*, web/order/*, evaluate,
// sample4recycle) and the staff API (/api/admin/*). One zod schema per request, first
// message only, Chinese.
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { isValidDate } from '../slots.ts';
import { lineOptionsShape } from '../plan/plan-rules.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { MAX_AMOUNT_FEN } from '../money.ts';

export const ORDER_NOT_FOUND = '订单不存在';
export const INSUFFICIENT_BALANCE = '余额不足，请先充值';
export const EMPTY_ORDER = '[检测项目]不能为空';
export const DATE_RANGE_REVERSED = '开始日期不能晚于结束日期';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A trimmed string; '' when absent. */
export const optText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: `[${label}]格式不正确` })
      .trim()
      .max(max, `[${label}]最多${max}个字`)
      .refine((s) => !CONTROL.test(s), `[${label}]包含非法字符`),
  );

export const required = (label: string, max = 64) =>
  optText(label, max).pipe(z.string().min(1, `[${label}]不能为空`));

export const ridField = (label = '订单编号') =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
      .trim()
      .min(1, `[${label}]不能为空`)
      .max(64, ORDER_NOT_FOUND),
  );

export const orderRidSchema = z.object({ rid: ridField() }, { error: '请求参数格式不正确' });

/**
 * The sample delivery value of spec section 3: type 0 self-delivery (only a message), 1 pickup
 * (date, time slot, and either a saved address_rid or the address fields).
 */
export const deliverySchema = z
  .object(
    {
      type: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
        z.union([z.literal(0), z.literal(1)], {
          error: (iss) => (blank(iss.input) ? '[送样方式]不能为空' : '[送样方式]不正确'),
        }),
      ),
      date: optText('取样日期', 10),
      time: optText('取样时间', 32),
      message: optText('备注', 200),
      name: optText('姓名', 32),
      phone: optText('手机', 11),
      province: optText('省份', 32),
      city: optText('城市', 32),
      area: optText('区县', 32),
      address: optText('详细地址', 200),
      address_code: optText('地区编码', 12),
      address_rid: optText('地址', 64),
    },
    { error: '[送样方式]不能为空' },
  )
  .superRefine((d, ctx) => {
    if (d.type !== 1) return;
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    const problem =
      (!d.address_rid && !d.name && '[姓名]不能为空') ||
      (!d.address_rid && !d.phone && '[手机]不能为空') ||
      (!d.address_rid && !/^1[3-9]\d{9}$/.test(d.phone) && '[手机]格式不正确') ||
      (!d.address_rid && (!d.province || !d.city || !d.area || !d.address_code) && '[取样地址]不能为空') ||
      (!d.address_rid && !d.address && '[详细地址]不能为空') ||
      (!d.date && '[取样日期]不能为空') ||
      (!isValidDate(d.date) && '[取样日期]格式不正确') ||
      (!d.time && '[取样时间]不能为空');
    if (problem) fail(problem);
  });
export type Delivery = z.output<typeof deliverySchema>;

/** A delivery with nothing filled in: a new form, or an order without a pickup (type 0). */
export const emptyDelivery = (type: 0 | 1 = 1): Delivery => ({
  type,
  date: '',
  time: '',
  message: '',
  name: '',
  phone: '',
  province: '',
  city: '',
  area: '',
  address: '',
  address_code: '',
  address_rid: '',
});

const orderLineSchema = z.object(
  { item_rid: required('检测项目'), ...lineOptionsShape },
  { error: '[检测项目]格式不正确' },
);

/**
 * order/add: the plan lines to order (`plan_rids`, all of the plan when both lists are
 * absent) or explicit `items`, plus the delivery and a remark.
 */
export const orderAddSchema = z.object(
  {
    plan_rids: z
      .array(z.string().trim().min(1).max(64), { error: '[计划项]格式不正确' })
      .max(50, '[计划项]过多')
      .optional(),
    items: z.array(orderLineSchema, { error: '[检测项目]格式不正确' }).max(50, '[检测项目]过多').optional(),
    delivery: deliverySchema,
    remark: optText('备注', 500),
  },
  { error: '请求参数格式不正确' },
);
export type OrderAddRequest = z.output<typeof orderAddSchema>;

const statusField = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.enum(ORDER_STATUSES, { error: '[订单状态]不正确' }).optional(),
);

export const orderListSchema = PageRequestSchema.extend({
  status: statusField,
  /** Sample delivery of the order: 0 the customer posts the sample (/member/sample), 1 pickup. */
  delivery_type: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.union([z.literal(0), z.literal(1)], { error: '[送样方式]不正确' }).optional(),
  ),
  /** Search (/member/oquery): by order number, item name, and created date range (YYYY-MM-DD). */
  order_no: optText('订单号', 32).optional(),
  keyword: optText('检测项目', 64).optional(),
  date_from: optText('开始日期', 10)
    .refine((v) => !v || isValidDate(v), '[开始日期]格式不正确')
    .optional(),
  date_to: optText('结束日期', 10)
    .refine((v) => !v || isValidDate(v), '[结束日期]格式不正确')
    .optional(),
  /** Several statuses at once: the tabs of /member/order (检测中 = 已收样 + 检测中). */
  statuses: z
    .array(z.enum(ORDER_STATUSES, { error: '[订单状态]不正确' }), { error: '[订单状态]不正确' })
    .max(ORDER_STATUSES.length, '[订单状态]不正确')
    .optional(),
}).refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, DATE_RANGE_REVERSED);

export const paySchema = z.object(
  {
    rid: ridField(),
    /** A retry with the same key after a lost answer gets the first answer again. */
    idempotency_key: optText('请求标识', 64).optional(),
    /** balance: bonus first, then cash; credit: the credit line. */
    method: z.enum(['balance', 'credit'], { error: '[支付方式]不正确' }).default('balance'),
    /** The coupon to pay part with (decision 0026); none when absent or empty. */
    coupon_rid: optText('优惠券', 64).optional(),
  },
  { error: '请求参数格式不正确' },
);

/**
 * web/order/ready2pay: with no coupon_rid the best applicable coupon is suggested; '' means
 * without a coupon; a rid, with that one.
 */
export const readyToPaySchema = z.object(
  { rid: ridField(), coupon_rid: optText('优惠券', 64).optional() },
  { error: '请求参数格式不正确' },
);

export const feedbackSchema = z.object(
  { rid: ridField(), content: required('反馈内容', 1000) },
  { error: '请求参数格式不正确' },
);

export const evaluateSchema = z.object(
  {
    rid: ridField(),
    score: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: (iss) => (blank(iss.input) ? '[评分]不能为空' : '[评分]格式不正确') })
        .int('[评分]应为1-5的整数')
        .min(1, '[评分]应为1-5的整数')
        .max(5, '[评分]应为1-5的整数'),
    ),
    content: optText('评价内容', 500),
  },
  { error: '请求参数格式不正确' },
);

export const recycleAddSchema = z.object(
  {
    rid: ridField(),
    name: required('收件人', 32),
    phone: required('手机', 11).pipe(z.string().regex(/^1[3-9]\d{9}$/, '[手机]格式不正确')),
    address: required('寄回地址', 200),
    message: optText('备注', 200),
  },
  { error: '请求参数格式不正确' },
);

// ---- staff API ----

/** The columns the staff order list sorts by on the server (the list is paged). */
export const STAFF_ORDER_SORTS = ['created', 'due', 'no', 'customer', 'amount', 'status'] as const;
export type StaffOrderSort = (typeof STAFF_ORDER_SORTS)[number];

/** The staff list takes the customer list's filters (status, order number, item, dates, delivery). */
export const adminListSchema = orderListSchema.extend({
  /** One customer's orders (the console's customer page). */
  user_rid: z.preprocess((v) => (v === null || v === '' ? undefined : v), ridField('客户').optional()),
  /**
   * One search box (decision 0084): order number (from its start), customer name, phone,
   * organisation or PI, or item name (anywhere in them).
   */
  q: optText('搜索内容', 40).optional(),
  /** The column the page is ordered by: 'created' (newest first by default), 'due' (decision 0079)… */
  sort: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.enum(STAFF_ORDER_SORTS, { error: '[排序]不正确' }).optional(),
  ),
  /** The direction; each column has its own default (下单时间 newest first, the others ascending). */
  dir: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.enum(['asc', 'desc'], { error: '[排序方向]不正确' }).optional(),
  ),
  /** Orders received (确认收样) or delivered (出具数据) on a Shanghai date: the dashboard's today counts. */
  received_on: optText('收样日期', 10)
    .refine((v) => !v || isValidDate(v), '[收样日期]格式不正确')
    .optional(),
  delivered_on: optText('出数据日期', 10)
    .refine((v) => !v || isValidDate(v), '[出数据日期]格式不正确')
    .optional(),
});
export type AdminListRequest = z.output<typeof adminListSchema>;

export const fenField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
      .int(`[${label}]应为整数（单位：分）`)
      .min(1, `[${label}]必须大于0`)
      .max(MAX_AMOUNT_FEN, `[${label}]过大`),
  );

/** order/finalPrice: a prepaid order's final price once its data is delivered (补差价 / 退差价). */
export const finalPriceSchema = z.object(
  { rid: ridField(), final_fen: fenField('最终价格'), note: optText('说明', 500) },
  { error: '请求参数格式不正确' },
);
export const staffStepSchema = z.object(
  { rid: ridField(), note: optText('说明', 500) },
  { error: '请求参数格式不正确' },
);
export const staffCancelSchema = z.object(
  { rid: ridField(), reason: required('取消原因', 500) },
  { error: '请求参数格式不正确' },
);
/** order/remark: a staff-only note on an order. */
export const remarkSchema = z.object(
  { rid: ridField(), text: required('备注', 1000) },
  { error: '请求参数格式不正确' },
);
export const creditSchema = z.object(
  {
    user_rid: ridField('用户'),
    amount_fen: fenField('充值金额'),
    idempotency_key: required('请求标识', 64),
    note: optText('说明', 200),
  },
  { error: '请求参数格式不正确' },
);

export type {
  OrderLine,
  OrderEvent,
  OrderFile,
  OrderSummary,
  OrderDetail,
  StaffOrderEvent,
} from './responses.ts';

/** order/updateExpress: the courier and tracking number of a self-delivered sample. */
export const expressSchema = z.object(
  {
    rid: ridField(),
    company: required('快递公司', 32),
    no: z
      .string({ error: (iss) => (blank(iss.input) ? '[快递单号]不能为空' : '[快递单号]格式不正确') })
      .trim()
      .min(1, '[快递单号]不能为空')
      .regex(/^[A-Za-z0-9-]{6,40}$/, '[快递单号]应为6-40位字母或数字'),
  },
  { error: '请求参数格式不正确' },
);
