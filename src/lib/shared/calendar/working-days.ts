// The lab's working calendar (decisions 0073, 0079): Monday to Friday in Asia/Shanghai, less
// China's public holidays, plus the weekend days the State Council moves work to (调休), from the
// maintained `chinese-days` package; then the official rows staff imported for a year the package
// does not have yet; then the lab's own closures and overrides. Dates are Shanghai calendar dates,
// 'YYYY-MM-DD'. The functions are pure over a calendar value; the module keeps the one the server
// installed (useCalendar) for callers that ask without one (retention, the dashboard promises).
import official from 'chinese-days/dist/chinese-days.json' with { type: 'json' };
import { addDays, shanghaiMidnight } from '../slots.ts';

/** An official row: a day off ('holiday') or a weekend day worked ('workday', 调休上班). */
export type OfficialKind = 'holiday' | 'workday';
/** A lab row: closed on a working day, or open ('open') on a day off. */
export type LabKind = 'closed' | 'open';
export type OfficialRow = { date: string; kind: OfficialKind; name: string };
export type LabRow = { date: string; kind: LabKind; reason: string };

/** Why a day is or is not worked, in the order the rules apply (the first that holds decides). */
export type DayKind = 'lab_closed' | 'lab_open' | 'holiday' | 'makeup' | 'weekend' | 'workday';
export type DayInfo = {
  date: string;
  kind: DayKind;
  working: boolean;
  /** The holiday's name (春节), the lab's reason, or ''. */
  label: string;
  /** Where the official part came from: the package, an imported table, or none (weekend rule). */
  source: 'package' | 'import' | 'rule';
};

export type WorkingCalendar = {
  info: (date: string) => DayInfo;
  isWorkingDay: (date: string) => boolean;
  /** The years the package covers (first, last), and the years with imported rows. */
  coverage: { packageFirst: number; packageLast: number; imported: number[] };
};

type Entry = { kind: OfficialKind; name: string };

/** The package's table: '2026-10-01' → National Day,国庆节,3; the Chinese name is the second part. */
function packageTable(): Map<string, Entry> {
  const table = new Map<string, Entry>();
  const name = (v: string) => v.split(',')[1] ?? '';
  for (const [date, v] of Object.entries(official.holidays))
    table.set(date, { kind: 'holiday', name: name(v) });
  for (const [date, v] of Object.entries(official.workdays))
    table.set(date, { kind: 'workday', name: name(v) });
  return table;
}
const PACKAGE = packageTable();
const PACKAGE_YEARS = [...PACKAGE.keys()].map((d) => Number(d.slice(0, 4)));
const PACKAGE_FIRST = Math.min(...PACKAGE_YEARS);
const PACKAGE_LAST = Math.max(...PACKAGE_YEARS);

const weekday = (date: string) => new Date(shanghaiMidnight(date)! + 8 * 3600_000).getUTCDay();

/** A calendar over the package, the imported official rows and the lab's rows. */
export function makeCalendar(
  rows: { official?: readonly OfficialRow[]; lab?: readonly LabRow[] } = {},
): WorkingCalendar {
  const imported = new Map<string, Entry>();
  for (const r of rows.official ?? []) imported.set(r.date, { kind: r.kind, name: r.name });
  const lab = new Map<string, LabRow>();
  for (const r of rows.lab ?? []) lab.set(r.date, r);
  const importedYears = [...new Set([...imported.keys()].map((d) => Number(d.slice(0, 4))))].sort();

  const memo = new Map<string, DayInfo>();
  function info(date: string): DayInfo {
    const known = memo.get(date);
    if (known) return known;
    const fromImport = imported.get(date);
    const entry = fromImport ?? PACKAGE.get(date);
    const source = fromImport ? 'import' : entry ? 'package' : 'rule';
    const d = weekday(date);
    const weekend = d === 0 || d === 6;
    let kind: DayKind =
      entry?.kind === 'holiday'
        ? 'holiday'
        : entry?.kind === 'workday'
          ? 'makeup'
          : weekend
            ? 'weekend'
            : 'workday';
    let working = kind === 'makeup' || kind === 'workday';
    let label = entry?.name ?? '';
    const own = lab.get(date);
    if (own && own.kind === 'closed' && working) {
      kind = 'lab_closed';
      working = false;
      label = own.reason;
    } else if (own && own.kind === 'open' && !working) {
      kind = 'lab_open';
      working = true;
      label = own.reason;
    }
    const out: DayInfo = { date, kind, working, label, source };
    if (memo.size < 20_000) memo.set(date, out);
    return out;
  }
  return {
    info,
    isWorkingDay: (date) => info(date).working,
    coverage: { packageFirst: PACKAGE_FIRST, packageLast: PACKAGE_LAST, imported: importedYears },
  };
}

let current: WorkingCalendar = makeCalendar();

/** Installs the calendar the module's own functions read (the server, after loading the lab's rows). */
export function useCalendar(calendar: WorkingCalendar): void {
  current = calendar;
}

/** The calendar installed now (the package alone until the server installs the lab's). */
export const currentCalendar = (): WorkingCalendar => current;

/** Whether the lab works on a Shanghai date. */
export function isWorkingDay(date: string, calendar: WorkingCalendar = current): boolean {
  return calendar.isWorkingDay(date);
}

/**
 * The date `n` working days after `date` (n > 0) or before it (n < 0), counting only working
 * days and not `date` itself; with n = 0, `date` itself.
 */
export function addWorkingDays(date: string, n: number, calendar: WorkingCalendar = current): string {
  const step = n < 0 ? -1 : 1;
  let day = date;
  for (let left = Math.abs(n); left > 0;) {
    day = addDays(day, step);
    if (calendar.isWorkingDay(day)) left--;
  }
  return day;
}

/** The first working day on or after `date`. */
export function workingDayFrom(date: string, calendar: WorkingCalendar = current): string {
  return calendar.isWorkingDay(date) ? date : addWorkingDays(date, 1, calendar);
}
