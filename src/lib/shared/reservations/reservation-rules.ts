// On-site booking rules (预约现场) as pure functions: the server checks a booking with
// bookingProblem() inside its transaction, pages use the same texts (decision 0012).
import { HORIZON_MONTHS, horizonDate, shanghaiMidnight, type OpeningHours } from '../slots.ts';
import { shanghaiDate } from '../time.ts';
import { shanghaiWeekday } from '../time.ts';

export const RESERVATION_STATUSES = [
  'pending',
  'confirmed',
  'done',
  'no_show',
  'cancelled',
  'rejected',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_TEXT: Record<ReservationStatus, string> = {
  pending: '待确认',
  confirmed: '已确认',
  done: '已完成',
  no_show: '未到场',
  cancelled: '已取消',
  rejected: '已驳回',
};
/** Statuses that hold their slots and may still be cancelled. */
export const ACTIVE_RESERVATION: readonly ReservationStatus[] = ['pending', 'confirmed'];

/**
 * Why time cannot be booked: a holiday closes every instrument; the others (downtime categories
 * of the utilisation report, decision 0092) close one.
 */
export const BLOCK_KINDS = ['holiday', 'maintenance', 'fault', 'no_operator', 'other'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];
export const BLOCK_KIND_TEXT: Record<BlockKind, string> = {
  holiday: '节假日',
  maintenance: '维护',
  fault: '故障',
  no_operator: '无操作人员',
  other: '其他停机',
};

export const TEMP_DEVICE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TempDeviceStatus = (typeof TEMP_DEVICE_STATUSES)[number];
export const TEMP_DEVICE_STATUS_TEXT: Record<TempDeviceStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
};

/** Bookings are held in cells of this many minutes; every slot boundary lies on this grid. */
export const CELL_MINUTES = 30;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Stored in the `setting` table under this key. */
export const RESERVATION_SETTING_KEY = 'reservationSetting';
export type ReservationSettings = {
  /** 'HH:mm', on the 30-minute grid. */
  open: string;
  close: string;
  /** 0 = Sunday … 6 = Saturday. */
  closed_weekdays: number[];
  /** A customer may cancel until this many hours before the start. */
  cancel_hours: number;
};
export const DEFAULT_RESERVATION_SETTINGS: ReservationSettings = {
  open: '08:30',
  close: '18:30',
  closed_weekdays: [0],
  cancel_hours: 24,
};

/** An instrument's own opening hours and cancellation deadline, over the settings' (decision 0087). */
export type DeviceBookingRules = Partial<ReservationSettings>;
/** The settings that hold for one instrument: its own rules where it has them, else the lab's. */
export const deviceSettings = (
  lab: ReservationSettings,
  own: DeviceBookingRules | null | undefined,
): ReservationSettings => ({ ...lab, ...(own ?? {}) });

/** Said when a customer without authorisation books an instrument that requires it. */
export const NOT_AUTHORIZED = '该仪器需经培训授权后方可预约，请联系业务经理安排培训';

/**
 * Why the time actually used, [from, to), cannot be recorded at 标记完成, or null: both valid,
 * the end after the start, on the booking's day, not in the future and not before the booking's
 * start day. Minutes are whole.
 */
export function actualUseProblem(input: { from: number; to: number; start: number; now: number }) {
  const { from, to, start, now } = input;
  if (!Number.isFinite(from)) return '[实际开始时间]格式不正确';
  if (!Number.isFinite(to)) return '[实际结束时间]格式不正确';
  if (to <= from) return '[实际结束时间]须晚于实际开始时间';
  if (shanghaiDate(from) !== shanghaiDate(start) || shanghaiDate(to - 1) !== shanghaiDate(start))
    return '实际使用时间须在预约当天';
  if (to > now) return '[实际结束时间]不能晚于当前时间';
  if ((to - from) % MINUTE !== 0) return '实际使用时间须精确到分钟';
  return null;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const hhmmToMinute = (v: string): number | null => {
  const m = HHMM.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : v === '24:00' ? 1440 : null;
};
export const minuteToHhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export function openingHours(s: ReservationSettings): OpeningHours {
  return {
    open: hhmmToMinute(s.open) ?? 510,
    close: hhmmToMinute(s.close) ?? 1110,
    closedWeekdays: s.closed_weekdays,
  };
}

const WEEK_NAMES = ['日', '一', '二', '三', '四', '五', '六'];
/** '周一至周六 08:30–18:30' (or the open weekdays listed when they are not one run). */
export function hoursText(s: Pick<ReservationSettings, 'open' | 'close' | 'closed_weekdays'>): string {
  const open = [1, 2, 3, 4, 5, 6, 0].filter((d) => !s.closed_weekdays.includes(d));
  let days: string;
  if (open.length === 0) days = '暂停开放';
  else if (open.length === 7) days = '每天';
  else {
    const order = [1, 2, 3, 4, 5, 6, 0];
    const idx = open.map((d) => order.indexOf(d));
    const run = idx.every((v, i) => i === 0 || v === idx[i - 1] + 1);
    days = run
      ? `周${WEEK_NAMES[open[0]]}至周${WEEK_NAMES[open[open.length - 1]]}`
      : open.map((d) => `周${WEEK_NAMES[d]}`).join('、');
  }
  return `${days} ${s.open}–${s.close}`;
}

export const SLOT_TAKEN = '该时段已被预约，请刷新后重新选择';
/** Upcoming reservations one account may hold; more is not a real need and would let a script fill the calendar. */
export const MAX_UPCOMING_RESERVATIONS = 10;
export const TOO_MANY_RESERVATIONS = `待进行的预约已达${MAX_UPCOMING_RESERVATIONS}个，请完成或取消部分预约后再预约`;
export const DEVICE_UNAVAILABLE = '仪器不存在或已下架';
export const RESERVATION_NOT_FOUND = '预约不存在';
export const TEMP_DEVICE_NOT_FOUND = '临时设备不存在';
export const cancelDeadlineMessage = (hours: number) =>
  `已超过取消期限（开始前${hours}小时），请联系业务经理`;

export type BookingDevice = { minMinutes: number; leadHours: number };
/** A block as the rules need it: its time and what to say. */
export type BookingBlock = { start: number; end: number; kind: BlockKind; reason: string };

/**
 * Why a booking of [start, end) cannot be made, or null. Checks the instant form, one day,
 * the minimum length, the device's row grid, opening hours, the horizon, the past, the lead
 * time and the blocks — in that order, so the first message is the most useful one.
 * Whether the slots are free is the database's job (unique cells).
 */
export function bookingProblem(input: {
  start: number;
  end: number;
  now: number;
  device: BookingDevice;
  settings: ReservationSettings;
  blocks?: readonly BookingBlock[];
}): string | null {
  const { start, end, now, device, settings, blocks = [] } = input;
  if (!Number.isFinite(start)) return '[开始时间]格式不正确';
  if (!Number.isFinite(end)) return '[结束时间]格式不正确';
  if (end <= start) return '[结束时间]须晚于开始时间';
  const date = shanghaiDate(start);
  if (shanghaiDate(end - 1) !== date) return '预约时段须在同一天内';
  const minutes = (end - start) / MINUTE;
  if (minutes < device.minMinutes) return `最短预约${device.minMinutes}分钟`;
  const hours = openingHours(settings);
  const midnight = shanghaiMidnight(date)!;
  const fromOpen = (start - midnight) / MINUTE - hours.open;
  const step = Math.max(1, device.minMinutes);
  if (
    !Number.isInteger(fromOpen) ||
    !Number.isInteger(minutes) ||
    fromOpen % step !== 0 ||
    minutes % step !== 0
  )
    return '所选时段不正确，请按日历中的时段选择';
  const week = shanghaiWeekday(midnight);
  if (fromOpen < 0 || (end - midnight) / MINUTE > hours.close || hours.closedWeekdays.includes(week))
    return `所选时段在营业时间外（营业时间 ${hoursText(settings)}）`;
  if (date > horizonDate(new Date(now))) return `超出可预约范围（最多可预约${HORIZON_MONTHS}个月内的时段）`;
  if (start < now) return '所选时段已过，请重新选择';
  if (start < now + device.leadHours * HOUR) return `需提前${device.leadHours}小时预约`;
  const hit = blocks.find((b) => b.start < end && b.end > start);
  if (hit) {
    const why = hit.reason ? `（${hit.reason}）` : '';
    return hit.kind === 'holiday' ? `所选日期为节假日${why}，不可预约` : `所选时段仪器维护${why}，不可预约`;
  }
  return null;
}

/** The starts (epoch ms) of the 30-minute cells [start, end) covers. */
export function cellStarts(start: number, end: number): number[] {
  const cells: number[] = [];
  for (let t = start; t < end; t += CELL_MINUTES * MINUTE) cells.push(t);
  return cells;
}

/** 'hour': the rate × minutes / 60, to the fen; 'session': the rate once. */
export function reservationAmountFen(priceFen: number, unit: 'hour' | 'session', minutes: number): number {
  return unit === 'session' ? priceFen : Math.round((priceFen * minutes) / 60);
}

/** '2小时', '1.5小时', '30分钟'. */
export function durationText(minutes: number): string {
  return minutes < 60 ? `${minutes}分钟` : `${Number((minutes / 60).toFixed(2))}小时`;
}

export const cancelDeadline = (start: number, cancelHours: number) => start - cancelHours * HOUR;

/** Whether the customer may still cancel: active and before the deadline. */
export function customerMayCancel(
  r: { status: ReservationStatus; start: number },
  now: number,
  cancelHours: number,
): boolean {
  return ACTIVE_RESERVATION.includes(r.status) && now < cancelDeadline(r.start, cancelHours);
}
