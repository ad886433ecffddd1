// The samples calls' requests (decision 0069), with the Chinese messages of the other forms.
import { z } from '../zod.ts';
import { optText, required, ridField } from '../orders/order.ts';
import { ABNORMAL_REASONS } from './samples.ts';

const sampleRid = () => ridField('样品编号');

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
