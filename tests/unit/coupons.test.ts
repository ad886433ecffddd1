// The coupon rules both sides apply (decision 0026): what a coupon takes off, how a discount is
// spread over lines in whole fen, and the texts customers read.
import { describe, expect, it } from 'vitest';
import { allocate, couponTemplateSchema, discountFor, ruleText } from '#shared/coupons/coupons.ts';

const amount = { kind: 'amount' as const, value_fen: 20_000, percent_off: 0, threshold_fen: 200_000 };
const percent = { kind: 'percent' as const, value_fen: 10_000, percent_off: 15, threshold_fen: 0 };

describe('discountFor', () => {
  it('takes a fixed amount from the threshold on, and nothing below it', () => {
    expect(discountFor(amount, 199_999)).toBe(0);
    expect(discountFor(amount, 200_000)).toBe(20_000);
  });
  it('takes a percentage rounded down to fen, capped, and never more than the amount', () => {
    expect(discountFor(percent, 10_001)).toBe(1500);
    expect(discountFor(percent, 1_000_000)).toBe(10_000);
    expect(discountFor({ ...percent, value_fen: 0 }, 1_000_000)).toBe(150_000);
    expect(discountFor({ ...amount, threshold_fen: 0 }, 5_000)).toBe(5_000);
  });
});

describe('allocate', () => {
  it('spreads by largest remainder: whole fen that sum exactly, no line paying more than it costs', () => {
    expect(allocate(100, [{ fen: 100 }, { fen: 100 }, { fen: 100 }])).toEqual([34, 33, 33]);
    expect(allocate(10, [{ fen: 300 }, { fen: 700 }])).toEqual([3, 7]);
    expect(allocate(5, [{ fen: 1 }, { fen: 2 }, { fen: 2 }])).toEqual([1, 2, 2]);
    expect(allocate(0, [{ fen: 5 }])).toEqual([0]);
  });
  it('stays exact where products of amounts pass 2^53', () => {
    const lines = [{ fen: 999_999_999 }, { fen: 333_333_333 }, { fen: 1 }];
    const shares = allocate(987_654_321, lines);
    expect(shares.reduce((n, s) => n + s, 0)).toBe(987_654_321);
    shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(lines[i].fen));
  });
  it('holds for any amounts (a sweep)', () => {
    for (let seed = 1; seed < 400; seed++) {
      const lines = Array.from({ length: (seed % 5) + 1 }, (_, i) => ({
        fen: ((seed * 7919 + i * 104729) % 50_000) + 1,
      }));
      const total = lines.reduce((n, l) => n + l.fen, 0);
      const discount = (seed * 31337) % (total + 1);
      const shares = allocate(discount, lines);
      expect(shares.reduce((n, s) => n + s, 0)).toBe(discount);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(lines[i].fen));
    }
  });
});

describe('ruleText and templates', () => {
  it('reads like the home page labels', () => {
    expect(ruleText(amount)).toBe('满2000减200');
    expect(ruleText({ ...amount, threshold_fen: 0, value_fen: 10_000 })).toBe('无门槛减100');
    expect(ruleText(percent)).toBe('8.5折，最高减100');
    expect(ruleText({ ...percent, value_fen: 0, threshold_fen: 50_000, percent_off: 10 })).toBe('满500享9折');
  });
  it('refuses a percentage coupon with a budget in money but no cap', () => {
    const r = couponTemplateSchema.safeParse({
      name: '九折',
      scope: 'all',
      kind: 'percent',
      percent_off: 10,
      validity: 'days',
      valid_days: 7,
      budget_fen: 100_000,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('有预算金额的折扣券须设置最高减免[面额]');
  });
});
