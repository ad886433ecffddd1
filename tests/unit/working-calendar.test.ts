// The working calendar and the one due-date function (issue 32, decision 0079): China's 2025 and
// 2026 tables from the `chinese-days` package (调休 Saturdays and Sundays, 春节 and 国庆 weeks), a
// 2027 table imported as CSV (the package has none yet), the lab's closures and overrides, the
// daily cut-off, and properties under random inputs: a due date is always a working day, and it
// never goes back when the days or the moment go forward.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addWorkingDays,
  currentCalendar,
  isWorkingDay,
  makeCalendar,
  useCalendar,
} from '#shared/calendar/working-days.ts';
import { dayZero, dueDateAfter, dueDeadline, estimateIfArrivingTomorrow } from '#shared/calendar/due.ts';
import { orderPromiseDays, parseCutoff } from '#shared/calendar/promise.ts';
import { parseOfficialCsv } from '#shared/calendar/calendar.ts';
import { shanghaiMidnight } from '#shared/slots.ts';

const pkg = makeCalendar();
/** A Shanghai wall-clock moment: '2026-09-30 10:00'. */
const at = (text: string) => shanghaiMidnight(text.slice(0, 10))! + parseCutoff(text.slice(11))! * 60_000;
const due = (text: string, days: number, calendar = pkg, cutoff = 16 * 60) =>
  dueDateAfter(at(text), days, cutoff, calendar);

describe('the official calendar from chinese-days', () => {
  it('knows 2025 and 2026: holidays, 调休 working weekends, ordinary weekends', () => {
    for (const d of [
      '2025-01-01',
      '2025-01-28',
      '2025-02-04',
      '2025-10-01',
      '2025-10-08',
      '2026-02-16',
      '2026-02-23',
      '2026-09-25',
      '2026-10-07',
    ])
      expect(pkg.info(d), d).toMatchObject({ working: false, kind: 'holiday', source: 'package' });
    for (const d of [
      '2025-01-26',
      '2025-02-08',
      '2025-09-28',
      '2025-10-11',
      '2026-01-04',
      '2026-02-14',
      '2026-02-28',
      '2026-09-20',
      '2026-10-10',
    ])
      expect(pkg.info(d), d).toMatchObject({ working: true, kind: 'makeup' });
    expect(pkg.info('2026-10-01').label).toBe('国庆节');
    expect(pkg.info('2026-02-17').label).toBe('春节');
    expect(pkg.info('2026-11-28')).toMatchObject({ working: false, kind: 'weekend' });
    expect(pkg.info('2026-11-27')).toMatchObject({ working: true, kind: 'workday' });
    expect(pkg.coverage.packageLast).toBeGreaterThanOrEqual(2026);
  });

  it('counts the 2026 Spring Festival week and the make-up Saturday after it', () => {
    // Received Friday 13 Feb before the cut-off: Sat 14 (调休) is day 1, then 24–27 Feb, Sat 28 (调休).
    expect(due('2026-02-13 10:00', 1)).toBe('2026-02-14');
    expect(due('2026-02-13 10:00', 2)).toBe('2026-02-24');
    expect(due('2026-02-13 10:00', 6)).toBe('2026-02-28');
    expect(due('2026-02-13 10:00', 7)).toBe('2026-03-02');
    // Received during the holiday: counts from the first working day after it.
    expect(dayZero(at('2026-02-18 09:00'), 960, pkg)).toBe('2026-02-24');
    expect(due('2026-02-18 09:00', 5)).toBe('2026-03-02');
  });

  it('gives an order received before National Day the date a lab person would give', () => {
    // 2026: 中秋 Fri 25 Sep, 国庆 1–7 Oct, make-up Sun 20 Sep and Sat 10 Oct.
    // Wednesday 30 Sep, 10:00, five working days: 8, 9, 10 (Sat, worked), 12, 13 Oct.
    expect(due('2026-09-30 10:00', 5)).toBe('2026-10-13');
    // The same day after 16:00 counts from Thursday 8 Oct.
    expect(due('2026-09-30 16:30', 5)).toBe('2026-10-14');
    // The Friday before (25 Sep) is 中秋: day 0 is Monday 28 Sep; 29, 30, 8, 9, 10 Oct.
    expect(due('2026-09-25 11:00', 5)).toBe('2026-10-10');
    // 2025: Friday 26 Sep, 10:00: 28 Sep (Sun, worked), 29, 30 Sep, 9, 10 Oct (1–8 Oct off).
    expect(due('2025-09-26 10:00', 5)).toBe('2025-10-10');
    expect(due('2025-09-30 10:00', 3)).toBe('2025-10-11');
  });

  it('applies the daily cut-off in Shanghai time', () => {
    expect(due('2026-11-23 15:59', 1)).toBe('2026-11-24');
    expect(due('2026-11-23 16:00', 1)).toBe('2026-11-25');
    // A Friday evening counts from Monday.
    expect(due('2026-11-27 17:00', 1)).toBe('2026-12-01');
    expect(due('2026-11-27 17:00', 1, pkg, 18 * 60)).toBe('2026-11-30');
    // The same instant written in UTC: 2026-11-23T08:30Z is 16:30 in Shanghai.
    expect(dueDateAfter(Date.parse('2026-11-23T08:30:00Z'), 1, 960, pkg)).toBe('2026-11-25');
    expect(dueDeadline('2026-11-25')).toBe(Date.parse('2026-11-25T16:00:00Z'));
  });

  it('estimates as if the samples arrived tomorrow, whatever the hour today', () => {
    // Tomorrow is 1 Oct (holiday): day 0 is 8 Oct.
    expect(estimateIfArrivingTomorrow(at('2026-09-30 23:30'), 1, pkg)).toBe('2026-10-09');
    expect(estimateIfArrivingTomorrow(at('2026-11-23 20:00'), 2, pkg)).toBe('2026-11-26');
  });
});

describe('a year imported as CSV (the package has no 2027 yet)', () => {
  // A table in the shape of the State Council's notice, for the test only.
  const csv = [
    'date,kind,name',
    '2027-01-01,holiday,元旦',
    '2027-02-06,休,春节',
    ...['07', '08', '09', '10', '11', '12', '13'].map((d) => `2027-02-${d},holiday,春节`),
    '2027-02-20,班,春节',
    ...['01', '02', '03', '04', '05', '06', '07'].map((d) => `2027-10-${d},holiday,国庆节`),
    '2027-09-26,workday,国庆节',
    '2027-10-09,workday,国庆节',
  ].join('\n');

  it('reads the rows and the year, and counts on them', () => {
    const parsed = parseOfficialCsv(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.years).toEqual([2027]);
    const cal = makeCalendar({ official: parsed.rows });
    expect(pkg.isWorkingDay('2027-02-08')).toBe(true);
    expect(cal.info('2027-02-08')).toMatchObject({
      working: false,
      kind: 'holiday',
      source: 'import',
      label: '春节',
    });
    expect(cal.info('2027-02-20')).toMatchObject({ working: true, kind: 'makeup' });
    expect(cal.coverage.imported).toEqual([2027]);
    // Friday 5 Feb before the cut-off: 15 (Mon), 16, 17, 18, 19, 20 (Sat, worked).
    expect(dueDateAfter(at('2027-02-05 09:00'), 6, 960, cal)).toBe('2027-02-20');
    // Thursday 30 Sep, 10:00 → 8 Oct (Fri), 9 (Sat, worked), 11, 12, 13 Oct.
    expect(dueDateAfter(at('2027-09-30 10:00'), 5, 960, cal)).toBe('2027-10-13');
  });

  it('reports every bad row with its line number and stores nothing', () => {
    const parsed = parseOfficialCsv(
      [
        'date,kind',
        '2027-13-01,holiday',
        '2027-02-07,rest',
        '2027-02-08,holiday',
        '2027/2/8,休',
        '',
        '# note',
        'x',
      ].join('\n'),
    );
    expect(parsed.errors.map((e) => [e.line, e.message])).toEqual([
      [2, '日期「2027-13-01」格式不正确，应为 YYYY-MM-DD'],
      [3, '类型「rest」不正确，应为 holiday（休）或 workday（班）'],
      [5, '日期 2027-02-08 与第4行重复'],
      [8, '日期「x」格式不正确，应为 YYYY-MM-DD'],
    ]);
    expect(parseOfficialCsv('date,kind\n').errors[0].message).toBe('CSV中没有数据行');
  });
});

describe("the lab's own rows", () => {
  const lab = makeCalendar({
    lab: [
      { date: '2026-11-25', kind: 'closed', reason: '停电检修' },
      { date: '2026-11-28', kind: 'open', reason: '集中检测' },
    ],
  });

  it('closes a working day and opens a day off', () => {
    expect(lab.info('2026-11-25')).toMatchObject({ working: false, kind: 'lab_closed', label: '停电检修' });
    expect(lab.info('2026-11-28')).toMatchObject({ working: true, kind: 'lab_open' });
    expect(due('2026-11-24 10:00', 1, lab)).toBe('2026-11-26');
    expect(due('2026-11-27 10:00', 1, lab)).toBe('2026-11-28');
  });

  it("is what the module's own functions read once installed, as retention does", () => {
    const before = currentCalendar();
    try {
      useCalendar(lab);
      expect(isWorkingDay('2026-11-25')).toBe(false);
      expect(addWorkingDays('2026-11-24', 1)).toBe('2026-11-26');
    } finally {
      useCalendar(before);
    }
    expect(isWorkingDay('2026-11-25')).toBe(true);
  });
});

describe('an order promise', () => {
  it("is the quote's days, else the longest line's, else none", () => {
    expect(orderPromiseDays(3, [5, 7])).toBe(3);
    expect(orderPromiseDays(null, [5, null, 7])).toBe(7);
    expect(orderPromiseDays(undefined, [null])).toBeNull();
  });
});

describe('due dates under random moments, days and lab rows', () => {
  const DAY = 86_400_000;
  const FROM = Date.UTC(2025, 0, 1);
  const moment = fc.integer({ min: FROM, max: Date.UTC(2026, 11, 15) });
  const labRows = fc.array(
    fc.record({
      date: fc.integer({ min: 0, max: 720 }).map((n) => new Date(FROM + n * DAY).toISOString().slice(0, 10)),
      kind: fc.constantFrom('closed' as const, 'open' as const),
      reason: fc.constant('test'),
    }),
    { maxLength: 30 },
  );
  const cutoff = fc.integer({ min: 8 * 60, max: 20 * 60 });

  it('is always a working day, counted after day 0 exactly `days` working days', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: 1, max: 40 }), cutoff, labRows, (t, days, c, rows) => {
        const cal = makeCalendar({ lab: rows });
        const d = dueDateAfter(t, days, c, cal);
        expect(cal.isWorkingDay(d)).toBe(true);
        const zero = dayZero(t, c, cal);
        expect(cal.isWorkingDay(zero)).toBe(true);
        expect(addWorkingDays(zero, days, cal)).toBe(d);
        expect(dueDeadline(d)).toBeGreaterThan(t);
      }),
      { numRuns: 1500, seed: 32 },
    );
  });

  it('never goes back when the days or the moment go forward', () => {
    fc.assert(
      fc.property(
        moment,
        fc.integer({ min: 0, max: 20 * DAY }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 10 }),
        cutoff,
        labRows,
        (t, later, days, more, c, rows) => {
          const cal = makeCalendar({ lab: rows });
          const d = dueDateAfter(t, days, c, cal);
          expect(dueDateAfter(t, days + more, c, cal) >= d).toBe(true);
          expect(dueDateAfter(t + later, days, c, cal) >= d).toBe(true);
          if (more > 0) expect(dueDateAfter(t, days + more, c, cal) > d).toBe(true);
        },
      ),
      { numRuns: 1500, seed: 79 },
    );
  });
});
