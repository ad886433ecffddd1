/**
 * The experiment plan (cart) as the browser keeps it: items grouped by type_id, counts as
 * numbers, the group with type_id 31 first and the others in ascending type_id order.
 */
export const PLAN_FIRST_TYPE_ID = 31;

export type PlanItem = {
  type_id: number;
  /** The API may send counts as strings; the plan always holds numbers. */
  count: number;
  [field: string]: unknown;
};

export type PlanGroup<T extends PlanItem = PlanItem> = { type_id: number; items: T[] };

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

/** Groups raw plan items by type_id (keeping item order inside a group) and orders the groups. */
export function groupPlanItems(items: readonly RawPlanItem[]): PlanGroup[] {
  const groups = new Map<number, PlanItem[]>();
  for (const raw of items) {
    const typeId = Number(raw.type_id);
    const count = Number(raw.count);
    const item: PlanItem = { ...raw, type_id: typeId, count: Number.isFinite(count) ? count : 0 };
    const group = groups.get(typeId);
    if (group) group.push(item);
    else groups.set(typeId, [item]);
  }
  return orderPlanGroups([...groups].map(([type_id, list]) => ({ type_id, items: list })));
}
