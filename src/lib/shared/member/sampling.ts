import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import {
  firstProblem,
  ridField,
  RID_PATTERN,
  looseText,
  regionOf,
  regionShape,
  rules,
  textProblem,
  type Check,
  type NewAddress,
} from './address.ts';
import { isValidDate } from '../slots.ts';

// Home sampling (上门取样): the dialog's request, the pickup's life cycle and list/cancel requests.

/** Sample delivery type (spec section 3): 0 self-delivery, 1 pickup. Home sampling is always 1. */
export const DELIVERY_TYPE = { self: 0, pickup: 1 } as const;

/**
 * A pickup's life cycle. The customer creates it (pending) and may cancel it while pending;
 * staff mark it picked and then received (those transitions come with the ordering issue).
 */
export const SAMPLING_STATUS = ['pending', 'picked', 'received', 'cancelled'] as const;
export type SamplingStatus = (typeof SAMPLING_STATUS)[number];
export const SAMPLING_STATUS_TEXT: Record<SamplingStatus, string> = {
  pending: '待取样',
  picked: '已取样',
  received: '已送达',
  cancelled: '已取消',
};
const TRANSITIONS: Record<SamplingStatus, readonly SamplingStatus[]> = {
  pending: ['picked', 'cancelled'],
  picked: ['received'],
  received: [],
  cancelled: [],
};
export const canTransition = (from: SamplingStatus, to: SamplingStatus) => TRANSITIONS[from].includes(to);
export const isSamplingStatus = (v: unknown): v is SamplingStatus =>
  (SAMPLING_STATUS as readonly unknown[]).includes(v);

export const SAMPLING_NOT_FOUND = '取样单不存在';
export const SAMPLING_NOT_CANCELLABLE = '该取样单已处理，无法取消';

const typeField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 1 : typeof v === 'string' ? Number(v) : v),
  z.literal(1, { error: '[取样方式]不正确' }),
);

const shape = {
  type: typeField,
  /** address_rid of a saved address; empty means a new address follows in the other fields. */
  sendAddress: looseText('[取样地址]格式不正确'),
  name: looseText('[姓名]格式不正确'),
  phone: looseText('[手机]格式不正确'),
  ...regionShape,
  address: looseText('[详细地址]格式不正确'),
  date: looseText('[取样日期]格式不正确'),
  time: looseText('[取样时间]格式不正确'),
  message: looseText('[备注]格式不正确'),
};
type Raw = z.output<z.ZodObject<typeof shape>>;
const newAddress = (v: Raw) => !v.sendAddress;

// The dialog's order: the new-address fields (only without a saved address), then date and time.
const checks: Check<Raw>[] = [
  ['sendAddress', (v) => v.sendAddress !== '' && !RID_PATTERN.test(v.sendAddress) && '地址不存在'],
  ['name', (v) => newAddress(v) && textProblem(v.name, '[姓名]', 32)],
  ['phone', (v) => newAddress(v) && (rules.required(v.phone, '[手机]') || rules.mobile(v.phone, '[手机]'))],
  ['region', (v) => newAddress(v) && !regionOf(v) && '[取样地址]不能为空'],
  ['address', (v) => newAddress(v) && textProblem(v.address, '[详细地址]', 200)],
  ['date', (v) => rules.required(v.date, '[取样日期]') || (!isValidDate(v.date) && '[取样日期]格式不正确')],
  ['time', (v) => rules.required(v.time, '[取样时间]')],
  ['message', (v) => rules.max(v.message, '[备注]', 200) || rules.clean(v.message, '[备注]')],
];

/** POST /api/auth/sampling/add: the spec's home sampling request. */
export const samplingRequestSchema = z
  .object(shape, { error: '请求参数格式不正确' })
  .superRefine(firstProblem(checks))
  .transform((v) => ({
    type: 1 as const,
    /** address_rid of a saved address, or '' when newAddress is given. */
    sendAddress: v.sendAddress,
    /** The one-off address typed into the dialog, when no saved address was chosen. */
    newAddress: v.sendAddress
      ? null
      : ({ name: v.name, phone: v.phone, ...regionOf(v)!, address: v.address } as NewAddress),
    date: v.date,
    time: v.time,
    message: v.message,
  }));
export type SamplingRequest = z.output<typeof samplingRequestSchema>;
export type SamplingForm = z.input<typeof samplingRequestSchema>;

/**
 * The sample delivery form's value (spec section 3, "Sampling/pickup value"), which the plan
 * embeds in an order: type 0 self-delivery needs nothing else; type 1 pickup takes a saved
 * address (address_rid) or a new one, then date and time, with the home sampling messages.
 */
export const sampleDeliverySchema = z
  .object(
    {
      ...shape,
      type: z.preprocess(
        (v) => (typeof v === 'string' && /^\s*[01]\s*$/.test(v) ? Number(v) : v),
        z.union([z.literal(0), z.literal(1)], {
          error: (iss) =>
            iss.input === undefined || iss.input === null ? '请选择送样方式' : '[送样方式]不正确',
        }),
      ),
      sendAddress: z.unknown().optional(),
      address_rid: looseText('[取样地址]格式不正确'),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine((v, ctx) => {
    if (v.type === 1) firstProblem(checks)({ ...v, type: 1, sendAddress: v.address_rid }, ctx);
  })
  .transform((v): SampleDelivery =>
    v.type === 0
      ? { type: 0 }
      : {
          type: 1,
          address_rid: v.address_rid,
          newAddress: v.address_rid
            ? null
            : { name: v.name, phone: v.phone, ...regionOf(v)!, address: v.address },
          date: v.date,
          time: v.time,
          message: v.message,
        },
  );
export type SampleDelivery =
  | { type: 0 }
  | {
      type: 1;
      address_rid: string;
      newAddress: NewAddress | null;
      date: string;
      time: string;
      message: string;
    };

/** POST /api/auth/sampling/list: {page, size, status?}. */
export const samplingListSchema = PageRequestSchema.extend({
  status: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.enum(SAMPLING_STATUS, { error: '[状态]不正确' }).optional(),
  ),
});

/** POST /api/auth/sampling/cancel: {rid}. */
export const samplingRidSchema = z.object(
  {
    rid: ridField('取样单编号', SAMPLING_NOT_FOUND),
  },
  { error: '请求参数格式不正确' },
);
