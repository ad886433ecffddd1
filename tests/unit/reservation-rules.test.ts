import { describe, expect, it } from 'vitest';
import { weekSlots, type DaySlots } from '#shared/slots.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  bookingProblem,
  cancelDeadline,
  cellStarts,
  customerMayCancel,
  durationText,
  hoursText,
  openingHours,
  reservationAmountFen,
  type ReservationSettings,
} from '#shared/reservations/reservation-rules.ts';
import {
  reservationSettingSchema,
  deviceAddSchema,
  deviceEditSchema,
} from '#shared/reservations/reservation.ts';

// 2026-11-23 is a Monday. Times are written in Shanghai time (+08:00).
const at = (local: string) => Date.parse(`${local}+08:00`);
const statusAt = (days: DaySlots[], start: string) =>
  days.flatMap((d) => d.slots).find((s) => s.start === `${start}+08:00`)?.status;
const S = DEFAULT_RESERVATION_SETTINGS;
const device = { minMinutes: 60, leadHours: 24 };

describe('the week calendar with settings and blocks', () => {
  it('follows configured opening hours and closed weekdays', () => {
    const settings: ReservationSettings = { ...S, open: '09:00', close: '12:00', closed_weekdays: [0, 6] };
    const days = weekSlots({
      from: '2026-11-23',
      now: new Date(at('2026-11-20T12:00:00')),
      minMinutes: 60,
      leadHours: 0,
      hours: openingHours(settings),
    });
    expect(days[0].slots.map((s) => s.start.slice(11, 16))).toEqual(['09:00', '10:00', '11:00']);
    expect(days[5]).toMatchObject({ date: '2026-11-28', week: 6, closed: true });
    expect(days[4].closed).toBe(false);
  });

  it('marks holiday and maintenance blocks as blocked with their note; a whole-day holiday names the day', () => {
    const days = weekSlots({
      from: '2026-11-23',
      now: new Date(at('2026-11-20T12:00:00')),
      minMinutes: 60,
      leadHours: 0,
      busy: [
        {
          start: at('2026-11-24T00:00:00'),
          end: at('2026-11-25T00:00:00'),
          status: 'blocked',
          note: '节假日：校庆',
          holiday: { reason: '校庆' },
        },
        {
          start: at('2026-11-25T10:00:00'),
          end: at('2026-11-25T11:00:00'),
          status: 'blocked',
          note: '维护：校准',
        },
        { start: at('2026-11-25T12:30:00'), end: at('2026-11-25T13:00:00'), status: 'taken' },
      ],
    });
    expect(days[1]).toMatchObject({ date: '2026-11-24', closed: true, note: '校庆' });
    expect(days[1].slots.every((s) => s.status === 'blocked' && s.note === '节假日：校庆')).toBe(true);
    expect(days[2].note).toBe('');
    // 09:30–10:30 and 10:30–11:30 both touch the maintenance window.
    expect(statusAt(days, '2026-11-25T09:30:00')).toBe('blocked');
    expect(statusAt(days, '2026-11-25T10:30:00')).toBe('blocked');
    expect(statusAt(days, '2026-11-25T08:30:00')).toBe('free');
    // A booked half hour makes its whole row taken.
    expect(statusAt(days, '2026-11-25T12:30:00')).toBe('taken');
    expect(statusAt(days, '2026-11-25T11:30:00')).toBe('free');
  });

  it('applies the lead time and the six-month horizon in Shanghai time', () => {
    // 23:30 UTC on the 22nd is Monday 07:30 in Shanghai.
    const now = new Date('2026-11-22T23:30:00Z');
    const days = weekSlots({ from: '2026-11-23', now, minMinutes: 60, leadHours: 24 });
    expect(statusAt(days, '2026-11-24T07:30:00')).toBeUndefined();
    expect(statusAt(days, '2026-11-24T08:30:00')).toBe('free');
    expect(statusAt(days, '2026-11-23T18:30:00')).toBeUndefined();
    // 07:30 Shanghai, 24 h lead time: nothing today has begun, none can be booked any more.
    expect(days[0].slots.every((s) => s.status === 'lead')).toBe(true);
    const far = weekSlots({ from: '2027-05-20', now, minMinutes: 60, leadHours: 24 });
    expect(far.find((d) => d.date === '2027-05-22')!.closed).toBe(false);
    expect(far.find((d) => d.date === '2027-05-24')!.closed).toBe(true);
  });
});

describe('bookingProblem', () => {
  const now = at('2026-11-23T10:00:00');
  const check = (start: string, end: string, extra: Partial<Parameters<typeof bookingProblem>[0]> = {}) =>
    bookingProblem({ start: at(start), end: at(end), now, device, settings: S, ...extra });

  it('accepts contiguous rows on one open day after the lead time', () => {
    expect(check('2026-11-25T08:30:00', '2026-11-25T11:30:00')).toBeNull();
    expect(check('2026-11-24T10:30:00', '2026-11-24T11:30:00')).toBeNull();
    expect(check('2026-11-28T17:30:00', '2026-11-28T18:30:00')).toBeNull();
  });

  it('explains each refusal', () => {
    const hours = '所选时段在营业时间外（营业时间 周一至周六 08:30–18:30）';
    expect(check('2026-11-25T07:30:00', '2026-11-25T08:30:00')).toBe(hours);
    expect(check('2026-11-25T18:30:00', '2026-11-25T19:30:00')).toBe(hours);
    expect(check('2026-11-29T09:30:00', '2026-11-29T10:30:00')).toBe(hours);
    expect(check('2026-11-25T09:30:00', '2026-11-25T10:00:00')).toBe('最短预约60分钟');
    expect(check('2026-11-25T09:00:00', '2026-11-25T10:00:00')).toBe('所选时段不正确，请按日历中的时段选择');
    expect(check('2026-11-25T09:30:00', '2026-11-25T11:00:00')).toBe('所选时段不正确，请按日历中的时段选择');
    expect(check('2026-11-25T10:30:00', '2026-11-25T09:30:00')).toBe('[结束时间]须晚于开始时间');
    expect(check('2026-11-25T17:30:00', '2026-11-26T09:30:00')).toBe('预约时段须在同一天内');
    expect(check('2026-11-24T09:30:00', '2026-11-24T10:30:00')).toBe('需提前24小时预约');
    expect(check('2026-11-23T08:30:00', '2026-11-23T09:30:00')).toBe('所选时段已过，请重新选择');
    expect(check('2027-05-24T09:30:00', '2027-05-24T10:30:00')).toBe(
      '超出可预约范围（最多可预约6个月内的时段）',
    );
    expect(check('2027-05-22T09:30:00', '2027-05-22T10:30:00')).toBeNull();
    expect(bookingProblem({ start: NaN, end: 1, now, device, settings: S })).toBe('[开始时间]格式不正确');
  });

  it('refuses holidays and maintenance with their reasons', () => {
    const blocks = [
      {
        start: at('2026-11-26T00:00:00'),
        end: at('2026-11-27T00:00:00'),
        kind: 'holiday' as const,
        reason: '校庆',
      },
      {
        start: at('2026-11-27T10:00:00'),
        end: at('2026-11-27T10:30:00'),
        kind: 'maintenance' as const,
        reason: '',
      },
    ];
    expect(check('2026-11-26T09:30:00', '2026-11-26T10:30:00', { blocks })).toBe(
      '所选日期为节假日（校庆），不可预约',
    );
    expect(check('2026-11-27T09:30:00', '2026-11-27T10:30:00', { blocks })).toBe(
      '所选时段仪器维护，不可预约',
    );
    expect(check('2026-11-27T10:30:00', '2026-11-27T11:30:00', { blocks })).toBeNull();
  });

  it('uses the configured hours in the message and the grid', () => {
    const settings = { ...S, open: '09:00', close: '17:00', closed_weekdays: [0, 6] };
    expect(check('2026-11-25T09:00:00', '2026-11-25T10:00:00', { settings })).toBeNull();
    expect(check('2026-11-28T09:00:00', '2026-11-28T10:00:00', { settings })).toBe(
      '所选时段在营业时间外（营业时间 周一至周五 09:00–17:00）',
    );
  });
});

describe('small rules', () => {
  it('cells, amounts, durations, deadlines and the hours text', () => {
    expect(cellStarts(at('2026-11-25T09:30:00'), at('2026-11-25T11:00:00'))).toEqual([
      at('2026-11-25T09:30:00'),
      at('2026-11-25T10:00:00'),
      at('2026-11-25T10:30:00'),
    ]);
    expect(reservationAmountFen(30000, 'hour', 90)).toBe(45000);
    expect(reservationAmountFen(12345, 'hour', 30)).toBe(6173);
    expect(reservationAmountFen(88800, 'session', 240)).toBe(88800);
    expect([durationText(30), durationText(60), durationText(90)]).toEqual(['30分钟', '1小时', '1.5小时']);
    const start = at('2026-11-25T09:30:00');
    expect(cancelDeadline(start, 24)).toBe(at('2026-11-24T09:30:00'));
    expect(customerMayCancel({ status: 'pending', start }, at('2026-11-24T09:29:00'), 24)).toBe(true);
    expect(customerMayCancel({ status: 'pending', start }, at('2026-11-24T09:30:00'), 24)).toBe(false);
    expect(customerMayCancel({ status: 'cancelled', start }, at('2026-11-20T09:30:00'), 24)).toBe(false);
    expect(hoursText({ ...S, closed_weekdays: [] })).toBe('每天 08:30–18:30');
    expect(hoursText({ ...S, closed_weekdays: [0, 3] })).toBe('周一、周二、周四、周五、周六 08:30–18:30');
  });

  it('validates settings and instrument schedules on the 30-minute grid', () => {
    expect(reservationSettingSchema.safeParse({ ...S, open: '08:15' }).error?.issues[0].message).toBe(
      '[开始营业时间]须为整点或半点',
    );
    expect(reservationSettingSchema.safeParse({ ...S, close: '08:00' }).error?.issues[0].message).toBe(
      '[结束营业时间]须晚于开始营业时间',
    );
    expect(reservationSettingSchema.parse({ ...S, closed_weekdays: [6, 0, 6] }).closed_weekdays).toEqual([
      0, 6,
    ]);
    const base = {
      name: 'X',
      model: 'Y',
      category: 'Z',
      location: 'L',
      price_fen: 100,
      price_unit: 'hour',
      min_minutes: 45,
      lead_hours: 0,
    };
    expect(deviceAddSchema.safeParse(base).error?.issues[0].message).toBe('[最短预约时长]须为30分钟的整数倍');
    expect(deviceAddSchema.parse({ ...base, min_minutes: 90 })).toMatchObject({
      on_sale: true,
      remote: false,
      sort: 0,
    });
    // An edit leaves absent fields absent (no defaults slipped in).
    expect(deviceEditSchema.parse({ rid: 'd1', lead_hours: 2 })).toEqual({ rid: 'd1', lead_hours: 2 });
  });
});
