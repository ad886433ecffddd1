// The console's daily operations (decision 0032): pickups by date, and the spec's service
// promises with what overdue means for each. Requests, responses and the pure deadline rules.
import { z } from '../zod.ts';
import { PageRequestSchema, sortFields } from '../pagination.ts';
import { isValidDate } from '../slots.ts';
import { pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { optText, ridField } from './order.ts';

export const PICKUP_STATUSES = ['pending', 'picked', 'received', 'cancelled'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];
export const PICKUP_STATUS_TEXT: Record<PickupStatus, string> = {
  pending: '待取样',
  picked: '已取样',
  received: '已收样',
  cancelled: '已取消',
};

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** pickup/list: one Shanghai day (today when absent), optionally one step. */
export const pickupListSchema = PageRequestSchema.extend({
  date: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.string({ error: '[取样日期]格式不正确' }).refine(isValidDate, '[取样日期]格式不正确').optional(),
  ),
  status: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(PICKUP_STATUSES, { error: '[状态]不正确' }).optional(),
  ),
});

/** pickup/picked, pickup/receive: a pickup request (s…) or an order with a pickup (o…). */
export const pickupStepSchema = z.object(
  { rid: ridField('取样单'), note: optText('说明', 500) },
  { error: '请求参数格式不正确' },
);

export const PickupSchema = z.object({
  /** 'order': an order placed with pickup delivery; 'request': a pickup booked on its own (sampling/add). */
  kind: z.enum(['order', 'request']),
  rid: ridOut,
  order_no: z.string(),
  status: z.enum(PICKUP_STATUSES),
  status_text: z.string(),
  /** The order's own status (empty for a request), e.g. 待报价 before it can be picked up. */
  order_status: z.enum(ORDER_STATUSES).nullable(),
  order_status_text: z.string(),
  date: z.string(),
  time: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  message: z.string(),
  /** "name ×count" per order line; empty for a request. */
  items: z.array(z.string()),
  customer: CustomerRefSchema,
  picked_at: z.string().nullable(),
  received_at: z.string().nullable(),
});
export type PickupRow = z.output<typeof PickupSchema>;
export const PickupPageSchema = pagedOf(PickupSchema);
export const PickupMovedSchema = z.object({
  rid: ridOut,
  status: z.enum(PICKUP_STATUSES),
  status_text: z.string(),
});

// ---- service promises (spec: process and section 12) ----

export const PROMISES = ['manager_call', 'data_reminder', 'sample_return', 'disposal'] as const;
export type PromiseKind = (typeof PROMISES)[number];
export const PROMISE_TEXT: Record<PromiseKind, string> = {
  manager_call: '收样后 2 小时内业务经理致电',
  data_reminder: '出数据后 2 小时内通知客户',
  sample_return: '全额付款后 48 小时内寄回样品',
  disposal: '保留期满（检测完成 5 个工作日或留样期满）后销毁样品',
};
/**
 * The promises kept per sample (decision 0078): their lists are samples, read from the samples'
 * records, and they are kept by the samples' own custody events (寄回, witnessed 销毁).
 */
export const SAMPLE_PROMISES = ['sample_return', 'disposal'] as const satisfies readonly PromiseKind[];
export type SamplePromiseKind = (typeof SAMPLE_PROMISES)[number];
export const isSamplePromise = (k: PromiseKind): k is SamplePromiseKind =>
  (SAMPLE_PROMISES as readonly string[]).includes(k);
/** What marks the manager's call kept (an order_events action). */
export const PROMISE_DONE_ACTION = { manager_call: 'called' } as const;
/** Timeline words of the operations' entries ('returned' and 'disposed': order marks made before 0078). */
export const OPERATION_ACTION_TEXT: Record<string, string> = {
  picked: '已上门取样',
  called: '业务经理已致电客户',
  returned: '样品已寄回',
  disposed: '样品已销毁',
};

/** The overdue lists' columns (decision 0095); by default the oldest first. */
export const PROMISE_SORTS = ['order', 'customer', 'since', 'due'] as const;
export type PromiseSort = (typeof PROMISE_SORTS)[number];

export const promiseListSchema = PageRequestSchema.extend({
  kind: z.enum(PROMISES, { error: '[类型]不正确' }),
  ...sortFields(PROMISE_SORTS),
});
/** order/called. */
export const orderMarkSchema = z.object(
  { rid: ridField(), note: optText('说明', 500) },
  { error: '请求参数格式不正确' },
);

/** The sample a per-sample promise is about (sample_return, disposal), with what its dialogs show. */
export const PromiseSampleSchema = z.object({
  rid: ridOut,
  sample_no: z.string(),
  name: z.string(),
  item_name: z.string(),
  status_text: z.string(),
  disposal: z.number().int(),
  retention_text: z.string(),
  retain_until: z.string().nullable(),
});
export type PromiseSample = z.output<typeof PromiseSampleSchema>;

export const PromiseRowSchema = z.object({
  /** The order's rid (the list links to it). */
  rid: ridOut,
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_text: z.string(),
  customer: CustomerRefSchema,
  /** When the clock started (receipt, delivery, full payment or end of testing). */
  since: z.string(),
  /** When it should have been done. */
  due: z.string(),
  /** For a per-sample promise, the sample; null for an order's own (the call, the reminder). */
  sample: PromiseSampleSchema.nullable(),
});
export type PromiseRow = z.output<typeof PromiseRowSchema>;
export const PromisePageSchema = pagedOf(PromiseRowSchema);

const HOUR = 3600_000;
/** The promises counted in hours from their start (disposal follows each sample's last day kept). */
export const PROMISE_HOURS = { manager_call: 2, data_reminder: 2, sample_return: 48 } as const;

/** When a promise counted in hours, started at `since`, is due. */
export const promiseDue = (kind: keyof typeof PROMISE_HOURS, since: number): number =>
  since + PROMISE_HOURS[kind] * HOUR;
