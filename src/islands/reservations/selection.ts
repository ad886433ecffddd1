// Picking slots in the week calendar, without I/O: one or more contiguous free slots of one day.
// The server is the judge (reservation/add re-checks everything in a transaction); these rules
// only keep the browser from asking for something that cannot be booked.
import { addDays, horizonDate, shanghaiMidnight } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { reservationAmountFen } from '../../lib/shared/reservations/reservation-rules.ts';

import { shanghaiClock, shanghaiWeekday } from '../../lib/shared/time.ts';

/** The calendar's slot states; 'blocked' (maintenance) may come from the server beside 'closed'. */
export type CalendarStatus = 'free' | 'past' | 'lead' | 'closed' | 'taken' | 'blocked';
export type CalendarSlot = { start: string; end: string; status: CalendarStatus | string; note?: string };
/** `note`: a holiday's reason when one covers the day. */
export type CalendarDay = {
  date: string;
  week: number;
  closed: boolean;
  note?: string;
  slots: CalendarSlot[];
};

/** Slots `from`..`to` (indexes, inclusive) of the day `date`. */
export type Selection = { date: string; from: number; to: number };

export const STATUS_TEXT: Record<CalendarStatus, string> = {
  free: '可预约',
  taken: '已约满',
  past: '已过',
  lead: '需提前预约',
  closed: '不开放',
  blocked: '维护中',
};

export function statusOf(slot: CalendarSlot): CalendarStatus {
  return slot.status in STATUS_TEXT ? (slot.status as CalendarStatus) : 'closed';
}

const allFree = (day: CalendarDay, from: number, to: number) =>
  day.slots.slice(from, to + 1).every((s) => s.status === 'free');

/**
 * The selection after a click on slot `index` of `day`:
 * - a free slot next to the selection (same day) extends it;
 * - with Shift, every slot from the selection's nearer end to the clicked one, when all are free;
 * - the first or last slot of a selection drops it (a single selected slot clears the selection);
 * - any other free slot starts a new selection.
 * Slots that are not free never change anything.
 */
export function clickSlot(
  current: Selection | null,
  day: CalendarDay,
  index: number,
  shift = false,
): Selection | null {
  const slot = day.slots[index];
  if (!slot || slot.status !== 'free') return current;
  const single: Selection = { date: day.date, from: index, to: index };
  if (!current || current.date !== day.date) return single;
  const { from, to } = current;
  if (index >= from && index <= to) {
    if (from === to) return null;
    if (index === from) return { ...current, from: from + 1 };
    if (index === to) return { ...current, to: to - 1 };
    return single;
  }
  if (index === to + 1 || index === from - 1)
    return { ...current, from: Math.min(from, index), to: Math.max(to, index) };
  if (shift) {
    const next = { ...current, from: Math.min(from, index), to: Math.max(to, index) };
    if (allFree(day, next.from, next.to)) return next;
  }
  return single;
}

/** The selection if it still names free slots in `days` (after a refresh), else null. */
export function keepSelection(current: Selection | null, days: CalendarDay[]): Selection | null {
  if (!current) return null;
  const day = days.find((d) => d.date === current.date);
  return day && allFree(day, current.from, current.to) ? current : null;
}

export type Picked = {
  date: string;
  week: number;
  /** ISO instants as the server gave them. */
  start: string;
  end: string;
  /** 'HH:mm' Shanghai time. */
  startTime: string;
  endTime: string;
  minutes: number;
  slots: number;
};

const clock = shanghaiClock;

export function picked(selection: Selection | null, days: CalendarDay[]): Picked | null {
  if (!selection) return null;
  const day = days.find((d) => d.date === selection.date);
  const first = day?.slots[selection.from];
  const last = day?.slots[selection.to];
  if (!day || !first || !last) return null;
  return {
    date: day.date,
    week: day.week,
    start: first.start,
    end: last.end,
    startTime: clock(first.start),
    endTime: clock(last.end),
    minutes: Math.round((+new Date(last.end) - +new Date(first.start)) / 60_000),
    slots: selection.to - selection.from + 1,
  };
}

export const slotClock = clock;

/** The price as the server computes it (decision 0012); the order's amount is the one that counts. */
export function estimateFen(
  device: { price_fen: number; price_unit: 'hour' | 'session' },
  pick: Pick<Picked, 'minutes'>,
): number {
  return reservationAmountFen(device.price_fen, device.price_unit, pick.minutes);
}

/** '2 小时 30 分钟' */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} 小时` : '', m ? `${m} 分钟` : ''].filter(Boolean).join(' ') || '0 分钟';
}

export const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** '11月23日' */
export const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** Whether any slot of these days can still be booked (a week seen on Sunday has none). */
export const hasFreeSlot = (days: readonly CalendarDay[]) =>
  days.some((d) => d.slots.some((s) => statusOf(s) === 'free'));

/** The Monday on or before `date` (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  const midnight = shanghaiMidnight(date);
  if (midnight === null) throw new RangeError(`Invalid date ${date}`);
  const week = shanghaiWeekday(midnight);
  return addDays(date, -((week + 6) % 7));
}

/** Which way the calendar may move from the week starting `monday`: not before this week, not past the horizon. */
export function weekBounds(monday: string, now: Date): { prev: boolean; next: boolean } {
  return {
    prev: monday > mondayOf(shanghaiDate(now)),
    next: addDays(monday, 7) <= horizonDate(now),
  };
}
