// The samples calls' requests (decision 0069), with the Chinese messages of the other forms.
import { z } from '../zod.ts';
import { optText, required, ridField } from '../orders/order.ts';
import { ABNORMAL_REASONS } from './samples.ts';

const sampleRid = () => ridField('样品编号');

/** At most this many on-site samples recorded in one go. */
export const ON_SITE_MAX = 50;

/**
 * sample/onSite (staff, decision 0078): the customer's own samples brought to an on-site
 * (预约现场) session, recorded from the order page: the order, its line when it has several, a
 * name and how many.
 */
export const onSiteSamplesSchema = z.object(
  {
    rid: ridField('订单'),
    item_rid: z.preprocess((v) => (v === '' || v === null ? undefined : v), ridField('检测项目').optional()),
    name: required('样品名称', 40),
    count: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: '[样品数量]格式不正确' })
        .int('[样品数量]应为整数')
        .min(1, '[样品数量]至少为1')
        .max(ON_SITE_MAX, `[样品数量]一次最多${ON_SITE_MAX}个`),
    ),
    note: optText('备注', 200),
  },
  { error: '请求参数格式不正确' },
);
export type OnSiteSamplesRequest = z.output<typeof onSiteSamplesSchema>;

/** sample/trail (customer and staff): one sample by its public id. */
export const sampleRidSchema = z.object({ rid: sampleRid() }, { error: '请求参数格式不正确' });

/** sample/rename: the customer's own name for a sample. */
export const sampleRenameSchema = z.object(
  { rid: sampleRid(), name: required('样品名称', 40) },
  { error: '请求参数格式不正确' },
);

const note = optText('备注', 200);
const base = { rid: sampleRid(), note };
const locationId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: '[存放位置]格式不正确' })
    .int('[存放位置]格式不正确')
    .positive('[存放位置]格式不正确')
    .optional(),
);

/**
 * sample/event (staff): one custody event. Each kind names what it must record: where a sample
 * is stored, who took it to which instrument, the courier number it went back with, why it is
 * abnormal.
 */
export const sampleEventSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...base, kind: z.literal('received') }),
    z.object({
      ...base,
      kind: z.literal('stored'),
      location: required('存放位置', 80),
      location_id: locationId,
    }),
    z.object({
      ...base,
      kind: z.literal('taken'),
      technician: required('测试人员', 40),
      instrument: required('仪器', 80),
    }),
    z.object({
      ...base,
      kind: z.literal('returned_to_storage'),
      location: optText('存放位置', 80),
      location_id: locationId,
    }),
    z.object({ ...base, kind: z.literal('tested') }),
    z.object({
      ...base,
      kind: z.literal('returned'),
      courier: required('快递公司', 40),
      number: required('快递单号', 40),
    }),
    z.object({
      ...base,
      kind: z.literal('abnormal'),
      reason: z.enum(ABNORMAL_REASONS, { error: '[异常原因]不正确' }),
    }),
  ],
  { error: '[事件类型]不正确' },
);
export type SampleEventRequest = z.output<typeof sampleEventSchema>;
