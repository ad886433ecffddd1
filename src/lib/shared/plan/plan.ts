/**
 * The experiment plan (cart) as the browser keeps it (spec section 3): items grouped by type_id,
 * counts as numbers, the group with type_id 31 first and the others in ascending type_id order.
 * A plan line's type_id is its item's child category (31 is 样品前处理, the sample preparation
 * that other tests build on, hence first); its project type (1 送样检测, 3 数据分析) travels as
 * project_type. See docs/decisions/0008-plan-grouping.md.
 */

export const PLAN_FIRST_TYPE_ID = 31;

export type PlanItem = {
  /** The child category id. */
  type_id: number;
  /** The child category's name; the group takes it. */
  type_name?: string;
  /** The API may send counts as strings; the plan always holds numbers. */
  count: number;
  [field: string]: unknown;
};

export type PlanGroup<T extends PlanItem = PlanItem> = { type_id: number; name: string; items: T[] };

/** Sort order of two type ids: 31 before everything, then ascending. */
export function comparePlanTypeIds(a: number, b: number): number {
  if (a === b) return 0;
  if (a === PLAN_FIRST_TYPE_ID) return -1;
  if (b === PLAN_FIRST_TYPE_ID) return 1;
  return a - b;
}

/** Orders existing groups by the plan rule without changing their contents. */
export function orderPlanGroups<G extends { type_id: number }>(groups: readonly G[]): G[] {
  return [...groups].sort((x, y) => comparePlanTypeIds(x.type_id, y.type_id));
}

type RawPlanItem = Omit<PlanItem, 'type_id' | 'count'> & { type_id: number | string; count: number | string };

/**
 * Groups raw plan items by type_id (keeping item order inside a group) and orders the groups;
 * a group is named after the first of its items that carries a type_name.
 */
export function groupPlanItems<T extends RawPlanItem>(items: readonly T[]): PlanGroup<T & PlanItem>[] {
  const groups = new Map<number, PlanGroup<T & PlanItem>>();
  for (const raw of items) {
    const typeId = Number(raw.type_id);
    const count = Number(raw.count);
    const item = { ...raw, type_id: typeId, count: Number.isFinite(count) ? count : 0 } as T & PlanItem;
    const name = typeof raw.type_name === 'string' ? raw.type_name : '';
    const group = groups.get(typeId);
    if (!group) groups.set(typeId, { type_id: typeId, name, items: [item] });
    else {
      group.items.push(item);
      if (!group.name) group.name = name;
    }
  }
  return orderPlanGroups([...groups.values()]);
}

export type { PlanLine, PlanView } from './responses.ts';
