import { describe, expect, it } from 'vitest';
import { comparePlanTypeIds, groupPlanItems, orderPlanGroups } from '#shared/plan.ts';

describe('experiment plan grouping', () => {
  it('puts type 31 first and the other types in ascending order', () => {
    const groups = groupPlanItems([
      { type_id: 3, count: 1, rid: 'a' },
      { type_id: 31, count: 2, rid: 'b' },
      { type_id: 1, count: 1, rid: 'c' },
      { type_id: 2, count: 1, rid: 'd' },
    ]);
    expect(groups.map((g) => g.type_id)).toEqual([31, 1, 2, 3]);
  });

  it('groups items of one type together, keeping their order, with counts as numbers', () => {
    const groups = groupPlanItems([
      { type_id: '2', count: '3', rid: 'x' },
      { type_id: 1, count: 1, rid: 'y' },
      { type_id: 2, count: '1', rid: 'z' },
    ]);
    expect(groups).toEqual([
      { type_id: 1, items: [{ type_id: 1, count: 1, rid: 'y' }] },
      {
        type_id: 2,
        items: [
          { type_id: 2, count: 3, rid: 'x' },
          { type_id: 2, count: 1, rid: 'z' },
        ],
      },
    ]);
  });

  it('treats an unreadable count as 0 rather than NaN', () => {
    expect(groupPlanItems([{ type_id: 1, count: 'abc' }])[0].items[0].count).toBe(0);
  });

  it('orders existing groups the same way and leaves the input untouched', () => {
    const input = [{ type_id: 40 }, { type_id: 31 }, { type_id: 5 }];
    expect(orderPlanGroups(input).map((g) => g.type_id)).toEqual([31, 5, 40]);
    expect(input.map((g) => g.type_id)).toEqual([40, 31, 5]);
    expect(comparePlanTypeIds(31, 1)).toBeLessThan(0);
    expect(comparePlanTypeIds(1, 31)).toBeGreaterThan(0);
  });
});
