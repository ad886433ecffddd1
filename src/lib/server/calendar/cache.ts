// The lab's calendar in each process (decision 0079). The working-day functions are pure and
// synchronous, so each process keeps the lab's rows in memory: loaded on first use, reloaded at
// once by the process that edits them, and by every other process when its copy is older than
// REFRESH_MS (on the next use, and by the watcher the server starts). Processes agree within
// REFRESH_MS (30 s) of an edit; a due date already fixed never moves, whatever the calendar says.
import { useCalendar, makeCalendar, type WorkingCalendar } from '../../shared/calendar/working-days.ts';
import { DEFAULT_CUTOFF_MINUTE } from '../../shared/calendar/promise.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { calendarDays, calendarOfficialDays, calendarSettings } from './tables.ts';

const REFRESH_MS = 30_000;

export type LabCalendar = { calendar: WorkingCalendar; cutoffMinute: number };
type Entry = LabCalendar & { loadedAt: number };

// Keyed by database client: API tests run several apps, one database each, in one module graph.
// A transaction reads the rows afresh (a receipt fixes its date on exactly what is stored).
const loaded = new WeakMap<Db | Tx, Entry>();
const loading = new WeakMap<Db | Tx, Promise<Entry>>();

async function load(db: Db | Tx): Promise<Entry> {
  const [official, lab, [settings]] = await Promise.all([
    db
      .select({
        date: calendarOfficialDays.date,
        kind: calendarOfficialDays.kind,
        name: calendarOfficialDays.name,
      })
      .from(calendarOfficialDays),
    db
      .select({ date: calendarDays.date, kind: calendarDays.kind, reason: calendarDays.reason })
      .from(calendarDays),
    db.select({ cutoffMinute: calendarSettings.cutoffMinute }).from(calendarSettings).limit(1),
  ]);
  return {
    calendar: makeCalendar({ official, lab }),
    cutoffMinute: settings?.cutoffMinute ?? DEFAULT_CUTOFF_MINUTE,
    loadedAt: Date.now(),
  };
}

function reload(db: Db | Tx): Promise<Entry> {
  const pending = loading.get(db);
  if (pending) return pending;
  const next = load(db)
    .then((entry) => {
      loaded.set(db, entry);
      return entry;
    })
    .finally(() => loading.delete(db));
  loading.set(db, next);
  return next;
}

/**
 * The lab's calendar and cut-off, fresh within REFRESH_MS; installed as the one the shared
 * functions read when called without a calendar (sample retention, the dashboard's promises).
 */
export async function labCalendar(s: { db: Db | Tx }): Promise<LabCalendar> {
  const known = loaded.get(s.db);
  const entry = known && Date.now() - known.loadedAt < REFRESH_MS ? known : await reload(s.db);
  useCalendar(entry.calendar);
  return entry;
}

/** After an edit in this process: read the rows again at once. */
export async function calendarChanged(s: { db: Db }): Promise<LabCalendar> {
  const entry = await reload(s.db);
  useCalendar(entry.calendar);
  return entry;
}

/** Keeps this process's calendar fresh in the background (the production server starts it). */
export function watchCalendar(s: { db: Db }, everyMs = REFRESH_MS) {
  const tick = () => void labCalendar(s).catch(() => undefined);
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
