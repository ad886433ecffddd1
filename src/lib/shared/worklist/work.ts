// The lab's worklists (我的工作) and the warnings before a due date passes (issue 32, decision
// 0082): the words, the messages and the pure rules the server applies.
import { addDays, shanghaiMidnight } from '../slots.ts';
import { shanghaiDate } from '../time.ts';
import { dueDeadline } from '../calendar/due.ts';
import type { WorkingCalendar } from '../calendar/working-days.ts';

/** What is recorded of a piece of work: 领取, 转交, 开始检测 (完成 is the result's submission). */
export const WORK_ACTIONS = ['take', 'handover', 'start'] as const;
export type WorkAction = (typeof WORK_ACTIONS)[number];
export const WORK_ACTION_TEXT: Record<WorkAction, string> = {
  take: '领取',
  handover: '转交',
  start: '开始检测',
};

/** 我的 (what I hold) or 全部 (everyone's, held or not). */
export const WORK_VIEWS = ['mine', 'all'] as const;
export type WorkView = (typeof WORK_VIEWS)[number];

export const WORK_NOT_WAITING = '该检测已提交审核或不在待检状态';
export const HELD_BY_OTHER = (name: string) => `该检测已由${name}领取，如需接手请转交并填写原因`;
export const ALREADY_HELD = '您已领取该检测';
export const NOT_HOLDER = '请先领取该检测';
export const ALREADY_STARTED = '该检测已开始';
export const NOT_STARTED = '请先开始检测';
export const HANDOVER_NEEDS_HOLDER = '该检测尚未被领取，请直接领取';

/**
 * An instrument's capacity is set in samples per week (decision 0097): a lab plans its
 * instruments by the week. A week is five working days; a holiday takes its day's share away and
 * a 调休 Saturday adds one, because the rules below count working days of the lab's calendar.
 */
export const WORKING_DAYS_PER_WEEK = 5;
const perWorkingDay = (weeklyCapacity: number) => weeklyCapacity / WORKING_DAYS_PER_WEEK;

/** The capacity words of an instrument's queue: 积压约 N 个工作日, or 未设定产能. */
export function backlogText(waiting: number, weeklyCapacity: number | null): string {
  const days = backlogDays(waiting, weeklyCapacity);
  return days === null ? '未设定产能' : `积压约 ${days} 个工作日`;
}

/**
 * The working days an instrument needs for its queue at its weekly capacity, to one decimal; null
 * when no capacity is set (nothing is invented).
 */
export function backlogDays(waiting: number, weeklyCapacity: number | null): number | null {
  if (!weeklyCapacity || weeklyCapacity <= 0) return null;
  return Math.round((waiting / perWorkingDay(weeklyCapacity)) * 10) / 10;
}

/**
 * 预计 N 个工作日内开始测试 (decision 0097): with `queued` samples ahead on the instrument, a new
 * sample received today starts on the working day its turn comes, the queue being worked off at
 * the weekly capacity's daily share: N = ⌈(queued + 1) ÷ (weekly ÷ 5)⌉, at least 1. Null without
 * a capacity.
 */
export function startEstimateDays(queued: number, weeklyCapacity: number | null): number | null {
  if (!weeklyCapacity || weeklyCapacity <= 0) return null;
  return Math.max(1, Math.ceil((Math.max(0, queued) + 1) / perWorkingDay(weeklyCapacity) - 1e-9));
}

/**
 * The working days from a receipt to the start of testing, on the lab's calendar: the working days
 * after the receipt's date up to and including the start's (0 when started the day received).
 * The estimate was kept when this is at most its N.
 */
export function workingDaysAfter(fromDate: string, toDate: string, calendar: WorkingCalendar): number {
  let n = 0;
  for (let d = addDays(fromDate, 1); d <= toDate; d = addDays(d, 1)) if (calendar.isWorkingDay(d)) n++;
  return n;
}

const HOUR = 3_600_000;
/** How far ahead of its deadline an order is 即将超期: 24 working hours. */
export const WARNING_WORKING_MS = 24 * HOUR;

/**
 * Working time from `now` to `until` (epoch ms): only the hours of working days count (a working
 * day counts whole; the lab's own hours are not modelled), in Asia/Shanghai.
 */
export function workingMsBetween(now: number, until: number, calendar: WorkingCalendar): number {
  let total = 0;
  let day = shanghaiDate(now);
  for (let start = shanghaiMidnight(day)!; start < until;) {
    const next = shanghaiMidnight(addDays(day, 1))!;
    if (calendar.isWorkingDay(day)) total += Math.max(0, Math.min(next, until) - Math.max(start, now));
    day = addDays(day, 1);
    start = next;
  }
  return total;
}

/**
 * The last due date that is 即将超期 at `now`: every order due from today to it has at most 24
 * working hours left before its deadline (an order due today included). Monotonic: a later date
 * leaves more working time. On a Saturday an order due Monday is already in (only Monday counts);
 * on the Friday afternoon before it is not (Friday's rest and Monday).
 */
export function dueSoonUntil(now: number, calendar: WorkingCalendar): string {
  let last = shanghaiDate(now);
  // At most a holiday week and weekends ahead; the bound only stops a calendar with no working day.
  for (let i = 0; i < 40; i++) {
    const next = addDays(last, 1);
    if (workingMsBetween(now, dueDeadline(next), calendar) > WARNING_WORKING_MS) return last;
    last = next;
  }
  return last;
}

/** Whether an order due on `dueDate` has passed its deadline (the end of that day) at `now`. */
export const isBreached = (dueDate: string, now: number) => now >= dueDeadline(dueDate);
