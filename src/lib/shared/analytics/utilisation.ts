// Instrument utilisation (issue 35, decision 0092): per instrument over a range of days, the
// hours it was open, down (by category), available, booked and used, the part used by customers
// outside the lab's institution, and its queue of future bookings in working days.
import { z } from '../zod.ts';
import { dateOut } from '../responses.ts';
import { BLOCK_KINDS } from '../reservations/reservation-rules.ts';
import { dateField, rangeChecks } from './turnaround.ts';

export const utilisationSchema = rangeChecks(
  z.object({ from: dateField('开始日期'), to: dateField('结束日期') }, { error: '请求参数格式不正确' }),
);
export type UtilisationQuery = z.output<typeof utilisationSchema>;

const hours = z.number();
export const UtilisationRowSchema = z.object({
  rid: z.string(),
  name: z.string(),
  /** Its opening hours on the lab's working days of the range. */
  open_hours: hours,
  /** Blocked time within those hours, by category, and all of it (overlaps counted once). */
  downtime: z.record(z.enum(BLOCK_KINDS), hours),
  downtime_hours: hours,
  /** Open less down: the hours it could be used. */
  available_hours: hours,
  /** Bookings that held their time (not cancelled or rejected). */
  booked_hours: hours,
  /**
   * 有效工作机时: completed bookings' time actually used (the booked time where none was recorded)
   * and the testing steps run on it (开始检测 to 完成), overlaps counted once.
   */
  used_hours: hours,
  /** The part of the used hours from testing steps (decision 0097). */
  testing_hours: hours,
  /** 对外服务机时: the used hours of customers outside the lab's institution (null: not set). */
  external_hours: hours.nullable(),
  /** The customers of other institutions who used it (null: institution not set). */
  external_users: z.number().int().nullable(),
  /** used / available, in percent (null: nothing available). */
  utilisation_pct: z.number().nullable(),
  /** Booked hours from now on, in working days of this instrument's opening hours. */
  backlog_days: z.number(),
});
export type UtilisationRow = z.output<typeof UtilisationRowSchema>;

export const UtilisationSchema = z.object({
  from: dateOut,
  to: dateOut,
  /** The lab's own institution (customers of others are external); '' when not set. */
  institution: z.string(),
  rows: z.array(UtilisationRowSchema),
});
export type Utilisation = z.output<typeof UtilisationSchema>;

/** The setting naming the lab's own institution. */
export const INSTITUTION_SETTING_KEY = 'labInstitution';
export const institutionSaveSchema = z.object(
  {
    key: z.literal(INSTITUTION_SETTING_KEY, { error: '[设置项]不正确' }),
    name: z.string({ error: '[本单位名称]格式不正确' }).trim().max(100, '[本单位名称]最多100个字'),
  },
  { error: '请求参数格式不正确' },
);
export const InstitutionSchema = z.object({ name: z.string() });

/** Hours of [a, b) inside [c, d). */
export const overlapHours = (a: number, b: number, c: number, d: number) =>
  Math.max(0, Math.min(b, d) - Math.max(a, c)) / 3_600_000;

/** The length of a union of intervals [start, end) in hours. */
export function unionHours(spans: readonly [number, number][]): number {
  const sorted = [...spans].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let [cs, ce] = [Number.NaN, Number.NaN];
  for (const [a, b] of sorted) {
    if (Number.isNaN(cs) || a > ce) {
      if (!Number.isNaN(cs)) total += ce - cs;
      [cs, ce] = [a, b];
    } else ce = Math.max(ce, b);
  }
  if (!Number.isNaN(cs)) total += ce - cs;
  return total / 3_600_000;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** analytics/annual: the year of the 大型科研仪器开放共享 statistics. */
export const annualSchema = z.object(
  {
    year: z.coerce
      .number({ error: '[年度]格式不正确' })
      .int('[年度]格式不正确')
      .min(2000, '[年度]不正确')
      .max(2100, '[年度]不正确'),
  },
  { error: '请求参数格式不正确' },
);

/** The evaluation form's columns, in its order (a row per instrument). */
export const ANNUAL_COLUMNS = [
  ['no', '序号'],
  ['name', '仪器名称'],
  ['model', '规格型号'],
  ['location', '放置地点'],
  ['available_hours', '年度可用机时（小时）'],
  ['downtime_hours', '停机机时（小时）'],
  ['used_hours', '有效工作机时（小时）'],
  ['external_hours', '对外服务机时（小时）'],
  ['share_pct', '共享率（%）'],
  ['utilisation_pct', '使用率（%）'],
  ['external_users', '对外服务用户数'],
  ['income_yuan', '服务收入（元）'],
] as const;
export type AnnualRow = Record<(typeof ANNUAL_COLUMNS)[number][0], string | number>;
export const AnnualSchema = z.object({
  year: z.number().int(),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
});
