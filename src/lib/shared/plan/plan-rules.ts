// The experiment plan's per-line options (spec section 3: sample source, disposal, test
// parameters, sample count) and the zod requests of /api/auth/plan/*. Pure; used by the plan
// page and the server.
import { z } from '../zod.ts';
import type { ItemOptions } from '../catalogue/catalogue.ts';

/** Sample source (spec section 3). */
export const SAMPLE_SOURCES = [4, 1, 3, 0, 2, -1] as const;
export type SampleSource = (typeof SAMPLE_SOURCES)[number];
export const SAMPLE_SOURCE_TEXT: Record<SampleSource, string> = {
  4: '上门取样',
  1: '新寄样品',
  3: '已完成取样',
  0: '历史订单留样',
  2: '自有样品',
  [-1]: '无需样品',
};
/** Source 4: the sample is collected by a pickup (the plan page then suggests the pickup form). */
export const SOURCE_PICKUP: SampleSource = 4;
/** Source -1: no sample, as for data analysis (its lines always carry it). */
export const SOURCE_NONE: SampleSource = -1;
/** Source 0 reuses a sample stored by an earlier order (disposal 2). */
export const SOURCE_HISTORY: SampleSource = 0;

/** Sample disposal after the test (spec section 3); its words with the lab's numbers: disposalChoice (samples). */
export const DISPOSALS = [0, 1, 2] as const;
export type Disposal = (typeof DISPOSALS)[number];
export const DISPOSAL_RECYCLE: Disposal = 1;
export const DISPOSAL_KEEP: Disposal = 2;

export const PLAN_MAX_LINES = 50;

const ridText = (label: string) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null ? `[${label}]不能为空` : `[${label}]格式不正确`,
    })
    .trim()
    .min(1, `[${label}]不能为空`)
    .max(64, `[${label}]格式不正确`);

const intFrom = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: `[${label}]格式不正确` }).int(`[${label}]格式不正确`),
  );

export const sampleCountField = intFrom('样品数量').pipe(
  z.number().min(1, '[样品数量]至少为1').max(1000, '[样品数量]过多'),
);
export const sourceField = intFrom('样品来源').refine(
  (v) => (SAMPLE_SOURCES as readonly number[]).includes(v),
  '[样品来源]不正确',
) as unknown as z.ZodType<SampleSource>;
export const disposalField = intFrom('样品处理方式').refine(
  (v) => (DISPOSALS as readonly number[]).includes(v),
  '[样品处理方式]不正确',
) as unknown as z.ZodType<Disposal>;

/** Chosen test parameters: parameter name → choice (or free text when it has no choices). */
export const parametersField = z
  .record(z.string().max(64), z.string().trim().max(200, '[测试参数]过长'), { error: '[测试参数]格式不正确' })
  .refine((r) => Object.keys(r).length <= 30, '[测试参数]过多');
export type Parameters = Record<string, string>;

/** The options one plan line or order line carries. */
export const lineOptionsShape = {
  count: sampleCountField.optional(),
  parameters: parametersField.optional(),
  source: sourceField.optional(),
  disposal: disposalField.optional(),
  /** With source 0: the earlier order whose stored sample is reused. */
  source_order_rid: z.string().trim().max(64, '[历史订单]格式不正确').optional(),
};

export const planAddSchema = z.object(
  { item_rid: ridText('检测项目'), ...lineOptionsShape },
  { error: '请求参数格式不正确' },
);
export const planUpdateSchema = z.object(
  { rid: ridText('计划项'), ...lineOptionsShape },
  { error: '请求参数格式不正确' },
);
export const planRemoveSchema = z.object(
  {
    rids: z
      .array(z.string().trim().min(1).max(64), { error: '[计划项]不能为空' })
      .min(1, '[计划项]不能为空')
      .max(PLAN_MAX_LINES, '[计划项]过多'),
  },
  { error: '请求参数格式不正确' },
);

/**
 * Checks chosen parameters against an item's options: required ones present, choices from
 * the list. Returns the first problem in Chinese, or null.
 */
export function parameterProblem(options: ItemOptions, chosen: Parameters): string | null {
  const known = new Map(options.parameters.map((p) => [p.name, p]));
  for (const p of options.parameters) {
    const value = chosen[p.name]?.trim() ?? '';
    if (p.required && !value) return `[${p.name}]不能为空`;
    if (value && p.choices.length > 0 && !p.choices.includes(value)) return `[${p.name}]不正确`;
  }
  for (const name of Object.keys(chosen)) if (!known.has(name)) return `[${name}]不是该项目的测试参数`;
  return null;
}

/** The sample count must lie in the item's range. */
export function sampleCountProblem(options: ItemOptions, count: number): string | null {
  const { min, max } = options.sampleCount;
  if (count < min) return `[样品数量]至少为${min}`;
  if (count > max) return `[样品数量]最多为${max}`;
  return null;
}

/** The options of a new line when the request leaves them out. */
export function defaultLine(options: ItemOptions): {
  count: number;
  parameters: Parameters;
  source: SampleSource;
  disposal: Disposal;
} {
  return { count: options.sampleCount.default, parameters: {}, source: 1, disposal: 0 };
}
