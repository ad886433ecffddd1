// Retention, return and disposal of samples (issue 30, decision 0073): the pure rules (when a
// tested sample may be disposed of, when its customer is told, who may ask for it back), the
// refusals in the lab's words, and the requests and answers of the disposal calls.
import { z } from '../zod.ts';
import { addDays, isValidDate } from '../slots.ts';
import { addWorkingDays } from '../calendar/working-days.ts';
import { PageRequestSchema, sortFields } from '../pagination.ts';
import { pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { optText, required, ridField } from '../orders/order.ts';
import { SAMPLE_STATUSES, type SampleStatus } from './samples.ts';
import { OrderSampleSchema } from './responses.ts';

/** The line's choice (order_items.disposal, the spec's codes): 0 destroy, 1 send back, 2 keep. */
export const RETENTION_DESTROY = 0;
export const RETENTION_RETURN = 1;
export const RETENTION_KEEP = 2;

/** 实验室销毁: the lab keeps a tested sample this many working days, then destroys it. */
export const DESTROY_AFTER_WORKING_DAYS = 5;
/** The customer hears of a disposal this many working days before its first possible day. */
export const NOTICE_WORKING_DAYS = 3;
/** 检测后寄回: sent within this many hours of full payment (the spec's promise). */
export const RETURN_WITHIN_HOURS = 48;

/** The lab's settings for retention (console, stored under this key). */
export const RETENTION_SETTING_KEY = 'sampleRetention';
export type RetentionSettings = { keep_days: number };
export const DEFAULT_RETENTION: RetentionSettings = { keep_days: 90 };
/** The settings as stored under RETENTION_SETTING_KEY (anything missing: the default). */
export const retentionFrom = (stored: unknown): RetentionSettings => ({
  ...DEFAULT_RETENTION,
  ...((stored ?? {}) as Partial<RetentionSettings>),
});

/** The choice in the words of the order form and the sample list. */
export function retentionText(disposal: number, keepDays?: number): string {
  if (disposal === RETENTION_RETURN) return '检测后寄回';
  if (disposal === RETENTION_KEEP) return keepDays ? `留样${keepDays}天` : '留样';
  return '实验室销毁';
}

/**
 * A disposal choice as the order form, the plan and the agreement offer it: its name and what
 * happens, with the lab's actual numbers (decision 0078); `keepDays` is the 留样 setting now
 * (without it, the note names no number of days).
 */
export function disposalChoice(disposal: number, keepDays?: number): { label: string; note: string } {
  if (disposal === RETENTION_RETURN)
    return {
      label: retentionText(disposal),
      note: `检测完成并全额付款后${RETURN_WITHIN_HOURS}小时内寄回，运费由客户承担`,
    };
  if (disposal === RETENTION_KEEP)
    return {
      label: retentionText(disposal, keepDays),
      note: `${keepDays ? `测试完成后保留${keepDays}天后销毁` : '测试完成后按实验室留样期限保留，期满后销毁'}；保留期内后续订单可选择“历史订单留样”`,
    };
  return {
    label: retentionText(RETENTION_DESTROY),
    note: `测试完成后保留${DESTROY_AFTER_WORKING_DAYS}个工作日后销毁，销毁前${NOTICE_WORKING_DAYS}个工作日通知，可申请寄回`,
  };
}

/**
 * The last day the lab keeps a sample tested on `testedDate` (Shanghai): 实验室销毁 keeps it
 * 5 working days after that day, 留样 N 天 N calendar days. A sample sent back has none.
 * It may be disposed of from the next day on (disposableFrom).
 */
export function retainUntil(disposal: number, testedDate: string, keepDays: number): string | null {
  if (disposal === RETENTION_RETURN) return null;
  if (disposal === RETENTION_KEEP) return addDays(testedDate, keepDays);
  return addWorkingDays(testedDate, DESTROY_AFTER_WORKING_DAYS);
}

/** The first day a sample kept until `until` may be disposed of. */
export const disposableFrom = (until: string) => addDays(until, 1);

/** Whether a disposal on `today` (Shanghai) respects the sample's retention. */
export const mayDisposeOn = (until: string | null, today: string) => until !== null && today > until;

/** The day the customer is told: 3 working days before the first day of disposal. */
export const noticeDate = (until: string) => addWorkingDays(disposableFrom(until), -NOTICE_WORKING_DAYS);

/** Statuses from which the customer may still ask for a sample back instead of its disposal. */
export const ASK_RETURN_FROM: readonly SampleStatus[] = ['stored', 'tested', 'disposal_pending'];

/** Whether the order page offers 申请寄回 for a sample. */
export const canAskReturn = (s: { status: SampleStatus; disposal: number }) =>
  s.disposal !== RETENTION_RETURN && ASK_RETURN_FROM.includes(s.status);

export const DISPOSAL_REFUSED = {
  noDate: '样品检测完成后才有处置日期，暂不能销毁',
  notDue: (until: string) => `样品保留至${until}，${disposableFrom(until)}起方可销毁`,
  testing: '样品正在测试中，不能销毁',
  sendBack: '客户选择检测后寄回，该样品不能销毁',
  returnAsked: '客户已申请寄回，该样品不能销毁',
  samePerson: '见证人不能是操作人本人',
  badWitness: '见证人账号或密码不正确',
  notStaff: '见证人须为有样品处理权限的员工',
  askTooLate: '样品已不在实验室保管中，不能申请寄回',
  askSendBack: '该样品已选择检测后寄回，无需申请',
} as const;

// ---- requests ----

const sampleRid = () => ridField('样品编号');
const phone = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: '[见证人手机号]不能为空' })
    .min(1, '[见证人手机号]不能为空')
    .regex(/^1[3-9]\d{9}$/, '[见证人手机号]格式不正确'),
);

/**
 * sample/dispose (staff): one sample, how and why, and the witness: another staff member who
 * confirms with their own phone number and password, typed in on the disposer's screen.
 */
export const disposeSchema = z.object(
  {
    rid: sampleRid(),
    method: required('处置方式', 40),
    reason: required('处置原因', 200),
    witness_phone: phone,
    password: z
      .string({ error: '[见证人密码]不能为空' })
      .min(1, '[见证人密码]不能为空')
      .max(128, '[见证人密码]格式不正确'),
    note: optText('备注', 200),
  },
  { error: '请求参数格式不正确' },
);
export type DisposeRequest = z.output<typeof disposeSchema>;

/** At most this many samples in one witnessed disposal (a page of the 待处置 list is 20). */
export const DISPOSE_MANY_MAX = 100;

/**
 * sample/disposeMany (staff): several samples destroyed the same way with one witness
 * confirmation (decision 0078); each still gets its own custody event.
 */
export const disposeManySchema = disposeSchema.omit({ rid: true }).extend({
  rids: z
    .array(sampleRid(), { error: '[样品]格式不正确' })
    .min(1, '请选择要销毁的样品')
    .max(DISPOSE_MANY_MAX, `一次最多销毁${DISPOSE_MANY_MAX}个样品`)
    .transform((rids) => [...new Set(rids)]),
});
export type DisposeManyRequest = z.output<typeof disposeManySchema>;

/** The usual methods, offered by the console (any other may be typed). */
export const DISPOSAL_METHODS = [
  '交有资质单位作危废处置',
  '高压灭菌后处置',
  '化学中和后处置',
  '按一般固废处置',
];

/** sample/askReturn (customer): ask for a sample back instead of its disposal. */
export const askReturnSchema = z.object({ rid: sampleRid() }, { error: '请求参数格式不正确' });

const blank = (v: unknown) => v === undefined || v === null || v === '';
const dateFilter = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string({ error: `[${label}]格式不正确` })
      .refine(isValidDate, `[${label}]格式不正确`)
      .optional(),
  );

/** The views of 样品处置: due now (待销毁, 待退回), coming (kept, with a date), done. */
export const DISPOSAL_VIEWS = ['due', 'upcoming', 'done'] as const;
export type DisposalView = (typeof DISPOSAL_VIEWS)[number];
export const DISPOSAL_VIEW_TEXT: Record<DisposalView, string> = {
  due: '待处置',
  upcoming: '保留中',
  done: '已处置',
};

/** sample/disposals (staff): one view, optionally by the last day kept (from…to). */
/**
 * The list's columns sorted on the server (it is paged); by default each view's own order (the
 * last day kept, soonest first; done: latest first).
 */
export const DISPOSAL_SORTS = ['sample', 'order', 'retention', 'status'] as const;
export type DisposalSort = (typeof DISPOSAL_SORTS)[number];

export const disposalListSchema = PageRequestSchema.extend({
  ...sortFields(DISPOSAL_SORTS),
  view: z.preprocess((v) => (blank(v) ? 'due' : v), z.enum(DISPOSAL_VIEWS, { error: '[视图]不正确' })),
  due_from: dateFilter('起始日期'),
  due_to: dateFilter('截止日期'),
}).refine((q) => !q.due_from || !q.due_to || q.due_from <= q.due_to, '开始日期不能晚于结束日期');

/** sample/retention/save (staff): the lab's default days for 留样. */
export const retentionSaveSchema = z.object(
  {
    keep_days: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: '[留样天数]格式不正确' })
        .int('[留样天数]应为整数')
        .min(1, '[留样天数]至少为1天')
        .max(3650, '[留样天数]最多3650天'),
    ),
  },
  { error: '请求参数格式不正确' },
);

// ---- answers ----

export const DisposalRowSchema = z.object({
  rid: ridOut,
  sample_no: z.string(),
  name: z.string(),
  item_name: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  status_text: z.string(),
  order_rid: ridOut,
  order_no: z.string(),
  customer: CustomerRefSchema,
  disposal: z.number().int(),
  retention_text: z.string(),
  /** The last day kept, or null (sent back, or not tested yet). */
  retain_until: z.string().nullable(),
  /** The first day it may be disposed of, or null. */
  disposable_from: z.string().nullable(),
  location: z.string().nullable(),
  /** When the customer was told of the coming disposal, or null. */
  noticed_at: z.string().nullable(),
  /** The last event's time (for done: when it was disposed of or sent back). */
  updated_at: z.string(),
});
export type DisposalRow = z.output<typeof DisposalRowSchema>;
export const DisposalPageSchema = pagedOf(DisposalRowSchema);

export const RetentionSettingsSchema = z.object({ keep_days: z.number().int() });

/** sample/disposeMany: the samples destroyed, and each refused one with its reason. */
export const DisposedManySchema = z.object({
  disposed: z.array(OrderSampleSchema),
  refused: z.array(z.object({ rid: z.string(), sample_no: z.string(), msg: z.string() })),
});
export type DisposedMany = z.output<typeof DisposedManySchema>;
