// The working calendar's staff side (decision 0079): a month as the console's grid shows it, the
// lab's closures and overrides, the import of an official year as CSV, and the daily cut-off.
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import { calendarDays, calendarOfficialDays, calendarSettings } from './tables.ts';
import { calendarChanged, labCalendar } from './cache.ts';
import { addDays, addMonths, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiIso, shanghaiMonth, shanghaiWeekday } from '../../shared/time.ts';
import {
  DAY_KIND_TEXT,
  parseOfficialCsv,
  type CalendarDay,
  type CalendarDaySave,
  type CalendarImportResult,
  type CalendarMonth,
} from '../../shared/calendar/calendar.ts';
import { cutoffText, parseCutoff } from '../../shared/calendar/promise.ts';

const staff = userDirectory('staff');

/** One month of the calendar ('YYYY-MM', this month by default), each day with why it is (not) worked. */
export async function calendarMonth(s: Services, month = shanghaiMonth(s.now())): Promise<CalendarMonth> {
  const { calendar, cutoffMinute } = await labCalendar(s);
  const first = `${month}-01`;
  const next = addMonths(first, 1);
  const rows = await s.db
    .select({
      date: calendarDays.date,
      kind: calendarDays.kind,
      reason: calendarDays.reason,
      at: calendarDays.at,
      by: displayNameOf(staff),
    })
    .from(calendarDays)
    .leftJoin(staff, eq(staff.id, calendarDays.staffId))
    .where(and(gte(calendarDays.date, first), lt(calendarDays.date, next)));
  const lab = new Map(rows.map((r) => [r.date, r]));
  const days: CalendarDay[] = [];
  for (let d = first; d < next; d = addDays(d, 1)) {
    const info = calendar.info(d);
    const own = lab.get(d);
    days.push({
      date: d,
      weekday: shanghaiWeekday(shanghaiMidnight(d)!),
      kind: info.kind,
      kind_text: DAY_KIND_TEXT[info.kind],
      working: info.working,
      label: info.label,
      source: info.source,
      lab: own ? { kind: own.kind, reason: own.reason, by: own.by ?? '', at: shanghaiIso(own.at) } : null,
    });
  }
  const year = Number(month.slice(0, 4));
  const { packageFirst, packageLast, imported } = calendar.coverage;
  return {
    month,
    days,
    coverage: {
      package_first: packageFirst,
      package_last: packageLast,
      imported,
      covered: (year >= packageFirst && year <= packageLast) || imported.includes(year),
    },
    cutoff: cutoffText(cutoffMinute),
  };
}

const NOT_NEEDED = {
  closed: (d: string) => `${d} 本就不是工作日，无需设为停工`,
  open: (d: string) => `${d} 本就是工作日，无需设为加班`,
};

/**
 * The lab closes on a working day or works on a day off. Refused when the day already is so by
 * the official calendar (a row that changes nothing would only confuse the grid). Orders whose
 * due date is already fixed keep it.
 */
export async function saveLabDay(s: Services, staffId: number, input: CalendarDaySave) {
  const { calendar } = await labCalendar(s);
  const info = calendar.info(input.date);
  const officialWorking = info.kind === 'lab_closed' ? true : info.kind === 'lab_open' ? false : info.working;
  if (input.kind === 'closed' && !officialWorking) throw new DomainError(NOT_NEEDED.closed(input.date));
  if (input.kind === 'open' && officialWorking) throw new DomainError(NOT_NEEDED.open(input.date));
  const values = { kind: input.kind, reason: input.reason, staffId, at: new Date(s.now()) };
  await s.db
    .insert(calendarDays)
    .values({ date: input.date, ...values })
    .onConflictDoUpdate({ target: calendarDays.date, set: values });
  await calendarChanged(s);
  return calendarMonth(s, input.date.slice(0, 7));
}

/** Removes the lab's row on a date: the official calendar applies again. */
export async function removeLabDay(s: Services, date: string) {
  const gone = await s.db
    .delete(calendarDays)
    .where(eq(calendarDays.date, date))
    .returning({ date: calendarDays.date });
  if (gone.length === 0) throw new DomainError(`${date} 没有实验室自定的安排`, 200, 'NOT_FOUND');
  await calendarChanged(s);
  return calendarMonth(s, date.slice(0, 7));
}

/**
 * Imports an official table (`date,kind[,name]`): every row is checked first and nothing is stored
 * while any is bad; the years it names are replaced whole (rows of those years not in the file
 * are removed), so importing a corrected file is the way to fix one.
 */
export async function importOfficial(
  s: Services,
  staffId: number,
  csv: string,
  check = false,
): Promise<CalendarImportResult> {
  const parsed = parseOfficialCsv(csv);
  const result = { rows: parsed.rows.length, years: parsed.years, errors: parsed.errors };
  if (parsed.errors.length > 0 || check) return { ...result, stored: false };
  const now = new Date(s.now());
  await s.db.transaction(async (tx) => {
    for (const year of parsed.years)
      await tx
        .delete(calendarOfficialDays)
        .where(
          and(
            gte(calendarOfficialDays.date, `${year}-01-01`),
            lt(calendarOfficialDays.date, `${year + 1}-01-01`),
          ),
        );
    await tx.insert(calendarOfficialDays).values(parsed.rows.map((r) => ({ ...r, staffId, at: now })));
  });
  await calendarChanged(s);
  return { ...result, stored: true };
}

export async function calendarSettingsOf(s: Services) {
  const { cutoffMinute } = await labCalendar(s);
  return { cutoff: cutoffText(cutoffMinute) };
}

/** The daily cut-off: receipts from then on count from the next working day (fixed dates stay). */
export async function saveCalendarSettings(s: Services, staffId: number, cutoff: string) {
  const values = { cutoffMinute: parseCutoff(cutoff)!, staffId, at: new Date(s.now()) };
  await s.db
    .insert(calendarSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: calendarSettings.id, set: values });
  await calendarChanged(s);
  return calendarSettingsOf(s);
}
