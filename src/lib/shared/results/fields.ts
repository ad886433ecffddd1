// An item's result fields (decision 0075): what a technician enters for each sample of it (name,
// unit, number or text, the allowed range, required or not). The catalogue stores them on the item
// and edits them in its item form; the results domain checks entries against them. Pure rules.
import { z } from '../zod.ts';
import { optText, required } from '../orders/order.ts';

export const RESULT_FIELD_TYPES = ['number', 'text'] as const;
export type ResultFieldType = (typeof RESULT_FIELD_TYPES)[number];
export const RESULT_FIELD_TYPE_TEXT: Record<ResultFieldType, string> = { number: '数值', text: '文本' };

/** One field of an item's result, as stored in the catalogue and sent to the console. */
export type ResultField = {
  /** A stable key the entries name (letters, digits, underscores). */
  key: string;
  name: string;
  unit: string;
  type: ResultFieldType;
  /** The allowed range of a number (inclusive); null when open on that side. */
  min: number | null;
  max: number | null;
  required: boolean;
};

/** A field as answers carry it (the catalogue's item, an order's results). */
export const ResultFieldOutSchema = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  type: z.enum(RESULT_FIELD_TYPES),
  min: z.number().nullable(),
  max: z.number().nullable(),
  required: z.boolean(),
});

const limit = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: `[${label}]应为数字` })
      .refine((n) => Number.isFinite(n), `[${label}]应为数字`)
      .nullable(),
  );

export const resultFieldSchema = z
  .object(
    {
      key: z
        .string({ error: '[字段代码]不能为空' })
        .trim()
        .regex(/^[a-z][a-z0-9_]{0,29}$/, '[字段代码]只能包含小写字母、数字和下划线，以字母开头'),
      name: required('字段名称', 30),
      unit: optText('单位', 20),
      type: z.enum(RESULT_FIELD_TYPES, { error: '[字段类型]只能是 number 或 text' }),
      min: limit('下限'),
      max: limit('上限'),
      required: z.boolean({ error: '[必填]格式不正确' }).default(true),
    },
    { error: '[结果字段]格式不正确' },
  )
  .refine((f) => f.min === null || f.max === null || f.min <= f.max, '[下限]不能大于上限')
  .refine((f) => f.type === 'number' || (f.min === null && f.max === null), '文本字段不能设置范围');

export const resultFieldsSchema = z
  .array(resultFieldSchema, { error: '[结果字段]格式不正确' })
  .max(30, '[结果字段]最多30项')
  .refine((l) => new Set(l.map((f) => f.key)).size === l.length, '[字段代码]不能重复')
  .refine((l) => new Set(l.map((f) => f.name)).size === l.length, '[字段名称]不能重复');

/** A decimal number as typed (no thousands separators, no units). */
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** Whether a number field's value is a number. */
export const isNumberText = (value: string) => NUMBER.test(value.trim()) && Number.isFinite(Number(value));

/** Whether a value lies outside the field's allowed range (text fields and blanks never do). */
export function outOfRange(field: ResultField, value: string): boolean {
  if (field.type !== 'number' || !isNumberText(value)) return false;
  const n = Number(value);
  return (field.min !== null && n < field.min) || (field.max !== null && n > field.max);
}

/** The range as the form hints it: '允许范围 0.5 – 200 m²/g', '≥ 0', '' when open. */
export function rangeText(field: Pick<ResultField, 'min' | 'max' | 'unit' | 'type'>): string {
  if (field.type !== 'number' || (field.min === null && field.max === null)) return '';
  const unit = field.unit ? ` ${field.unit}` : '';
  if (field.min !== null && field.max !== null) return `允许范围 ${field.min} – ${field.max}${unit}`;
  return field.min !== null ? `允许范围 ≥ ${field.min}${unit}` : `允许范围 ≤ ${field.max}${unit}`;
}
