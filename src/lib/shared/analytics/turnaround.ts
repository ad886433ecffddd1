// Turnaround reports (issue 32, decision 0083): the segments of an order's life the lab measures,
// the groupings and units, the requests and answers shared by the console and the server.
import { z } from '../zod.ts';
import { isValidDate } from '../slots.ts';
import { PageRequestSchema } from '../pagination.ts';
import { dateOut, pagedOf, ridOut } from '../responses.ts';

/** The measured segments, each from one recorded moment to another (decision 0083 defines them). */
export const SEGMENTS = ['placed', 'waiting', 'testing', 'review', 'report'] as const;
export type Segment = (typeof SEGMENTS)[number];
export const SEGMENT_TEXT: Record<Segment, string> = {
  placed: '下单→签收',
  waiting: '签收→开始',
  testing: '开始→出数据',
  review: '出数据→审核',
  report: '签收→报告',
};

export const GROUPINGS = ['month', 'item', 'instrument', 'technician'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const GROUPING_TEXT: Record<Grouping, string> = {
  month: '按月份',
  item: '按检测项目',
  instrument: '按仪器',
  technician: '按实验员',
};

/** Calendar days (24 h each) or working days (only the hours of the lab's working days count). */
export const UNITS = ['calendar', 'working'] as const;
export type Unit = (typeof UNITS)[number];
export const UNIT_TEXT: Record<Unit, string> = { calendar: '自然日', working: '工作日' };

/** The key of the row summing every order of the range (an order counts once there). */
export const TOTAL_KEY = '*';
/** The label of a group whose orders recorded none (no instrument or technician entered). */
export const NONE_LABEL = '未记录';
/** The longest range one report covers. */
export const MAX_RANGE_DAYS = 1100;

const blank = (v: unknown) => v === undefined || v === null || v === '';
export const dateField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
      .min(1, `[${label}]不能为空`)
      .refine(isValidDate, `[${label}]格式不正确`),
  );

const rangeFields = {
  from: dateField('开始日期'),
  to: dateField('结束日期'),
  group: z.enum(GROUPINGS, { error: '[分组]不正确' }),
};
export const rangeChecks = <T extends { from: string; to: string }>(s: z.ZodType<T>) =>
  s
    .refine((r) => r.from <= r.to, { message: '开始日期不能晚于结束日期' })
    .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 <= MAX_RANGE_DAYS, {
      message: '时间范围不能超过3年',
    });

/** analytics/turnaround: the figures of a range of receipt dates (Shanghai), in one grouping and unit. */
export const turnaroundSchema = rangeChecks(
  z.object(
    { ...rangeFields, unit: z.enum(UNITS, { error: '[单位]不正确' }) },
    { error: '请求参数格式不正确' },
  ),
);
export type TurnaroundQuery = z.output<typeof turnaroundSchema>;

/** analytics/turnaround/orders: the orders behind one figure (a group, or TOTAL_KEY, and a segment). */
export const turnaroundOrdersSchema = rangeChecks(
  PageRequestSchema.extend({
    ...rangeFields,
    segment: z.enum(SEGMENTS, { error: '[阶段]不正确' }),
    key: z.string({ error: '[分组]不能为空' }).max(200, '[分组]不正确'),
  }),
);
export type TurnaroundOrdersQuery = z.output<typeof turnaroundOrdersSchema>;

const days = z.number().nullable();

/** One group's figures for one segment; durations in the report's unit (days, with fractions). */
export const TurnaroundRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  segment: z.enum(SEGMENTS),
  count: z.number().int(),
  mean: days,
  median: days,
  p90: days,
  max: days,
  /** Orders of the row with a due date whose promise is decided (delivered, or past due). */
  promised: z.number().int(),
  /** Of those, delivered by the end of the due date. */
  kept: z.number().int(),
  /** kept / promised in percent (one decimal), null when none is promised. */
  within_pct: z.number().nullable(),
});
export type TurnaroundRow = z.output<typeof TurnaroundRowSchema>;

export const TurnaroundSchema = z.object({
  from: dateOut,
  to: dateOut,
  group: z.enum(GROUPINGS),
  unit: z.enum(UNITS),
  /** Per group and segment, groups by label (months in order). */
  rows: z.array(TurnaroundRowSchema),
  /** Every order of the range once per segment (key TOTAL_KEY). */
  totals: z.array(TurnaroundRowSchema),
});
export type Turnaround = z.output<typeof TurnaroundSchema>;

export const TurnaroundOrderSchema = z.object({
  rid: ridOut,
  order_no: z.string(),
  items: z.string(),
  /** The segment's two moments. */
  start: z.string(),
  end: z.string(),
  calendar_days: z.number(),
  working_days: z.number().nullable(),
  due_date: dateOut.nullable(),
  /** When the data first reached the customer (出具数据 or the first report), if it has. */
  delivered: z.string().nullable(),
  /** Kept the promise (true), broke it (false), no promise or not decided yet (null). */
  within: z.boolean().nullable(),
});
export type TurnaroundOrder = z.output<typeof TurnaroundOrderSchema>;
export const TurnaroundOrderPageSchema = pagedOf(TurnaroundOrderSchema);

/** A duration in days as the report prints it. */
export const daysText = (d: number | null) => (d === null ? '—' : d.toFixed(2));
