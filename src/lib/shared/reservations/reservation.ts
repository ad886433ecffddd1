// Requests of the reservation calls (responses: responses.ts) (/api/auth/reservation/*, tempDevice/*) and
// their staff side (/api/admin/device|block|reservation|tempDevice|reservationSetting/*).
// One zod schema per request, first message only, Chinese (decision 0012).
import { z } from '../zod.ts';
import { PageRequestSchema, sortFields } from '../pagination.ts';
import { fenField, optText, required, ridField } from '../orders/order.ts';
import {
  BLOCK_KINDS,
  CELL_MINUTES,
  RESERVATION_STATUSES,
  TEMP_DEVICE_STATUSES,
  hhmmToMinute,
} from './reservation-rules.ts';
import { isValidDate } from '../slots.ts';

const body = { error: '请求参数格式不正确' };
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** An instant as ISO 8601 with an offset (or Z), e.g. 2026-11-23T08:30:00+08:00. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const instantField = (label: string) =>
  z
    .string({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
    .trim()
    .min(1, `[${label}]不能为空`)
    .max(40, `[${label}]格式不正确`)
    .refine((v) => ISO.test(v) && Number.isFinite(Date.parse(v)), `[${label}]格式不正确`);

const ridList = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(ridField(label), { error: `[${label}]格式不正确` })
      .max(10, `[${label}]最多10个`)
      .transform((l) => [...new Set(l)]),
  );

export const reservationAddSchema = z.object(
  {
    device_rid: ridField('仪器'),
    start: instantField('开始时间'),
    end: instantField('结束时间'),
    remark: optText('备注', 200),
    temp_device_rids: ridList('临时设备'),
  },
  body,
);
export type ReservationAddRequest = z.output<typeof reservationAddSchema>;

export const reservationRidSchema = z.object({ rid: ridField('预约') }, body);

export const RESERVATION_SCOPES = ['upcoming', 'past', 'cancelled'] as const;
export type ReservationScope = (typeof RESERVATION_SCOPES)[number];
export const reservationListSchema = PageRequestSchema.extend({
  scope: z.preprocess(
    (v) => (blank(v) ? 'upcoming' : v),
    z.enum(RESERVATION_SCOPES, { error: '[范围]只能是 upcoming、past 或 cancelled' }),
  ),
});

export const tempDeviceAddSchema = z.object(
  {
    name: required('设备名称', 50),
    model: optText('型号', 50),
    description: required('设备说明', 500),
  },
  body,
);
export const tempDeviceLinkSchema = z.object(
  { rid: ridField('临时设备'), reservation_rid: ridField('预约') },
  body,
);
export const tempDeviceDeleteSchema = z.object(
  {
    rid: ridField('临时设备'),
    action: z.literal('delete', { error: '[操作]只能是 delete' }),
  },
  body,
);

// ---- staff ----

const intField = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
      .int(`[${label}]应为整数`)
      .min(min, `[${label}]不能小于${min}`)
      .max(max, `[${label}]不能大于${max}`),
  );

const hhmmField = (label: string) =>
  z
    .string({ error: `[${label}]格式不正确，应为 HH:mm` })
    .refine((v) => hhmmToMinute(v) !== null, `[${label}]格式不正确，应为 HH:mm`)
    .refine((v) => (hhmmToMinute(v) ?? 1) % CELL_MINUTES === 0, `[${label}]须为整点或半点`);
const weekdaysField = z
  .array(z.number({ error: '[休息日]格式不正确' }).int('[休息日]格式不正确').min(0).max(6), {
    error: '[休息日]应为 0–6 的数组（0 为周日）',
  })
  .max(7)
  .transform((l) => [...new Set(l)].sort());
const cancelHoursField = intField('取消期限（小时）', 0, 24 * 30);

/**
 * An instrument's own opening hours (open, close and closed weekdays together) and cancellation
 * deadline over the lab's settings (decision 0087); whatever is absent comes from the settings.
 */
const bookingRulesSchema = z
  .object(
    {
      open: hhmmField('开始开放时间').optional(),
      close: hhmmField('结束开放时间').optional(),
      closed_weekdays: weekdaysField.optional(),
      cancel_hours: cancelHoursField.optional(),
    },
    { error: '[开放时间与取消期限]格式不正确' },
  )
  .refine((r) => (r.open === undefined) === (r.close === undefined), '[开放时间]须同时填写开始和结束时间')
  .refine(
    (r) => r.open === undefined || hhmmToMinute(r.close!)! > hhmmToMinute(r.open)!,
    '[结束开放时间]须晚于开始开放时间',
  );

// Without defaults, so an edit leaves absent fields alone; device/add fills them in.
const deviceShape = {
  name: required('仪器名称', 100),
  model: required('型号', 100),
  category: required('仪器类别', 50),
  location: required('所在位置', 100),
  img: optText('图片', 500),
  sketch: optText('简介', 1000),
  price_fen: fenField('价格'),
  price_unit: z.enum(['hour', 'session'], { error: '[计价单位]只能是 hour 或 session' }),
  min_minutes: intField('最短预约时长', CELL_MINUTES, 600).refine(
    (n) => n % CELL_MINUTES === 0,
    `[最短预约时长]须为${CELL_MINUTES}分钟的整数倍`,
  ),
  lead_hours: intField('提前预约小时数', 0, 24 * 30),
  remote: z.boolean({ error: '[远程操作]格式不正确' }),
  on_sale: z.boolean({ error: '[上架]格式不正确' }),
  item_rid: z.preprocess((v) => (blank(v) ? null : v), ridField('关联项目').nullable()),
  specs: z
    .array(z.object({ name: required('参数名', 50), value: required('参数值', 200) }, body), {
      error: '[参数]格式不正确',
    })
    .max(30, '[参数]最多30项'),
  sort: intField('排序', -100000, 100000),
  /** Samples per week, for the worklist backlog and start estimates (decisions 0082, 0097); empty: not set. */
  weekly_capacity: z.preprocess((v) => (blank(v) ? null : v), intField('每周产能', 1, 50000).nullable()),
  bill_by_actual: z.boolean({ error: '[按实际用时计费]格式不正确' }),
  needs_authorization: z.boolean({ error: '[需培训授权]格式不正确' }),
  booking_rules: z.preprocess((v) => (blank(v) ? null : v), bookingRulesSchema.nullable()),
};
export const deviceAddSchema = z.object(
  {
    ...deviceShape,
    remote: deviceShape.remote.default(false),
    on_sale: deviceShape.on_sale.default(true),
    specs: deviceShape.specs.default([]),
    sort: deviceShape.sort.default(0),
    weekly_capacity: deviceShape.weekly_capacity.default(null),
    bill_by_actual: deviceShape.bill_by_actual.default(false),
    needs_authorization: deviceShape.needs_authorization.default(false),
    booking_rules: deviceShape.booking_rules.default(null),
  },
  body,
);
export const deviceEditSchema = z
  .object(deviceShape, body)
  .partial()
  .extend({ rid: ridField('仪器') });
export type DeviceInput = z.output<typeof deviceAddSchema>;
export const deviceListSchema = PageRequestSchema.extend({ kw: optText('关键词', 50) });

export const blockAddSchema = z
  .object(
    {
      kind: z.enum(BLOCK_KINDS, { error: '[类型]不正确' }),
      device_rid: z.preprocess((v) => (blank(v) ? null : v), ridField('仪器').nullable()),
      start: instantField('开始时间'),
      end: instantField('结束时间'),
      reason: required('原因', 200),
    },
    body,
  )
  .superRefine((b, ctx) => {
    if (b.kind !== 'holiday' && !b.device_rid)
      ctx.addIssue({ code: 'custom', message: '[仪器]不能为空（维护、故障等停机需指定仪器）' });
    else if (b.kind === 'holiday' && b.device_rid)
      ctx.addIssue({ code: 'custom', message: '节假日对所有仪器生效，无需指定仪器' });
    else if (Date.parse(b.end) <= Date.parse(b.start))
      ctx.addIssue({ code: 'custom', message: '[结束时间]须晚于开始时间' });
    else if (Date.parse(b.end) - Date.parse(b.start) > 366 * 24 * 3600_000)
      ctx.addIssue({ code: 'custom', message: '[结束时间]最多在开始后一年内' });
  });
/** The blocks list's columns sorted on the server; by default the current and coming first, soonest first. */
export const BLOCK_SORTS = ['kind', 'device', 'time', 'reason'] as const;
export type BlockSort = (typeof BLOCK_SORTS)[number];

export const blockListSchema = PageRequestSchema.extend({
  ...sortFields(BLOCK_SORTS),
  device_rid: z.preprocess((v) => (blank(v) ? undefined : v), ridField('仪器').optional()),
});
export const blockRidSchema = z.object({ rid: ridField('封锁记录') }, body);

/** The staff list's columns sorted on the server (it is paged); by default the latest start first. */
export const RESERVATION_SORTS = ['time', 'device', 'customer', 'amount', 'status'] as const;
export type ReservationSort = (typeof RESERVATION_SORTS)[number];

export const adminReservationListSchema = PageRequestSchema.extend({
  ...sortFields(RESERVATION_SORTS),
  status: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(RESERVATION_STATUSES, { error: '[状态]不正确' }).optional(),
  ),
  device_rid: z.preprocess((v) => (blank(v) ? undefined : v), ridField('仪器').optional()),
  date: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string({ error: '[日期]格式不正确' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '[日期]格式不正确，应为 YYYY-MM-DD')
      .refine(isValidDate, '[日期]不存在')
      .optional(),
  ),
});
export const reservationStepSchema = z.object({ rid: ridField('预约'), note: optText('说明', 500) }, body);
/** 标记完成 with the time actually used (decision 0087); absent, the booked time. */
export const reservationDoneSchema = z
  .object(
    {
      rid: ridField('预约'),
      note: optText('说明', 500),
      actual_start: z.preprocess((v) => (blank(v) ? undefined : v), instantField('实际开始时间').optional()),
      actual_end: z.preprocess((v) => (blank(v) ? undefined : v), instantField('实际结束时间').optional()),
    },
    body,
  )
  .refine(
    (b) => (b.actual_start === undefined) === (b.actual_end === undefined),
    '[实际使用时间]须同时填写开始和结束时间',
  );
/** Staff book an instrument for a customer (代客预约). */
export const staffBookSchema = z.object(
  {
    user_rid: ridField('客户'),
    device_rid: ridField('仪器'),
    start: instantField('开始时间'),
    end: instantField('结束时间'),
    remark: optText('备注', 200),
  },
  body,
);
export const customerSearchSchema = z.object({ kw: required('手机号或姓名', 50) }, body);
export const authorizationListSchema = PageRequestSchema.extend({
  device_rid: z.preprocess((v) => (blank(v) ? undefined : v), ridField('仪器').optional()),
});
export const authorizationGrantSchema = z.object(
  { device_rid: ridField('仪器'), user_rid: ridField('客户'), note: optText('培训说明', 200) },
  body,
);
export const authorizationRevokeSchema = z.object(
  { device_rid: ridField('仪器'), user_rid: ridField('客户') },
  body,
);
export const reservationRejectSchema = z.object(
  { rid: ridField('预约'), reason: required('驳回原因', 500) },
  body,
);

export const adminTempDeviceListSchema = PageRequestSchema.extend({
  status: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(TEMP_DEVICE_STATUSES, { error: '[状态]不正确' }).optional(),
  ),
});
export const tempDeviceReviewSchema = z
  .object(
    {
      rid: ridField('临时设备'),
      action: z.enum(['approve', 'reject'], { error: '[操作]只能是 approve 或 reject' }),
      note: optText('审核意见', 500),
    },
    body,
  )
  .refine((r) => r.action !== 'reject' || r.note !== '', '[审核意见]不能为空');

export const reservationSettingSchema = z
  .object(
    {
      open: hhmmField('开始营业时间'),
      close: hhmmField('结束营业时间'),
      closed_weekdays: weekdaysField,
      cancel_hours: cancelHoursField,
    },
    body,
  )
  .refine((s) => hhmmToMinute(s.close)! > hhmmToMinute(s.open)!, '[结束营业时间]须晚于开始营业时间');

export type {
  ReservationDevice,
  TempDeviceBrief,
  ReservationItem,
  ReservationAdded,
  TempDeviceItem,
  BlockItem,
} from './responses.ts';
