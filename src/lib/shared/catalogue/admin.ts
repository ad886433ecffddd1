// Requests and answers of the staff catalogue calls (/api/admin/catalogue/*, decision 0035): service
// types, child categories, items, special areas, abilities and the pickup settings. One zod schema
// per request, first message only, Chinese; the console checks its forms with the same schemas.
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { fenField, optText, required, ridField } from '../orders/order.ts';
import { pagedOf } from '../responses.ts';
import { ItemOptionsSchema, SamplingInfoSchema, SamplingSettingSchema } from './responses.ts';
import { isValidDate } from '../slots.ts';
import { isSiteOrHttps, siteOrHttpsMessage } from '../links.ts';
import { ResultFieldOutSchema, resultFieldsSchema } from '../results/fields.ts';

const body = { error: '请求参数格式不正确' };
const blank = (v: unknown) => v === undefined || v === null || v === '';

const intField = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
      .int(`[${label}]应为整数`)
      .min(min, `[${label}]不能小于${min}`)
      .max(max, `[${label}]不能大于${max}`),
  );
const idField = (label: string) => intField(label, 1, 2_000_000_000);
const sortField = intField('排序', -100000, 100000);
const flag = (label: string) => z.boolean({ error: `[${label}]格式不正确` });
/** A picture: a site path (/upload/…) or an https address; '' when none. */
const imgField = (label: string, needed: boolean) =>
  (needed ? required(label, 500) : optText(label, 500)).refine(
    (v) => v === '' || isSiteOrHttps(v),
    siteOrHttpsMessage(label),
  );
/** Whether a zod object gave a field (an edit leaves absent fields alone). */
const optional = <T extends z.ZodType>(s: T) => s.optional();

// ---- service types (the three are fixed: orders and plans depend on 1, 2, 3) ----

export const typeEditSchema = z.object(
  {
    id: intField('服务类型', 1, 3),
    name: optional(required('名称', 20)),
    img: optional(imgField('图片', true)),
    discount_label: optional(optText('优惠标签', 20)),
    sort: optional(sortField),
  },
  body,
);

// ---- child categories ----

const childShape = { type_id: intField('服务类型', 1, 3), name: required('分类名称', 20), sort: sortField };
export const childAddSchema = z.object({ ...childShape, sort: sortField.default(0) }, body);
export const childEditSchema = z
  .object(childShape, body)
  .partial()
  .extend({ id: idField('分类') });
export const idSchema = (label: string) => z.object({ id: idField(label) }, body);

// ---- items ----

/** Item addresses are /detail/<rid>: lower-case letters, digits and hyphens. */
export const itemRidField = z
  .string({ error: (iss) => (blank(iss.input) ? '[项目编号]不能为空' : '[项目编号]格式不正确') })
  .trim()
  .min(1, '[项目编号]不能为空')
  .max(40, '[项目编号]最多40个字符')
  .regex(/^[a-z0-9][a-z0-9-]*$/, '[项目编号]只能包含小写字母、数字和连字符，以字母或数字开头');

const parameterSchema = z.object(
  {
    name: required('参数名', 30),
    required: flag('必填'),
    choices: z
      .array(required('可选值', 50), { error: '[可选值]格式不正确' })
      .max(30, '[可选值]最多30个')
      .refine((l) => new Set(l).size === l.length, '[可选值]不能重复'),
  },
  body,
);

/** The item's order options; the public detail page and the plan read the same shape (ItemOptionsSchema). */
export const itemOptionsInputSchema = z
  .object(
    {
      sampleCount: z.object(
        {
          min: intField('最少样品数', 1, 1000),
          max: intField('最多样品数', 1, 1000),
          default: intField('默认样品数', 1, 1000),
        },
        { error: '[样品数量]格式不正确' },
      ),
      parameters: z
        .array(parameterSchema, { error: '[参数]格式不正确' })
        .max(20, '[参数]最多20项')
        .refine((l) => new Set(l.map((p) => p.name)).size === l.length, '[参数名]不能重复'),
    },
    { error: '[选项]格式不正确' },
  )
  .refine((o) => o.sampleCount.min <= o.sampleCount.max, '[最少样品数]不能大于最多样品数')
  .refine(
    (o) => o.sampleCount.default >= o.sampleCount.min && o.sampleCount.default <= o.sampleCount.max,
    '[默认样品数]须在最少与最多之间',
  )
  .pipe(ItemOptionsSchema);

// Without defaults, so an edit leaves absent fields alone; item/add fills them in.
const itemShape = {
  child_id: idField('分类'),
  name: required('项目名称', 60),
  img: imgField('图片', true),
  sketch: optText('简介', 1000),
  /** Tags joined by '|'. */
  description: optText('标签', 200),
  content: optText('详情', 50_000),
  price_fen: fenField('价格'),
  unit: required('单位', 20),
  options: itemOptionsInputSchema,
  hot: flag('热门'),
  quote_only: flag('仅询价'),
  on_sale: flag('上架'),
  sort: sortField,
  // What its results are (decision 0075): fields, the default method, accreditation marks.
  result_fields: resultFieldsSchema,
  method: optText('检测方法', 120),
  accredited: flag('认可范围内'),
  subcontracted_to: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    optText('分包实验室', 60).nullable(),
  ),
  /** The instrument its samples are tested on: its worklist queue (decision 0082). */
  device_rid: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    optText('检测仪器', 40).nullable(),
  ),
};
export const itemAddSchema = z.object(
  {
    ...itemShape,
    rid: itemRidField,
    sketch: itemShape.sketch.default(''),
    description: itemShape.description.default(''),
    content: itemShape.content.default(''),
    options: itemShape.options.default({ sampleCount: { min: 1, max: 20, default: 1 }, parameters: [] }),
    hot: itemShape.hot.default(false),
    quote_only: itemShape.quote_only.default(false),
    on_sale: itemShape.on_sale.default(true),
    sort: itemShape.sort.default(0),
    result_fields: itemShape.result_fields.default([]),
    method: itemShape.method.default(''),
    accredited: itemShape.accredited.default(true),
    subcontracted_to: itemShape.subcontracted_to.default(null),
    device_rid: itemShape.device_rid.default(null),
  },
  body,
);
export const itemEditSchema = z
  .object(itemShape, body)
  .partial()
  .extend({ rid: ridField('项目编号') });
export type ItemAddInput = z.output<typeof itemAddSchema>;
export type ItemEditInput = z.output<typeof itemEditSchema>;

export const itemListSchema = PageRequestSchema.extend({
  kw: z.preprocess((v) => (blank(v) ? undefined : v), optText('关键词', 50).optional()),
  type_id: z.preprocess((v) => (blank(v) ? undefined : v), intField('服务类型', 1, 3).optional()),
  child_id: z.preprocess((v) => (blank(v) ? undefined : v), idField('分类').optional()),
  status: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(['on_sale', 'off_sale'], { error: '[状态]只能是 on_sale 或 off_sale' }).optional(),
  ),
});
export const itemRidSchema = z.object({ rid: ridField('项目编号') }, body);

// ---- special areas ----

const prefectureShape = {
  type_id: intField('服务类型', 1, 3),
  child_id: z.preprocess((v) => (blank(v) ? null : v), idField('分类').nullable()),
  name: required('专区名称', 20),
  img: imgField('图片', true),
  sketch: optText('简介', 200),
  sort: sortField,
};
export const prefectureAddSchema = z.object(
  { ...prefectureShape, sketch: prefectureShape.sketch.default(''), sort: sortField.default(0) },
  body,
);
export const prefectureEditSchema = z
  .object(prefectureShape, body)
  .partial()
  .extend({ id: idField('专区') });

// ---- abilities (the /televised showcase) ----

const abilityShape = {
  title: required('标题', 60),
  img: imgField('图片', true),
  sketch: optText('简介', 500),
  content: optText('正文', 50_000),
  category: required('分类', 20),
  sort: sortField,
};
export const abilityAddSchema = z.object(
  {
    ...abilityShape,
    sketch: abilityShape.sketch.default(''),
    content: abilityShape.content.default(''),
    sort: sortField.default(0),
  },
  body,
);
export const abilityEditSchema = z
  .object(abilityShape, body)
  .partial()
  .extend({ rid: ridField('案例') });
export const abilityRidSchema = z.object({ rid: ridField('案例') }, body);
export const abilityListSchema = PageRequestSchema.extend({
  category: z.preprocess((v) => (blank(v) ? undefined : v), optText('分类', 20).optional()),
});

// ---- settings: served area and pickup ----

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLOT = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
const dateList = (label: string) =>
  z
    .array(
      z
        .string({ error: `[${label}]格式不正确` })
        .refine((d) => DATE.test(d) && isValidDate(d), `[${label}]应为 YYYY-MM-DD 格式的日期`),
      { error: `[${label}]格式不正确` },
    )
    .max(400, `[${label}]最多400项`);
const slotField = (label: string) =>
  z
    .string({ error: `[${label}]格式不正确` })
    .trim()
    .refine((s) => s === '' || SLOT.test(s), `[${label}]应为 HH:mm-HH:mm，如 09:00-11:00`)
    .refine((s) => s === '' || s.slice(0, 5) < s.slice(6), `[${label}]结束须晚于开始`);

export const samplingSettingInputSchema = z
  .object(
    {
      disabled_date: dateList('不取样日期'),
      disabled_date_time: z
        .array(
          z
            .string({ error: '[不取样时段]格式不正确' })
            .refine(
              (s) => DATE.test(s.slice(0, 10)) && isValidDate(s.slice(0, 10)) && SLOT.test(s.slice(11)),
              '[不取样时段]应为「YYYY-MM-DD HH:mm-HH:mm」',
            ),
          { error: '[不取样时段]格式不正确' },
        )
        .max(400, '[不取样时段]最多400项'),
      disabled_time: z.array(slotField('每日停用时段'), { error: '[每日停用时段]格式不正确' }).max(4),
      disabled_week: z
        .array(intField('每周停用', 0, 6), { error: '[每周停用]格式不正确' })
        .max(7)
        .transform((l) => [...new Set(l)].sort()),
      invalid_disabled_date: dateList('调休取样日期'),
      sampling_time1: slotField('取样时段1'),
      sampling_time2: slotField('取样时段2'),
      sampling_time3: slotField('取样时段3'),
      sampling_time4: slotField('取样时段4'),
      notice_minutes: intField('提前预约分钟数', 0, 24 * 60 * 7).optional(),
    },
    { error: '[取样设置]格式不正确' },
  )
  .refine((s) => Boolean(s.sampling_time1 || s.sampling_time2 || s.sampling_time3 || s.sampling_time4), {
    message: '[取样时段]至少填写一个',
  })
  .pipe(SamplingSettingSchema);

/** GB/T 2260 district codes (6 digits). */
export const allowRegionInputSchema = z
  .array(z.string({ error: '[服务区域]格式不正确' }).regex(/^\d{6}$/, '[服务区域]应为6位行政区划代码'), {
    error: '[服务区域]格式不正确',
  })
  .max(5000, '[服务区域]最多5000项')
  .transform((l) => [...new Set(l)]);

export const samplingInfoInputSchema = z
  .array(
    z.object(
      {
        city: required('城市', 20),
        districts: z.array(required('区县', 20), { error: '[区县]格式不正确' }).max(100, '[区县]最多100个'),
      },
      body,
    ),
    { error: '[服务城市]格式不正确' },
  )
  .max(200, '[服务城市]最多200个')
  .pipe(SamplingInfoSchema);

export const EDITABLE_SETTINGS = ['allowRegion', 'samplingSetting', 'samplingInfo'] as const;
export type EditableSetting = (typeof EDITABLE_SETTINGS)[number];
export const SETTING_TEXT: Record<EditableSetting, string> = {
  allowRegion: '免费取样区域',
  samplingSetting: '上门取样时间',
  samplingInfo: '服务城市（取样说明）',
};
export const settingSaveSchema = z.discriminatedUnion(
  'key',
  [
    z.object({ key: z.literal('allowRegion'), value: allowRegionInputSchema }, body),
    z.object({ key: z.literal('samplingSetting'), value: samplingSettingInputSchema }, body),
    z.object({ key: z.literal('samplingInfo'), value: samplingInfoInputSchema }, body),
  ],
  { error: `[设置项]只能是 ${EDITABLE_SETTINGS.join('、')}` },
);
export type SettingSave = z.output<typeof settingSaveSchema>;

// ---- answers ----

export const StaffChildSchema = z.object({
  id: z.number(),
  type_id: z.number(),
  name: z.string(),
  sort: z.number(),
  items: z.number(),
});
export const StaffTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  img: z.string(),
  discount_label: z.string(),
  sort: z.number(),
  children: z.array(StaffChildSchema),
});
export type StaffType = z.output<typeof StaffTypeSchema>;
export type StaffChild = z.output<typeof StaffChildSchema>;

export const StaffItemSchema = z.object({
  rid: z.string(),
  type_id: z.number(),
  type_name: z.string(),
  child_id: z.number(),
  child_name: z.string(),
  name: z.string(),
  img: z.string(),
  sketch: z.string(),
  description: z.string(),
  content: z.string(),
  price_fen: z.number(),
  unit: z.string(),
  order: z.number(),
  options: ItemOptionsSchema,
  hot: z.boolean(),
  quote_only: z.boolean(),
  on_sale: z.boolean(),
  sort: z.number(),
  created: z.string(),
  result_fields: z.array(ResultFieldOutSchema),
  method: z.string(),
  accredited: z.boolean(),
  subcontracted_to: z.string().nullable(),
  device_rid: z.string().nullable(),
});
export type StaffItem = z.output<typeof StaffItemSchema>;
export const StaffItemPageSchema = pagedOf(StaffItemSchema);

export const StaffPrefectureSchema = z.object({
  id: z.number(),
  type_id: z.number(),
  child_id: z.number().nullable(),
  name: z.string(),
  img: z.string(),
  sketch: z.string(),
  sort: z.number(),
});
export type StaffPrefecture = z.output<typeof StaffPrefectureSchema>;

export const StaffAbilitySchema = z.object({
  rid: z.string(),
  title: z.string(),
  img: z.string(),
  sketch: z.string(),
  content: z.string(),
  category: z.string(),
  views: z.number(),
  sort: z.number(),
});
export type StaffAbility = z.output<typeof StaffAbilitySchema>;
export const StaffAbilityPageSchema = pagedOf(StaffAbilitySchema).extend({ categories: z.array(z.string()) });

export const StaffSettingsSchema = z.object({
  allowRegion: z.array(z.string()),
  samplingSetting: SamplingSettingSchema,
  samplingInfo: SamplingInfoSchema,
});
export const DeletedSchema = z.object({ deleted: z.boolean() });
