import { describe, expect, it } from 'vitest';
import {
  firstEnabledSlot,
  isPickupDateDisabled,
  keepOrFirstSlot,
  pickupDateBounds,
  pickupDateProblem,
  pickupProblem,
  pickupSlotProblem,
  pickupSlots,
  SCENE_DATE_WARNING,
  weekdayOf,
} from '#shared/member/pickup-dates.ts';
import type { SamplingSetting } from '#shared/catalogue/settings.ts';

const settings: SamplingSetting = {
  disabled_date: ['2026-12-31', '2027-01-01', '2027-02-06'],
  disabled_date_time: ['2026-11-25 13:30-15:30'],
  disabled_time: ['15:30-17:30'],
  disabled_week: [0],
  // 2027-02-06 (a Saturday) is listed as a holiday but re-opened as a make-up working day.
  invalid_disabled_date: ['2027-02-06', '2026-11-20'],
  sampling_time1: '09:00-11:00',
  sampling_time2: '11:00-13:00',
  sampling_time3: '13:30-15:30',
  sampling_time4: '15:30-17:30',
};
// Monday 23 November 2026, 10:00 in Shanghai.
const today = new Date('2026-11-23T10:00:00+08:00');

describe('pickupDateProblem', () => {
  it.each([
    ['2026-11-23', null, 'today is allowed'],
    ['2026-11-22', 'past', 'yesterday (a Sunday) is past first'],
    ['2026-11-24', null, 'a Tuesday'],
    ['2026-11-29', 'week', 'a Sunday (disabled_week 0)'],
    ['2026-11-30', null, 'month end, a Monday'],
    ['2026-12-31', 'date', 'a listed holiday'],
    ['2027-01-01', 'date', 'New Year'],
    ['2027-02-06', null, 'a disabled date re-enabled by invalid_disabled_date'],
    ['2026-11-20', 'past', 're-enabled but already past'],
    ['2027-05-22', null, 'the last Saturday within six months'],
    ['2027-05-23', 'week', 'exactly six months ahead, but a Sunday'],
    ['2027-05-24', 'too_far', 'one day beyond six months'],
    ['2026-02-29', 'invalid', 'no 29 February in 2026'],
    ['2026-11-31', 'invalid', 'no 31 November'],
    ['26-11-24', 'invalid', 'not YYYY-MM-DD'],
  ] as [string, string | null, string][])('%s → %s (%s)', (date, problem) => {
    expect(pickupDateProblem(date, settings, { today })).toBe(problem);
    expect(isPickupDateDisabled(date, settings, { today })).toBe(problem !== null);
  });

  it('allows exactly six months ahead when the weekday is open', () => {
    const everyDay = { ...settings, disabled_week: [] };
    expect(pickupDateProblem('2027-05-23', everyDay, { today })).toBe(null);
    expect(pickupDateProblem('2027-05-24', everyDay, { today })).toBe('too_far');
  });

  it('allows 29 February in a leap year and clamps the six-month horizon to month ends', () => {
    const sept = new Date('2027-09-01T09:00:00+08:00');
    expect(pickupDateProblem('2028-02-29', settings, { today: sept })).toBe(null); // a Tuesday
    const aug31 = '2027-08-31';
    expect(pickupDateBounds(aug31)).toEqual({ minDate: aug31, maxDate: '2028-02-29' });
    expect(pickupDateProblem('2028-02-29', settings, { today: aug31 })).toBe(null);
    expect(pickupDateProblem('2028-03-01', settings, { today: aug31 })).toBe('too_far');
    expect(pickupDateBounds('2026-08-31').maxDate).toBe('2027-02-28');
  });

  it('refuses dates on or after the scene date', () => {
    const ctx = { today, sceneDate: '2026-11-26' };
    expect(pickupDateProblem('2026-11-25', settings, ctx)).toBe(null);
    expect(pickupDateProblem('2026-11-26', settings, ctx)).toBe('scene');
    expect(pickupDateProblem('2026-11-27', settings, ctx)).toBe('scene');
    expect(SCENE_DATE_WARNING).toBe(
      '为确保现场测试的顺利进行，请您预留足够的时间用于制样和交接样品，详情请联系业务经理',
    );
  });

  it('takes today from the Shanghai calendar, not UTC', () => {
    // 00:30 on the 24th in Shanghai is still the 23rd in UTC: the 23rd is already past.
    const earlyShanghai = new Date('2026-11-23T16:30:00Z');
    expect(pickupDateProblem('2026-11-23', settings, { today: earlyShanghai })).toBe('past');
    expect(pickupDateProblem('2026-11-24', settings, { today: earlyShanghai })).toBe(null);
    // 23:30 UTC on the 23rd is 07:30 on the 24th in Shanghai: tomorrow already.
    const lateUtc = new Date('2026-11-23T23:30:00Z');
    expect(pickupDateBounds(lateUtc).minDate).toBe('2026-11-24');
    expect(pickupDateProblem('2026-11-23', settings, { today: lateUtc })).toBe('past');
  });

  it('counts weekdays from 0 = Sunday', () => {
    expect(['2026-11-22', '2026-11-23', '2026-11-28', '2028-02-29'].map(weekdayOf)).toEqual([0, 1, 6, 2]);
  });
});

describe('pickupSlots', () => {
  it('lists the four slots and disables disabled_time every day', () => {
    expect(pickupSlots('2026-11-24', settings)).toEqual([
      { key: 'sampling_time1', value: '09:00-11:00', disabled: false },
      { key: 'sampling_time2', value: '11:00-13:00', disabled: false },
      { key: 'sampling_time3', value: '13:30-15:30', disabled: false },
      { key: 'sampling_time4', value: '15:30-17:30', disabled: true },
    ]);
  });

  it('disables a slot on one date from disabled_date_time', () => {
    const disabled = (date: string) =>
      pickupSlots(date, settings)
        .filter((s) => s.disabled)
        .map((s) => s.value);
    expect(disabled('2026-11-25')).toEqual(['13:30-15:30', '15:30-17:30']);
    expect(disabled('2026-11-26')).toEqual(['15:30-17:30']);
  });

  it('disables slots that have started or start within the notice (two hours unless set)', () => {
    // 10:00: 09:00 has started, 11:00 is an hour away, 13:30 is far enough.
    const slots = pickupSlots('2026-11-23', settings, today);
    expect(slots.map((s) => s.disabled)).toEqual([true, true, false, true]);
    expect(slots.map((s) => Boolean(s.soon))).toEqual([true, true, false, false]);
    expect(firstEnabledSlot(slots)).toBe('13:30-15:30');
    expect(pickupSlotProblem('2026-11-23', '11:00-13:00', settings, today)).toBe('soon');
    expect(pickupSlots('2026-11-24', settings, today)[0]!.disabled).toBe(false);
    // With no notice, only what has started is closed.
    const none = pickupSlots('2026-11-23', { ...settings, notice_minutes: 0 }, today);
    expect(none.map((s) => s.disabled)).toEqual([true, false, false, true]);
    // Late at night, tomorrow's first slot is still far enough; with a 12-hour notice it is not.
    const late = new Date('2026-11-23T22:00:00+08:00');
    expect(pickupSlots('2026-11-24', settings, late)[0]!.disabled).toBe(false);
    expect(pickupSlots('2026-11-24', { ...settings, notice_minutes: 720 }, late)[0]!.disabled).toBe(true);
  });

  it('skips empty slots and keeps a still-enabled choice, else picks the first enabled one', () => {
    const slots = pickupSlots('2026-11-25', { ...settings, sampling_time2: '' });
    expect(slots.map((s) => s.key)).toEqual(['sampling_time1', 'sampling_time3', 'sampling_time4']);
    expect(keepOrFirstSlot('09:00-11:00', slots)).toBe('09:00-11:00');
    expect(keepOrFirstSlot('13:30-15:30', slots)).toBe('09:00-11:00');
    expect(firstEnabledSlot(slots.map((s) => ({ ...s, disabled: true })))).toBe('');
  });

  it('names the slot problem', () => {
    expect(pickupSlotProblem('2026-11-24', '09:00-11:00', settings)).toBe(null);
    expect(pickupSlotProblem('2026-11-24', '15:30-17:30', settings)).toBe('disabled');
    expect(pickupSlotProblem('2026-11-24', '08:00-09:00', settings)).toBe('unknown');
    expect(pickupSlotProblem('2026-11-24', '9点', settings)).toBe('invalid');
  });
});

describe('pickupProblem', () => {
  const all = { samplingSetting: settings, allowRegion: ['310112', '320500'] };
  it.each([
    [{ date: '2026-11-24', time: '09:00-11:00', address_code: '310112' }, null],
    [{ date: '2026-11-24', time: '09:00-11:00', address_code: '320583' }, null],
    [
      { date: '2026-11-24', time: '09:00-11:00', address_code: '110108' },
      '该地址所在城市暂未开通上门取样服务',
    ],
    [
      { date: '2026-11-29', time: '09:00-11:00', address_code: '310112' },
      '该日期不提供上门取样，请选择其他日期',
    ],
    [
      { date: '2026-11-24', time: '15:30-17:30', address_code: '310112' },
      '该时段不提供上门取样，请选择其他时间',
    ],
    [
      { date: '2026-11-23', time: '09:00-11:00', address_code: '310112' },
      '上门取样需提前预约，该时段已来不及安排，请选择其他时间',
    ],
    [{ date: '2026-12-01', time: '09:00-11:00', address_code: '310112' }, '[取样日期]须早于现场测试日期'],
  ])('%j → %s', (pickup, message) => {
    expect(pickupProblem(pickup, all, { today, sceneDate: '2026-12-01' })).toBe(message);
  });
});
