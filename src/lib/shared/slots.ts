// Booking slots for on-site instrument sessions (预约现场), computed without I/O.
// Calendar rules use Asia/Shanghai, which has had a fixed +08:00 offset since 1991, so local
// times are plain arithmetic on epoch milliseconds.

import { SHANGHAI_OFFSET_MS, shanghaiDate, shanghaiIso, shanghaiWeekday } from './time.ts';

// The date and time formatters moved to time.ts; these names stay importable from here.
/** Opening hours (spec: Mon–Sat 08:30–18:30), in minutes after local midnight. */
export const OPEN_MINUTE = 8 * 60 + 30;
export const CLOSE_MINUTE = 18 * 60 + 30;
/** Sunday is closed (0 = Sunday, as Date#getUTCDay counts). */
export const CLOSED_WEEKDAYS: readonly number[] = [0];
/** Bookings and pickups are possible up to six months ahead. */
export const HORIZON_MONTHS = 6;

/**
 * free; taken (booked by someone, never who); blocked (a holiday or maintenance block, with a
 * note); past (before now + lead time); closed (a closed weekday, beyond the horizon).
 */
export type SlotStatus = 'free' | 'past' | 'lead' | 'closed' | 'taken' | 'blocked';
export type Slot = { start: string; end: string; status: SlotStatus; note?: string };
export type DaySlots = {
  /** YYYY-MM-DD in Asia/Shanghai. */
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  week: number;
  /** True when nothing can be booked on this day at all. */
  closed: boolean;
  /** The reason of a holiday covering the day's opening hours, else ''. */
  note: string;
  slots: Slot[];
};

/**
 * An interval that makes overlapping slots unavailable: a booking ('taken'), a staff block
 * ('blocked', with the note shown and whether it is a holiday) or plain closed time ('closed').
 */
export type BusyInterval = {
  start: number | Date | string;
  end: number | Date | string;
  status: 'taken' | 'closed' | 'blocked';
  note?: string;
  /** A holiday covering a whole day gives the day this reason as its note. */
  holiday?: { reason: string };
};

/** Opening hours in minutes after local midnight and the closed weekdays (0 = Sunday). */
export type OpeningHours = { open: number; close: number; closedWeekdays: readonly number[] };
export const DEFAULT_HOURS: OpeningHours = {
  open: OPEN_MINUTE,
  close: CLOSE_MINUTE,
  closedWeekdays: CLOSED_WEEKDAYS,
};

export type WeekSlotsInput = {
  /** First day of the week shown, YYYY-MM-DD; any weekday may start the week. */
  from: string;
  now: Date;
  /** Slot length, the device's shortest booking. */
  minMinutes: number;
  /** A slot must start at least this many hours after now. */
  leadHours: number;
  busy?: BusyInterval[];
  days?: number;
  /** Opening hours from the settings; the spec's defaults when absent. */
  hours?: OpeningHours;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of 00:00 Shanghai time on a YYYY-MM-DD date, or null when the date does not exist. */
export function shanghaiMidnight(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return utc - SHANGHAI_OFFSET_MS;
}

export const isValidDate = (date: string) => shanghaiMidnight(date) !== null;

export function addDays(date: string, days: number): string {
  const midnight = shanghaiMidnight(date);
  if (midnight === null) throw new RangeError(`Invalid date ${date}`);
  return shanghaiDate(midnight + days * DAY_MS + SHANGHAI_OFFSET_MS / 2);
}

/** Same day-of-month n months later, clamped to the month's last day (08-31 + 6 → 02-28/29). */
export function addMonths(date: string, months: number): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Invalid date ${date}`);
  const total = Number(m[1]) * 12 + Number(m[2]) - 1 + months;
  const y = Math.floor(total / 12);
  const mo = total % 12;
  const lastDay = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  const d = Math.min(Number(m[3]), lastDay);
  return `${String(y).padStart(4, '0')}-${String(mo + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The last bookable date: today (Shanghai) plus six months. */
export function horizonDate(now: Date): string {
  return addMonths(shanghaiDate(now), HORIZON_MONTHS);
}

const toMs = (v: number | Date | string) => (typeof v === 'number' ? v : new Date(v).getTime());

/**
 * The slots of each day from `from`, `days` days long (a week by default). Every day lists the
 * same rows (from opening time, one per minMinutes while they end by closing time) so a grid
 * lines up; a row's status says whether it can be booked, the first that applies:
 * - 'closed': a closed weekday, beyond the six-month horizon, or inside a 'closed' interval;
 * - 'blocked': inside a staff block (holiday or maintenance), with its note;
 * - 'past': starts before now;
 * - 'lead': starts in the future but inside the device's lead time (需提前 N 小时预约);
 * - 'taken': overlaps a booking;
 * - 'free' otherwise.
 */
export function weekSlots(input: WeekSlotsInput): DaySlots[] {
  const { from, now, leadHours, busy = [], days = 7, hours = DEFAULT_HOURS } = input;
  const minMinutes = Math.max(1, Math.floor(input.minMinutes));
  if (shanghaiMidnight(from) === null) throw new RangeError(`Invalid date ${from}`);
  const earliest = now.getTime() + Math.max(0, leadHours) * 60 * 60 * 1000;
  const horizon = horizonDate(now);
  const intervals = busy.map((b) => ({ ...b, start: toMs(b.start), end: toMs(b.end) }));

  const result: DaySlots[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const midnight = shanghaiMidnight(date)!;
    const week = shanghaiWeekday(midnight);
    const dayClosed = hours.closedWeekdays.includes(week) || date > horizon;
    const slots: Slot[] = [];
    for (let m = hours.open; m + minMinutes <= hours.close; m += minMinutes) {
      const start = midnight + m * 60_000;
      const end = start + minMinutes * 60_000;
      const overlapping = intervals.filter((b) => b.start < end && b.end > start);
      const block = overlapping.find((b) => b.status === 'blocked');
      let status: SlotStatus = 'free';
      if (dayClosed || overlapping.some((b) => b.status === 'closed')) status = 'closed';
      else if (block) status = 'blocked';
      else if (start < now.getTime()) status = 'past';
      else if (start < earliest) status = 'lead';
      else if (overlapping.some((b) => b.status === 'taken')) status = 'taken';
      const slot: Slot = { start: shanghaiIso(start), end: shanghaiIso(end), status };
      if (status === 'blocked' && block?.note) slot.note = block.note;
      slots.push(slot);
    }
    const open = midnight + hours.open * 60_000;
    const close = midnight + hours.close * 60_000;
    const holiday = intervals.find((b) => b.holiday && b.start <= open && b.end >= close);
    result.push({
      date,
      week,
      closed: slots.every((s) => s.status === 'closed' || s.status === 'blocked'),
      note: holiday?.holiday?.reason ?? '',
      slots,
    });
  }
  return result;
}
