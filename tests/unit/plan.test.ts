import { describe, expect, it } from 'vitest';
import { comparePlanTypeIds, groupPlanItems, orderPlanGroups } from '#shared/plan/plan.ts';

// type_id of a plan line is its child category (docs/decisions/0008-plan-grouping.md).
describe('experiment plan grouping', () => {
  it('puts child category 31 (样品前处理) first and the others in ascending order', () => {
    const groups = groupPlanItems([
      { type_id: 41, type_name: '理论计算', count: 1, rid: 'a' },
      { type_id: 31, type_name: '样品前处理', count: 2, rid: 'b' },
      { type_id: 11, type_name: '结构表征', count: 1, rid: 'c' },
      { type_id: 14, type_name: '成分分析', count: 1, rid: 'd' },
    ]);
    expect(groups.map((g) => [g.type_id, g.name])).toEqual([
      [31, '样品前处理'],
      [11, '结构表征'],
      [14, '成分分析'],
      [41, '理论计算'],
    ]);
  });

  it('keeps lines of different project types in one child category group', () => {
    const groups = groupPlanItems([
      { type_id: 31, type_name: '样品前处理', project_type: 1, count: 1, rid: 'x' },
      { type_id: 41, type_name: '理论计算', project_type: 3, count: 1, rid: 'y' },
      { type_id: 31, type_name: '样品前处理', project_type: 1, count: 1, rid: 'z' },
    ]);
    expect(groups.map((g) => g.items.map((i) => i.rid))).toEqual([['x', 'z'], ['y']]);
    expect(groups[1].items[0].project_type).toBe(3);
  });

  it('groups items of one type together, keeping their order, with counts as numbers', () => {
    const groups = groupPlanItems([
      { type_id: '12', count: '3', rid: 'x' },
      { type_id: 11, count: 1, rid: 'y' },
      { type_id: 12, count: '1', rid: 'z', type_name: '形貌表征' },
    ]);
    expect(groups).toEqual([
      { type_id: 11, name: '', items: [{ type_id: 11, count: 1, rid: 'y' }] },
      {
        type_id: 12,
        // The name comes from the first line that carries one.
        name: '形貌表征',
        items: [
          { type_id: 12, count: 3, rid: 'x' },
          { type_id: 12, count: 1, rid: 'z', type_name: '形貌表征' },
        ],
      },
    ]);
  });

  it('treats an unreadable count as 0 rather than NaN', () => {
    expect(groupPlanItems([{ type_id: 1, count: 'abc' }])[0].items[0].count).toBe(0);
  });

  it('returns no groups for an empty plan', () => {
    expect(groupPlanItems([])).toEqual([]);
  });

  it('orders existing groups the same way and leaves the input untouched', () => {
    const input = [{ type_id: 40 }, { type_id: 31 }, { type_id: 5 }];
    expect(orderPlanGroups(input).map((g) => g.type_id)).toEqual([31, 5, 40]);
    expect(input.map((g) => g.type_id)).toEqual([40, 31, 5]);
    expect(comparePlanTypeIds(31, 1)).toBeLessThan(0);
    expect(comparePlanTypeIds(1, 31)).toBeGreaterThan(0);
    expect(comparePlanTypeIds(12, 11)).toBeGreaterThan(0);
  });
});
