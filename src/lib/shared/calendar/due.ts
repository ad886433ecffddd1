// "N working days after this moment" (issue 32, decision 0079): the one function every promised
// date comes from. A moment is read in Asia/Shanghai whatever the caller's zone; a moment on a
// working day before the lab's daily cut-off counts that day as day 0, any later moment counts
// from the next working day; the due date is the N-th working day after day 0, and the promise is
// kept when the data is out by the end of that day.
import { addDays, shanghaiMidnight } from '../slots.ts';
import { SHANGHAI_OFFSET_MS, shanghaiDate } from '../time.ts';
import { DEFAULT_CUTOFF_MINUTE } from './promise.ts';
import { addWorkingDays, currentCalendar, workingDayFrom, type WorkingCalendar } from './working-days.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Minutes since Shanghai midnight of a moment. */
const minuteOfDay = (at: number) => Math.floor(((((at + SHANGHAI_OFFSET_MS) % DAY) + DAY) % DAY) / MINUTE);

/** The working day a moment counts as day 0 of a turnaround (its own, or the next before the cut-off). */
export function dayZero(
  at: number,
  cutoffMinute = DEFAULT_CUTOFF_MINUTE,
  calendar = currentCalendar(),
): string {
  const date = shanghaiDate(at);
  if (calendar.isWorkingDay(date) && minuteOfDay(at) < cutoffMinute) return date;
  return workingDayFrom(addDays(date, 1), calendar);
}

/**
 * The due date (a Shanghai working day, 'YYYY-MM-DD') of `days` working days after the moment
 * `at` (epoch ms), with the lab's cut-off (minutes after midnight) and calendar.
 */
export function dueDateAfter(
  at: number,
  days: number,
  cutoffMinute = DEFAULT_CUTOFF_MINUTE,
  calendar: WorkingCalendar = currentCalendar(),
): string {
  return addWorkingDays(dayZero(at, cutoffMinute, calendar), Math.max(0, Math.trunc(days)), calendar);
}

/** The moment a due date ends (the next Shanghai midnight): data out before it keeps the promise. */
export const dueDeadline = (dueDate: string): number => shanghaiMidnight(addDays(dueDate, 1))!;

/**
 * What the item page and the plan show: the due date if the samples arrived tomorrow (in time for
 * that day, whatever the cut-off), from `now`.
 */
export function estimateIfArrivingTomorrow(
  now: number,
  days: number,
  calendar: WorkingCalendar = currentCalendar(),
): string {
  const tomorrow = shanghaiMidnight(addDays(shanghaiDate(now), 1))!;
  return dueDateAfter(tomorrow, days, 24 * 60, calendar);
}
