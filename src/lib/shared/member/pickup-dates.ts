import type { SamplingSetting } from '../catalogue/settings.ts';
import { isRegionAllowed, NO_PICKUP_SERVICE } from './region.ts';

import { addMonths, HORIZON_MONTHS, isValidDate, shanghaiMidnight } from '../slots.ts';
import { shanghaiDate } from '../time.ts';
import { shanghaiWeekday } from '../time.ts';

// Which pickup dates and time slots can be chosen (spec section 5), used by the date picker and
// enforced again by POST /api/auth/sampling/add. Dates are Asia/Shanghai calendar days written
// 'YYYY-MM-DD'; "today" is the Shanghai date of the current instant (Shanghai keeps +08:00 all
// year, so this is arithmetic, not a time-zone database lookup). The picker must hand over the
// day the user clicked as 'YYYY-MM-DD' (flatpickr formatDate(d, 'Y-m-d')), not a Date's UTC day.

/** Shown beside the date when the plan has an on-site test date (spec section 8). */
export const SCENE_DATE_WARNING =
  '为确保现场测试的顺利进行，请您预留足够的时间用于制样和交接样品，详情请联系业务经理';

export const PICKUP_HORIZON_MONTHS = HORIZON_MONTHS;

export type PickupContext = {
  /** Now, or today's Shanghai date as 'YYYY-MM-DD'. */
  today: Date | string;
  /** The on-site test date; pickups must happen before it. */
  sceneDate?: string | null;
};

export type PickupDateProblem = 'invalid' | 'past' | 'too_far' | 'scene' | 'week' | 'date';

export const PICKUP_DATE_MESSAGES: Record<PickupDateProblem, string> = {
  invalid: '[取样日期]格式不正确',
  past: '[取样日期]不能早于今天',
  too_far: `[取样日期]最多可预约${HORIZON_MONTHS}个月内的日期`,
  scene: '[取样日期]须早于现场测试日期',
  week: '该日期不提供上门取样，请选择其他日期',
  date: '该日期不提供上门取样，请选择其他日期',
};

const todayOf = (today: Date | string) => (typeof today === 'string' ? today : shanghaiDate(today));

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekdayOf(date: string): number {
  const midnight = shanghaiMidnight(date);
  if (midnight === null) throw new RangeError(`Invalid date ${date}`);
  return shanghaiWeekday(midnight);
}

/** The picker's bounds: today and today + 6 months (the same day of month, clamped). */
export function pickupDateBounds(today: Date | string): { minDate: string; maxDate: string } {
  const min = todayOf(today);
  return { minDate: min, maxDate: addMonths(min, HORIZON_MONTHS) };
}

/**
 * Why a date cannot be picked, or null when it can:
 * before today; more than 6 months ahead; on or after the scene date; a weekday listed in
 * disabled_week; a date listed in disabled_date unless invalid_disabled_date re-opens it
 * (a re-opened date that has passed is still refused by the "before today" rule).
 */
export function pickupDateProblem(
  date: string,
  settings: Pick<SamplingSetting, 'disabled_date' | 'disabled_week' | 'invalid_disabled_date'>,
  ctx: PickupContext,
): PickupDateProblem | null {
  if (!isValidDate(date)) return 'invalid';
  const { minDate, maxDate } = pickupDateBounds(ctx.today);
  if (date < minDate) return 'past';
  if (date > maxDate) return 'too_far';
  if (ctx.sceneDate && isValidDate(ctx.sceneDate) && date >= ctx.sceneDate) return 'scene';
  if ((settings.disabled_week ?? []).includes(weekdayOf(date))) return 'week';
  if ((settings.disabled_date ?? []).includes(date) && !(settings.invalid_disabled_date ?? []).includes(date))
    return 'date';
  return null;
}

export const isPickupDateDisabled = (
  date: string,
  settings: Pick<SamplingSetting, 'disabled_date' | 'disabled_week' | 'invalid_disabled_date'>,
  ctx: PickupContext,
): boolean => pickupDateProblem(date, settings, ctx) !== null;

export type PickupSlot = {
  /** 'sampling_time1' … 'sampling_time4'. */
  key: string;
  /** 'HH:mm-HH:mm', the value sent as `time`. */
  value: string;
  disabled: boolean;
  /** Disabled because it starts too soon (within the notice). */
  soon?: boolean;
};

const SLOT_KEYS = ['sampling_time1', 'sampling_time2', 'sampling_time3', 'sampling_time4'] as const;
const SLOT_RE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of a slot's start, or null when it is not 'HH:mm-HH:mm'. */
export function slotStartMinute(slot: string): number | null {
  const m = SLOT_RE.exec(slot);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** How long before a pickup slot starts it can still be booked, unless the settings say otherwise. */
export const DEFAULT_NOTICE_MINUTES = 120;

/** The notice a pickup needs (samplingSetting.notice_minutes, default two hours). */
export const noticeMinutes = (settings: Pick<SamplingSetting, 'notice_minutes'>) =>
  settings.notice_minutes ?? DEFAULT_NOTICE_MINUTES;

/**
 * The configured slots (sampling_time1..4, empty ones skipped) for a date. A slot is disabled
 * when it is listed in disabled_time (every day), when 'YYYY-MM-DD HH:mm-HH:mm' is listed in
 * disabled_date_time, or — when `now` is given — when it starts within the notice the lab needs
 * to send someone (`soon`: started, or less than notice_minutes away).
 */
export function pickupSlots(
  date: string,
  settings: Pick<
    SamplingSetting,
    'disabled_time' | 'disabled_date_time' | 'notice_minutes' | (typeof SLOT_KEYS)[number]
  >,
  now?: Date,
): PickupSlot[] {
  const midnight = shanghaiMidnight(date);
  const earliest = now ? +now + noticeMinutes(settings) * 60_000 : null;
  return SLOT_KEYS.flatMap((key) => {
    const value = (settings[key] ?? '').trim();
    if (!value) return [];
    const start = slotStartMinute(value);
    const soon =
      earliest !== null && midnight !== null && start !== null && midnight + start * 60_000 < earliest;
    const disabled =
      (settings.disabled_time ?? []).includes(value) ||
      (settings.disabled_date_time ?? []).includes(`${date} ${value}`) ||
      soon;
    return [{ key, value, disabled, ...(soon ? { soon } : {}) }];
  });
}

/** The first slot that can be chosen, or '' when none can. */
export const firstEnabledSlot = (slots: PickupSlot[]): string => slots.find((s) => !s.disabled)?.value ?? '';

/** Keeps the chosen slot while it stays enabled (e.g. after the date changes), else the first enabled one. */
export function keepOrFirstSlot(current: string, slots: PickupSlot[]): string {
  return slots.some((s) => s.value === current && !s.disabled) ? current : firstEnabledSlot(slots);
}

export type PickupSlotProblem = 'invalid' | 'unknown' | 'disabled' | 'soon';
export const PICKUP_SLOT_MESSAGES: Record<PickupSlotProblem, string> = {
  invalid: '[取样时间]格式不正确',
  unknown: '[取样时间]不在可选时段内',
  disabled: '该时段不提供上门取样，请选择其他时间',
  soon: '上门取样需提前预约，该时段已来不及安排，请选择其他时间',
};

/** Why a slot cannot be chosen on a date, or null when it can. */
export function pickupSlotProblem(
  date: string,
  time: string,
  settings: Parameters<typeof pickupSlots>[1],
  now?: Date,
): PickupSlotProblem | null {
  if (!SLOT_RE.test(time)) return 'invalid';
  const slot = pickupSlots(date, settings, now).find((s) => s.value === time);
  if (!slot) return 'unknown';
  if (slot.soon) return 'soon';
  return slot.disabled ? 'disabled' : null;
}

/**
 * Every server-side rule for one pickup, as the message to show, or null: the date, the slot on
 * that date (started slots refused when `today` is an instant) and the served area. sampling/add
 * uses it; the order endpoint reuses it for a plan's pickup (with the scene date).
 */
export function pickupProblem(
  pickup: { date: string; time: string; address_code: string },
  settings: { samplingSetting: SamplingSetting; allowRegion: readonly string[] },
  ctx: PickupContext,
): string | null {
  const date = pickupDateProblem(pickup.date, settings.samplingSetting, ctx);
  if (date) return PICKUP_DATE_MESSAGES[date];
  const now = typeof ctx.today === 'string' ? undefined : ctx.today;
  const slot = pickupSlotProblem(pickup.date, pickup.time, settings.samplingSetting, now);
  if (slot) return PICKUP_SLOT_MESSAGES[slot];
  if (!isRegionAllowed(pickup.address_code, settings.allowRegion)) return NO_PICKUP_SERVICE;
  return null;
}
