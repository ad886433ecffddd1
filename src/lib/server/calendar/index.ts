// The calendar domain's public face (decision 0079): the lab's working calendar and the one
// working-day function every due date comes from, with the lab's rows and cut-off applied.
import type { Db } from '../platform/db/client.ts';
import { labCalendar } from './cache.ts';
import { dueDateAfter, estimateIfArrivingTomorrow } from '../../shared/calendar/due.ts';

export { calendarAdminRoutes } from './admin-routes.ts';
export { watchCalendar, /** @public */ labCalendar, type LabCalendar } from './cache.ts';

/**
 * The due date (Shanghai 'YYYY-MM-DD') of `days` working days after the moment `at`, on the lab's
 * calendar with its daily cut-off. Worklists, warnings and reports call this (or, holding the
 * calendar already, the pure dueDateAfter with labCalendar's values).
 */
export async function dueDateFor(s: { db: Db }, at: number, days: number): Promise<string> {
  const { calendar, cutoffMinute } = await labCalendar(s);
  return dueDateAfter(at, days, cutoffMinute, calendar);
}

/** What the item page, the plan and the quote show: the due date if the samples arrived tomorrow. */
export async function estimateFor(s: { db: Db; now: () => number }, days: number): Promise<string> {
  const { calendar } = await labCalendar(s);
  return estimateIfArrivingTomorrow(s.now(), days, calendar);
}
