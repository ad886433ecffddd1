// The warning window before a due date (decision 0082): an order is 即将超期 when at most 24
// working hours are left before its deadline (the end of its due date), counted on China's
// calendar with the lab's rows, so weekends and holiday weeks do not count.
import { describe, expect, it } from 'vitest';
import { makeCalendar } from '#shared/calendar/working-days.ts';
import { dueDeadline } from '#shared/calendar/due.ts';
import { parseCutoff } from '#shared/calendar/promise.ts';
import { shanghaiMidnight } from '#shared/slots.ts';
import {
  backlogDays,
  backlogText,
  dueSoonUntil,
  isBreached,
  workingMsBetween,
} from '#shared/worklist/work.ts';

const pkg = makeCalendar();
const HOUR = 3_600_000;
/** A Shanghai wall-clock moment: '2026-10-16 15:00'. */
const at = (text: string) => shanghaiMidnight(text.slice(0, 10))! + parseCutoff(text.slice(11))! * 60_000;
const left = (now: string, due: string, calendar = pkg) =>
  workingMsBetween(at(now), dueDeadline(due), calendar) / HOUR;

describe('the 即将超期 window', () => {
  it('counts only working days: a Friday afternoon order due Monday is not yet in, on Saturday it is', () => {
    // Friday 16 Oct 2026, 15:00: Friday's last 9 hours and Monday 19's 24.
    expect(left('2026-10-16 15:00', '2026-10-19')).toBe(33);
    // Due on the weekend (a date moved by hand) it is in: only Friday's hours are left.
    expect(dueSoonUntil(at('2026-10-16 15:00'), pkg)).toBe('2026-10-18');
    // From Friday midnight only Monday is left: in the window, though 48 calendar hours more remain.
    expect(left('2026-10-17 10:00', '2026-10-19')).toBe(24);
    expect(dueSoonUntil(at('2026-10-17 10:00'), pkg)).toBe('2026-10-19');
    // On Monday an order due Tuesday is not yet in (Monday's rest and Tuesday).
    expect(dueSoonUntil(at('2026-10-19 10:00'), pkg)).toBe('2026-10-19');
  });

  it('skips a holiday week: an order due the day after National Day is in from the first holiday', () => {
    // Wednesday 30 Sep before the holiday (1–7 Oct off, Thursday 8 a working day).
    expect(left('2026-09-30 15:00', '2026-10-08')).toBe(33);
    expect(dueSoonUntil(at('2026-09-30 15:00'), pkg)).toBe('2026-10-07');
    expect(dueSoonUntil(at('2026-10-02 10:00'), pkg)).toBe('2026-10-08');
    // The lab's own closure counts as a day off as well.
    const closed = makeCalendar({ lab: [{ date: '2026-10-19', kind: 'closed', reason: '停电' }] });
    expect(dueSoonUntil(at('2026-10-17 10:00'), closed)).toBe('2026-10-20');
  });

  it('breaches at the end of the due date', () => {
    expect(isBreached('2026-10-19', at('2026-10-19 23:59'))).toBe(false);
    expect(isBreached('2026-10-19', at('2026-10-20 00:00'))).toBe(true);
  });
});

describe("an instrument's backlog", () => {
  it("is the waiting samples over the weekly capacity's share of a working day, or says it has none", () => {
    expect(backlogDays(7, 10)).toBe(3.5);
    expect(backlogText(7, 10)).toBe('积压约 3.5 个工作日');
    expect(backlogText(0, 25)).toBe('积压约 0 个工作日');
    expect(backlogDays(7, null)).toBeNull();
    expect(backlogText(7, null)).toBe('未设定产能');
  });
});
