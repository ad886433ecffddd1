// What a promise says and the rules about it that need no calendar (decision 0079): the words the
// item page, the plan, quotes and order lists show, the cut-off's text, an order's promised days.
// Kept apart from the calendar (and the holiday table it loads) so customer islands stay small.
import { chineseDate } from '../time.ts';

/** The lab's daily cut-off by default: samples received from 16:00 on count from the next working day. */
export const DEFAULT_CUTOFF_MINUTE = 16 * 60;
/** The longest promise an item may carry, in working days. */
export const MAX_TURNAROUND_DAYS = 250;

/** 预计 5 个工作日出数据. */
export const turnaroundText = (days: number) => `预计 ${days} 个工作日出数据`;

/** 若明日送达，预计 2026年10月13日 出数据. */
export const estimateText = (date: string) => `若明日送达，预计 ${chineseDate(date)} 出数据`;

/** 'HH:mm' of minutes after midnight, and back (null when malformed). */
export const cutoffText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export function parseCutoff(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The working days of an order: a quote's promise when it has one, else the longest of its lines'. */
export function orderPromiseDays(quoteDays: number | null | undefined, lineDays: readonly (number | null)[]) {
  if (quoteDays) return quoteDays;
  const known = lineDays.filter((d): d is number => typeof d === 'number' && d > 0);
  return known.length ? Math.max(...known) : null;
}

/** Statuses in which the customer still waits for the data (the due date is worth a line). */
const WAITING_FOR_DATA = ['received', 'testing'];

/** 预计 2026年10月13日 前出数据: for an order received and not yet delivered; null otherwise. */
export const dueText = (o: { status: string; due_date: string | null }) =>
  o.due_date && WAITING_FOR_DATA.includes(o.status) ? `预计 ${chineseDate(o.due_date)} 前出数据` : null;
