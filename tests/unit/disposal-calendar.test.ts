// The working calendar under random inputs (issue 30, decision 0073): for any time a sample's
// testing ends, any retention choice and any clock time, a disposal the rules accept is never
// before its due date — 5 whole working days after the day of testing for 实验室销毁, N whole
// days for 留样 N 天, never for a sample sent back — and the customer's notice comes at least
// 3 working days before the first day of disposal.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addWorkingDays, isWorkingDay } from '#shared/calendar/working-days.ts';
import {
  disposableFrom,
  disposalChoice,
  mayDisposeOn,
  noticeDate,
  retainUntil,
} from '#shared/samples/disposal.ts';
import { addDays } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';

const DAY = 86_400_000;
const FROM = Date.UTC(2025, 0, 1);
const instant = fc.integer({ min: FROM, max: FROM + 2 * 365 * DAY });

/** Working days strictly after `a` and strictly before `b`. */
function workingDaysBetween(a: string, b: string): number {
  let n = 0;
  for (let d = addDays(a, 1); d < b; d = addDays(d, 1)) if (isWorkingDay(d)) n++;
  return n;
}
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);

describe('no disposal before its due date', () => {
  it('holds for random end-of-test times, choices, retention days and clock times', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(0, 1, 2),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: -30 * DAY, max: 500 * DAY }),
        (testedAt, choice, keepDays, later) => {
          const tested = shanghaiDate(testedAt);
          const until = retainUntil(choice, tested, keepDays);
          const today = shanghaiDate(testedAt + later);
          if (!mayDisposeOn(until, today)) return;
          expect(choice).not.toBe(1);
          if (choice === 0) expect(workingDaysBetween(tested, today)).toBeGreaterThanOrEqual(5);
          if (choice === 2) expect(daysBetween(tested, today)).toBeGreaterThan(keepDays);
          expect(today >= disposableFrom(until!)).toBe(true);
        },
      ),
      { numRuns: 3000, seed: 30 },
    );
  });

  it('accepts a disposal from the first day after the retention, and tells the customer 3 working days before', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(0, 2),
        fc.integer({ min: 1, max: 400 }),
        (testedAt, choice, keepDays) => {
          const until = retainUntil(choice, shanghaiDate(testedAt), keepDays)!;
          expect(mayDisposeOn(until, until)).toBe(false);
          expect(mayDisposeOn(until, disposableFrom(until))).toBe(true);
          const told = noticeDate(until);
          expect(isWorkingDay(told)).toBe(true);
          expect(workingDaysBetween(told, disposableFrom(until)) + 1).toBeGreaterThanOrEqual(3);
          expect(addWorkingDays(told, 3) >= disposableFrom(until)).toBe(true);
        },
      ),
      { numRuns: 2000, seed: 32 },
    );
  });
});

describe('the disposal choices in words (decision 0078)', () => {
  it('names the lab’s numbers: 5 working days, N days kept, 48 hours', () => {
    expect(disposalChoice(0)).toEqual({
      label: '实验室销毁',
      note: '测试完成后保留5个工作日后销毁，销毁前3个工作日通知，可申请寄回',
    });
    expect(disposalChoice(2, 30)).toMatchObject({
      label: '留样30天',
      note: expect.stringContaining('测试完成后保留30天后销毁'),
    });
    expect(disposalChoice(2).label).toBe('留样');
    expect(disposalChoice(2).note).not.toMatch(/\d/);
    expect(disposalChoice(1).note).toContain('48小时内寄回');
  });
});
