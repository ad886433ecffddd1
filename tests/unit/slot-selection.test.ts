import { describe, expect, it } from 'vitest';
import {
  clickSlot,
  durationText,
  estimateFen,
  hasFreeSlot,
  keepSelection,
  mondayOf,
  picked,
  weekBounds,
  type CalendarDay,
  type Selection,
} from '../../src/islands/reservations/selection.ts';

// 2026-11-24 is a Tuesday; slots are an hour long from 08:30, written in Shanghai time.
const slot = (h: number, status = 'free') => ({
  start: `2026-11-24T${String(h).padStart(2, '0')}:30:00+08:00`,
  end: `2026-11-24T${String(h + 1).padStart(2, '0')}:30:00+08:00`,
  status,
});
const day = (statuses: string[], date = '2026-11-24'): CalendarDay => ({
  date,
  week: 2,
  closed: false,
  slots: statuses.map((s, i) => ({
    ...slot(8 + i, s),
    start: slot(8 + i).start.replace('2026-11-24', date),
  })),
});
const tue = day(['free', 'free', 'free', 'taken', 'free', 'free']);
const sel = (from: number, to: number, date = '2026-11-24'): Selection => ({ date, from, to });

describe('picking contiguous slots', () => {
  it('starts, extends by adjacent clicks on either side, and shrinks from the ends', () => {
    let s = clickSlot(null, tue, 1);
    expect(s).toEqual(sel(1, 1));
    s = clickSlot(s, tue, 2);
    expect(s).toEqual(sel(1, 2));
    s = clickSlot(s, tue, 0);
    expect(s).toEqual(sel(0, 2));
    s = clickSlot(s, tue, 0);
    expect(s).toEqual(sel(1, 2));
    s = clickSlot(s, tue, 2);
    expect(s).toEqual(sel(1, 1));
    expect(clickSlot(s, tue, 1)).toBeNull();
  });

  it('never takes a slot that is not free, nor joins across one', () => {
    expect(clickSlot(sel(1, 2), tue, 3)).toEqual(sel(1, 2));
    // Shift-extending over the taken slot starts afresh instead.
    expect(clickSlot(sel(1, 2), tue, 5, true)).toEqual(sel(5, 5));
    // A gap of free slots can be bridged with Shift, not with a plain click.
    const open = day(['free', 'free', 'free', 'free', 'free']);
    expect(clickSlot(sel(0, 0), open, 3, true)).toEqual(sel(0, 3));
    expect(clickSlot(sel(0, 0), open, 3)).toEqual(sel(3, 3));
    // A click inside a longer selection keeps only that slot.
    expect(clickSlot(sel(0, 3), open, 2)).toEqual(sel(2, 2));
  });

  it('keeps to one day', () => {
    const wed = day(['free', 'free'], '2026-11-25');
    expect(clickSlot(sel(0, 1), wed, 0)).toEqual(sel(0, 0, '2026-11-25'));
  });

  it('drops a selection whose slots were taken meanwhile', () => {
    expect(keepSelection(sel(0, 1), [tue])).toEqual(sel(0, 1));
    const later = day(['free', 'taken', 'free', 'taken', 'free', 'free']);
    expect(keepSelection(sel(0, 1), [later])).toBeNull();
    expect(keepSelection(sel(0, 1), [])).toBeNull();
  });
});

describe('the summary', () => {
  it('gives the time range, the length and the price as the server computes it', () => {
    const p = picked(sel(0, 1), [tue])!;
    expect(p).toMatchObject({
      date: '2026-11-24',
      startTime: '08:30',
      endTime: '10:30',
      minutes: 120,
      slots: 2,
    });
    expect(p.start).toBe('2026-11-24T08:30:00+08:00');
    expect(estimateFen({ price_fen: 40000, price_unit: 'hour' }, p)).toBe(80000);
    expect(estimateFen({ price_fen: 12345, price_unit: 'hour' }, { minutes: 30 })).toBe(6173);
    expect(estimateFen({ price_fen: 50000, price_unit: 'session' }, p)).toBe(50000);
    expect(durationText(150)).toBe('2 小时 30 分钟');
    expect(durationText(60)).toBe('1 小时');
  });
});

describe('weeks', () => {
  it('tell whether anything is left to book (the calendar then points to the next week)', () => {
    expect(hasFreeSlot([tue])).toBe(true);
    expect(hasFreeSlot([day(['past', 'past', 'taken']), day(['closed', 'blocked'], '2026-11-25')])).toBe(
      false,
    );
    expect(hasFreeSlot([])).toBe(false);
  });

  it('run Monday to Sunday, from this week up to the six-month horizon', () => {
    expect(mondayOf('2026-11-24')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    const now = new Date('2026-11-24T10:00:00+08:00');
    expect(weekBounds('2026-11-23', now)).toEqual({ prev: false, next: true });
    expect(weekBounds('2026-11-30', now)).toEqual({ prev: true, next: true });
    // Horizon 2027-05-24: the week of 05-17 may go on to 05-24, that one no further.
    expect(weekBounds('2027-05-17', now).next).toBe(true);
    expect(weekBounds('2027-05-24', now).next).toBe(false);
  });
});
