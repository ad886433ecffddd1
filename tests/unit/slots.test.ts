import { describe, expect, it } from 'vitest';
import { addDays, addMonths, horizonDate, isValidDate, weekSlots, type DaySlots } from '#shared/slots.ts';
import { shanghaiDate, shanghaiIso, shanghaiMinute } from '#shared/time.ts';

// 2026-11-23 is a Monday. Times below are written in Shanghai time (+08:00).
const at = (local: string) => new Date(`${local}+08:00`);
const statusAt = (days: DaySlots[], start: string) =>
  days.flatMap((d) => d.slots).find((s) => s.start === `${start}+08:00`)?.status;

describe('Shanghai calendar helpers', () => {
  it('uses the Shanghai date, not the UTC one', () => {
    // 23:30 UTC on the 22nd is already 07:30 on the 23rd in Shanghai.
    expect(shanghaiDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(shanghaiDate(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(shanghaiIso(new Date('2026-11-23T00:30:00Z'))).toBe('2026-11-23T08:30:00+08:00');
  });

  it('shows stored times (ISO, UTC) as Shanghai wall-clock minutes', () => {
    expect(shanghaiMinute('2026-11-21T21:37:12.345Z')).toBe('2026-11-22 05:37');
    expect(shanghaiMinute('2026-11-22T05:37:00+08:00')).toBe('2026-11-22 05:37');
    expect(shanghaiMinute(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00');
  });

  it('validates and shifts dates', () => {
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('20261123')).toBe(false);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-23', 6)).toBe('2027-05-23');
  });
});

describe('weekSlots', () => {
  const base = { minMinutes: 60, leadHours: 0 };

  it('lists seven days from the given date with their weekdays', () => {
    const days = weekSlots({ ...base, from: '2026-11-23', now: at('2026-11-20T10:00:00') });
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(days.map((d) => d.week)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('opens 08:30 to 18:30, the last slot ending exactly at closing', () => {
    const [mon] = weekSlots({ ...base, from: '2026-11-23', now: at('2026-11-20T10:00:00') });
    expect(mon.slots).toHaveLength(10);
    expect(mon.slots[0]).toEqual({
      start: '2026-11-23T08:30:00+08:00',
      end: '2026-11-23T09:30:00+08:00',
      status: 'free',
    });
    expect(mon.slots.at(-1)!.end).toBe('2026-11-23T18:30:00+08:00');
  });

  it('drops a slot that would run past 18:30', () => {
    const [mon] = weekSlots({ ...base, minMinutes: 240, from: '2026-11-23', now: at('2026-11-20T10:00:00') });
    // 08:30–12:30 and 12:30–16:30 fit; 16:30–20:30 does not.
    expect(mon.slots.map((s) => s.start.slice(11, 16))).toEqual(['08:30', '12:30']);
  });

  it('closes Sundays', () => {
    const days = weekSlots({ ...base, from: '2026-11-23', now: at('2026-11-20T10:00:00') });
    const sunday = days[6];
    expect(sunday).toMatchObject({ date: '2026-11-29', week: 0, closed: true });
    expect(sunday.slots.every((s) => s.status === 'closed')).toBe(true);
    expect(days.slice(0, 6).every((d) => !d.closed)).toBe(true);
  });

  it('marks slots inside the lead time as lead (需提前预约), and those already begun as past', () => {
    const days = weekSlots({
      minMinutes: 60,
      leadHours: 24,
      from: '2026-11-23',
      now: at('2026-11-23T10:00:00'),
    });
    expect(statusAt(days, '2026-11-23T18:00:00')).toBeUndefined(); // not a slot start with 60-min slots
    expect(statusAt(days, '2026-11-23T09:30:00')).toBe('past');
    expect(statusAt(days, '2026-11-23T17:30:00')).toBe('lead');
    expect(statusAt(days, '2026-11-24T09:30:00')).toBe('lead');
    // Exactly 24 hours ahead is still bookable.
    expect(statusAt(days, '2026-11-24T10:30:00')).toBe('free');
  });

  it('treats the boundary minute of now correctly without lead time', () => {
    const days = weekSlots({ ...base, from: '2026-11-23', now: at('2026-11-23T08:30:00') });
    expect(statusAt(days, '2026-11-23T08:30:00')).toBe('free');
    const later = weekSlots({ ...base, from: '2026-11-23', now: at('2026-11-23T08:30:01') });
    expect(statusAt(later, '2026-11-23T08:30:00')).toBe('past');
    expect(statusAt(later, '2026-11-23T09:30:00')).toBe('free');
  });

  it('closes days beyond the six-month horizon', () => {
    const now = at('2026-11-23T10:00:00');
    expect(horizonDate(now)).toBe('2027-05-23');
    // 2027-05-23 is a Sunday; Saturday the 22nd is the last open day, Monday the 24th is beyond.
    const days = weekSlots({ ...base, from: '2027-05-21', now });
    expect(days.find((d) => d.date === '2027-05-22')!.closed).toBe(false);
    expect(days.find((d) => d.date === '2027-05-24')!.closed).toBe(true);
    expect(days.find((d) => d.date === '2027-05-25')!.slots.every((s) => s.status === 'closed')).toBe(true);
  });

  it('marks slots overlapping a booking as taken and a block as closed', () => {
    const days = weekSlots({
      ...base,
      from: '2026-11-23',
      now: at('2026-11-20T10:00:00'),
      busy: [
        { start: at('2026-11-24T09:00:00'), end: at('2026-11-24T10:00:00'), status: 'taken' },
        { start: '2026-11-25T00:00:00+08:00', end: '2026-11-26T00:00:00+08:00', status: 'closed' },
      ],
    });
    expect(statusAt(days, '2026-11-24T08:30:00')).toBe('taken');
    expect(statusAt(days, '2026-11-24T09:30:00')).toBe('taken');
    expect(statusAt(days, '2026-11-24T10:30:00')).toBe('free');
    expect(days[2]).toMatchObject({ date: '2026-11-25', closed: true });
    expect(days[3].closed).toBe(false);
  });

  it('rejects an impossible start date', () => {
    expect(() => weekSlots({ ...base, from: '2026-02-30', now: new Date() })).toThrow(RangeError);
  });
});
