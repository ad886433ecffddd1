// The working calendar's requests, answers and pure rules shared by the console and the server
// (issue 32, decision 0079): the month grid, a lab day (closure or override), the import of an
// official year as CSV with a per-row error report, and the lab's daily cut-off.
import { z } from '../zod.ts';
import { isValidDate } from '../slots.ts';
import type { DayKind, OfficialRow } from './working-days.ts';
import { parseCutoff } from './promise.ts';

export const LAB_KINDS = ['closed', 'open'] as const;
export const LAB_KIND_TEXT: Record<(typeof LAB_KINDS)[number], string> = {
  closed: '停工（工作日不上班）',
  open: '加班（休息日上班）',
};
/** Each kind of day in the grid's words. */
export const DAY_KIND_TEXT: Record<DayKind, string> = {
  lab_closed: '实验室停工',
  lab_open: '实验室加班',
  holiday: '法定节假日',
  makeup: '调休上班',
  weekend: '周末',
  workday: '工作日',
};

const blank = (v: unknown) => v === undefined || v === null || v === '';
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const dateField = (label: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
      .min(1, `[${label}]不能为空`)
      .refine(isValidDate, `[${label}]格式不正确`),
  );

/** calendar/month: one month, 'YYYY-MM' (this month when absent). */
export const calendarMonthSchema = z.object({
  month: z.preprocess(
    (v) => (blank(v) ? undefined : trimmed(v)),
    z
      .string({ error: '[月份]格式不正确' })
      .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, '[月份]格式不正确')
      .optional(),
  ),
});

/** calendar/day/save: the lab closes on a working day, or opens on a day off, with a reason. */
export const calendarDaySaveSchema = z.object(
  {
    date: dateField('日期'),
    kind: z.enum(LAB_KINDS, { error: '[类型]不正确' }),
    reason: z.preprocess(
      trimmed,
      z.string({ error: '[原因]不能为空' }).min(1, '[原因]不能为空').max(100, '[原因]不能超过100个字'),
    ),
  },
  { error: '请求参数格式不正确' },
);
export type CalendarDaySave = z.output<typeof calendarDaySaveSchema>;

/** calendar/day/remove: back to the official calendar on that date. */
export const calendarDayRemoveSchema = z.object({ date: dateField('日期') }, { error: '请求参数格式不正确' });

/** At most this many characters of CSV (a year is ~40 rows; a few comments and names fit easily). */
export const CSV_MAX_CHARS = 20_000;
export const CSV_MAX_ROWS = 400;

/** calendar/import: a year's official table as CSV text (`date,kind[,name]`). */
export const calendarImportSchema = z.object(
  {
    csv: z
      .string({ error: '[CSV内容]不能为空' })
      .min(1, '[CSV内容]不能为空')
      .max(CSV_MAX_CHARS, `[CSV内容]不能超过${CSV_MAX_CHARS}个字符`),
    /** Only check (dry run): answer the rows and errors, store nothing. */
    check: z.boolean().optional(),
  },
  { error: '请求参数格式不正确' },
);

/** calendar/settings/save: the daily cut-off, 'HH:mm'. */
export const calendarSettingsSchema = z.object(
  {
    cutoff: z.preprocess(
      trimmed,
      z
        .string({ error: '[每日截止时间]不能为空' })
        .min(1, '[每日截止时间]不能为空')
        .refine((v) => parseCutoff(v) !== null, '[每日截止时间]格式应为 HH:mm，例如 16:00'),
    ),
  },
  { error: '请求参数格式不正确' },
);

const HOLIDAY_WORDS = new Set(['holiday', '休', '假', '休息', '放假', '节假日']);
const WORKDAY_WORDS = new Set(['workday', '班', '上班', '调休上班', '补班']);

export type CsvRowError = { line: number; text: string; message: string };
export type CsvParse = { rows: OfficialRow[]; errors: CsvRowError[]; years: number[] };

/**
 * Reads an official table: one `date,kind[,name]` per line, `kind` holiday/休 or workday/班; a
 * header line, blank lines and lines starting with # are skipped. Every bad row is reported with
 * its line number, and nothing is stored while any row is bad.
 */
export function parseOfficialCsv(text: string): CsvParse {
  const rows: OfficialRow[] = [];
  const errors: CsvRowError[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const textLine = raw.trim();
    if (!textLine || textLine.startsWith('#')) return;
    const cells = textLine.split(/[,，\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (i === 0 && /^(date|日期)$/i.test(cells[0] ?? '')) return;
    const fail = (message: string) => errors.push({ line, text: textLine.slice(0, 80), message });
    const [date = '', kindWord = '', name = ''] = cells;
    const normalDate = /^\d{4}[/.]\d{1,2}[/.]\d{1,2}$/.test(date)
      ? date.replace(/[/.]/g, '-').replace(/-(\d)(?=-|$)/g, '-0$1')
      : date;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(normalDate) || !isValidDate(normalDate))
      return fail(`日期「${date}」格式不正确，应为 YYYY-MM-DD`);
    const kind = HOLIDAY_WORDS.has(kindWord.toLowerCase())
      ? 'holiday'
      : WORKDAY_WORDS.has(kindWord.toLowerCase())
        ? 'workday'
        : null;
    if (!kind) return fail(`类型「${kindWord}」不正确，应为 holiday（休）或 workday（班）`);
    if (name.length > 20) return fail('名称不能超过20个字');
    const before = seen.get(normalDate);
    if (before !== undefined) return fail(`日期 ${normalDate} 与第${before}行重复`);
    seen.set(normalDate, line);
    rows.push({ date: normalDate, kind, name });
  });
  if (rows.length > CSV_MAX_ROWS) errors.push({ line: 0, text: '', message: `最多${CSV_MAX_ROWS}行` });
  if (rows.length === 0 && errors.length === 0)
    errors.push({ line: 0, text: '', message: 'CSV中没有数据行' });
  const years = [...new Set(rows.map((r) => Number(r.date.slice(0, 4))))].sort();
  return { rows, errors, years };
}

// ---- answers ----

export const CalendarDaySchema = z.object({
  date: z.string(),
  /** 0 = Sunday … 6 = Saturday. */
  weekday: z.number().int(),
  kind: z.enum(['lab_closed', 'lab_open', 'holiday', 'makeup', 'weekend', 'workday']),
  kind_text: z.string(),
  working: z.boolean(),
  /** The holiday's name, or the lab's reason. */
  label: z.string(),
  source: z.enum(['package', 'import', 'rule']),
  /** The lab's own row on that date, if any. */
  lab: z.object({ kind: z.enum(LAB_KINDS), reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});
export type CalendarDay = z.output<typeof CalendarDaySchema>;

export const CalendarMonthSchema = z.object({
  month: z.string(),
  days: z.array(CalendarDaySchema),
  /** The years the package knows, the years imported, and whether this month's year is covered. */
  coverage: z.object({
    package_first: z.number().int(),
    package_last: z.number().int(),
    imported: z.array(z.number().int()),
    covered: z.boolean(),
  }),
  cutoff: z.string(),
});
export type CalendarMonth = z.output<typeof CalendarMonthSchema>;

export const CalendarImportResultSchema = z.object({
  /** How many rows were read (and stored unless it was a check or there were errors). */
  rows: z.number().int(),
  years: z.array(z.number().int()),
  stored: z.boolean(),
  errors: z.array(z.object({ line: z.number().int(), text: z.string(), message: z.string() })),
});
export type CalendarImportResult = z.output<typeof CalendarImportResultSchema>;

export const CalendarSettingsSchema = z.object({ cutoff: z.string() });
