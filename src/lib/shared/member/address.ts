import { z } from '../zod.ts';
import { splitRegion, type Region } from './region.ts';

// The address book (spec section 3, "Address") and the small field helpers that the profile
// and pickup schemas share. Every schema reports its first problem in the order the form shows
// the fields, because only the first error is shown (spec section 5).

export const PHONE_MAX_LENGTH = 11;
export const MAX_ADDRESSES = 50;
const MOBILE = /^1[3-9]\d{9}$/;
// Control characters (NUL above all: PostgreSQL text cannot hold it) never belong in a field.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Absent and null read as ''; numbers (a phone sent as a number) as their digits; text is trimmed. */
export const looseText = (formatMessage: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z.string({ error: formatMessage }).trim(),
  );

export type Check<T> = [field: string, problem: (v: T) => string | null | false | undefined];

/** Runs checks in order and reports only the first failure (as the one error toast). */
export function firstProblem<T>(checks: Check<T>[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [field, problem] of checks) {
      const message = problem(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message, path: [field] });
        return;
      }
    }
  };
}

/** Common per-field rules; `label` is already bracketed, e.g. '[手机]' or '「姓名」'. */
export const rules = {
  required: (v: string, label: string) => (v ? null : `${label}不能为空`),
  max: (v: string, label: string, max: number) => (v.length > max ? `${label}最多${max}个字符` : null),
  clean: (v: string, label: string) => (CONTROL.test(v) ? `${label}包含非法字符` : null),
  /** A mainland mobile: at most 11 characters, then 1[3-9] and 9 digits. */
  mobile: (v: string, label: string) =>
    v.length > PHONE_MAX_LENGTH
      ? `${label}最多${PHONE_MAX_LENGTH}位`
      : MOBILE.test(v)
        ? null
        : `${label}格式不正确，请输入11位手机号`,
  email: (v: string, label: string) => (z.email().safeParse(v).success ? null : `${label}格式不正确`),
};

/** The first failing text rule for a field, or null. */
export const textProblem = (v: string, label: string, max: number, required = true) =>
  (required && rules.required(v, label)) || rules.max(v, label, max) || rules.clean(v, label);

const regionFields = {
  /** The picker's 'province-city-area-code' string; when present it fills the four parts. */
  region: looseText('地区格式不正确').optional(),
  province: looseText('[省份]格式不正确'),
  city: looseText('[城市]格式不正确'),
  area: looseText('[区县]格式不正确'),
  address_code: looseText('[地区编码]格式不正确'),
};

/** The four region parts, from `region` when given, else from the separate fields. */
export function regionOf(v: { region?: string } & Region): Region | null {
  if (v.region) return splitRegion(v.region);
  return splitRegion([v.province, v.city, v.area, v.address_code].join('-'));
}

export const regionShape = regionFields;

const addressShape = {
  name: looseText('[姓名]格式不正确'),
  phone: looseText('[手机]格式不正确'),
  ...regionFields,
  address: looseText('[详细地址]格式不正确'),
};
type AddressInput = z.output<z.ZodObject<typeof addressShape>>;

const addressChecks: Check<AddressInput>[] = [
  ['name', (v) => textProblem(v.name, '[姓名]', 32)],
  ['phone', (v) => rules.required(v.phone, '[手机]') || rules.mobile(v.phone, '[手机]')],
  ['region', (v) => (regionOf(v) ? null : '[所在地区]不能为空')],
  ['address', (v) => textProblem(v.address, '[详细地址]', 200)],
];

const toAddress = (v: AddressInput): NewAddress => ({
  name: v.name,
  phone: v.phone,
  ...regionOf(v)!,
  address: v.address,
});

/** POST /api/auth/address/add: name, phone, province, city, area, address, address_code (or region). */
export const addressSchema = z
  .object(addressShape, { error: '请求参数格式不正确' })
  .superRefine(firstProblem(addressChecks))
  .transform(toAddress);

/** Our public ids are URL-safe base64 after a letter; anything else cannot exist. */
export const RID_PATTERN = /^[\w-]{1,64}$/;

/** A required public id: empty says "empty", anything that cannot be an id says `notFound`. */
export const ridField = (label: string, notFound: string) =>
  looseText(`[${label}]格式不正确`).pipe(
    z.string().min(1, `[${label}]不能为空`).regex(RID_PATTERN, notFound),
  );

export const addressRidField = ridField('地址编号', '地址不存在');

/** POST /api/auth/address/edit: the address to change and all its fields. */
export const addressEditSchema = z
  .object({ address_rid: addressRidField, ...addressShape }, { error: '请求参数格式不正确' })
  .superRefine(firstProblem(addressChecks))
  .transform((v) => ({ address_rid: v.address_rid, ...toAddress(v) }));

/** POST /api/auth/address/del and /address/default. */
export const addressRidSchema = z.object({ address_rid: addressRidField }, { error: '请求参数格式不正确' });

export type NewAddress = Region & { name: string; phone: string; address: string };
export type AddressForm = z.input<typeof addressSchema>;

export const ADDRESS_NOT_FOUND = '地址不存在';
