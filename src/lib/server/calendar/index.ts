// The calendar domain's public face (decision 0079): the lab's working calendar and the one
// working-day function every due date comes from, with the lab's rows and cut-off applied.
import type { Db } from '../platform/db/client.ts';
import { labCalendar } from './cache.ts';
import { dueDateAfter } from '../../shared/calendar/due.ts';

export { calendarAdminRoutes } from './admin-routes.ts';
// What worklists, warnings and turnaround reports build on (issue 32's later parts).
export { watchCalendar, /** @public */ labCalendar, /** @public */ type LabCalendar } from './cache.ts';

/**
 * The due date (Shanghai 'YYYY-MM-DD') of `days` working days after the moment `at`, on the lab's
 * calendar with its daily cut-off. Worklists, warnings and reports call this (or, holding the
 * calendar already, the pure dueDateAfter with labCalendar's values).
 * @public
 */
export async function dueDateFor(s: { db: Db }, at: number, days: number): Promise<string> {
  const { calendar, cutoffMinute } = await labCalendar(s);
  return dueDateAfter(at, days, cutoffMinute, calendar);
}
