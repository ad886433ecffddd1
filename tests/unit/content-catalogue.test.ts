import { describe, expect, it } from 'vitest';
import { priceText, priceYuan, unitPriceText } from '../../src/lib/shared/money.ts';
import { positiveInt, withQuery } from '../../src/pages/project/_query.ts';

describe('catalogue page helpers', () => {
  it('shows fen as yuan, keeping cents only when there are some', () => {
    expect(priceYuan(30000)).toBe('300');
    expect(priceYuan(1250)).toBe('12.50');
    expect(priceYuan(5)).toBe('0.05');
    expect(priceText(8000, '元/样')).toBe('80 元/样');
    // Beside the ¥ sign the unit drops its 元 (never ¥600.00/元/样).
    expect(unitPriceText(60000, '元/样')).toBe('¥600.00/样');
    expect(unitPriceText(2550, '元/小时')).toBe('¥25.50/小时');
    expect(unitPriceText(100, '')).toBe('¥1.00/样');
  });

  it('reads only positive integers from the query string', () => {
    expect(positiveInt('12')).toBe(12);
    for (const bad of [null, undefined, '', '0', '-1', '1.5', 'abc', '1e3', '9999999999']) {
      expect(positiveInt(bad)).toBeUndefined();
    }
  });

  it('builds links that drop empty values and page 1', () => {
    expect(withQuery('/project/1/x', { childId: 11, page: 1 })).toBe('/project/1/x?childId=11');
    expect(withQuery('/project/1/x', { childId: undefined, page: 3 })).toBe('/project/1/x?page=3');
    expect(withQuery('/search', { kw: 'X 射线', page: 2 })).toBe('/search?kw=X+%E5%B0%84%E7%BA%BF&page=2');
    expect(withQuery('/televised', {})).toBe('/televised');
  });
});
