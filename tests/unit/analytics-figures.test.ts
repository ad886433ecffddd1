// The pure parts of the revenue and utilisation reports (decision 0092): splitting fen over
// weights to the fen, and the length of overlapping intervals counted once.
import { describe, expect, it } from 'vitest';
import { allocate } from '#shared/analytics/revenue.ts';
import { overlapHours, unionHours } from '#shared/analytics/utilisation.ts';

const H = 3_600_000;

describe('allocate', () => {
  it('splits by weight with largest remainders, summing to the amount, negatives too', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(1001, [3000, 7000])).toEqual([300, 701]);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(0, [2, 5])).toEqual([0, 0]);
    expect(allocate(7, [])).toEqual([]);
    for (const amount of [1, 99, 12_345, -777])
      expect(allocate(amount, [13, 29, 1, 57]).reduce((a, b) => a + b, 0)).toBe(amount);
  });
});

describe('hours', () => {
  it('counts overlaps once and clips to a window', () => {
    expect(
      unionHours([
        [0, 2 * H],
        [H, 3 * H],
        [5 * H, 6 * H],
      ]),
    ).toBe(4);
    expect(
      unionHours([
        [0, H],
        [0, H],
      ]),
    ).toBe(1);
    expect(unionHours([])).toBe(0);
    expect(overlapHours(0, 4 * H, 3 * H, 10 * H)).toBe(1);
    expect(overlapHours(0, H, 2 * H, 3 * H)).toBe(0);
  });
});
