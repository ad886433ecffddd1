import { and, asc, count, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { itemsByRid, turnaroundsOf, type CatalogueItem } from '../catalogue/index.ts';
import { planDrafts, planItems } from './tables.ts';
import { sharedParameters, type SheetSample } from '../../shared/plan/sheet.ts';
import { DomainError } from '../platform/errors.ts';
import { lockUser } from '../accounts/index.ts';
import {
  defaultLine,
  parameterProblem,
  PLAN_MAX_LINES,
  sampleCountProblem,
  SOURCE_HISTORY,
  type Disposal,
  type Parameters,
  type SampleSource,
} from '../../shared/plan/plan-rules.ts';
import { ORDERABLE_TYPES, projectTypeNames, type ProjectTypeId } from '../../shared/catalogue/catalogue.ts';
import { lineFen } from '../../shared/money.ts';
import { groupPlanItems, type PlanLine } from '../../shared/plan/plan.ts';

const PLAN_LINE_NOT_FOUND = '计划项不存在';

type LineInput = {
  count?: number;
  samples?: SheetSample[];
  parameters?: Parameters;
  source?: SampleSource;
  disposal?: Disposal;
  source_order_rid?: string;
};

/** cartNum in user/info: the number of lines in the plan of `userId`, a column of the caller's query. */
export function planCountOf(db: Db, userId: AnyColumn) {
  return sql<number>`(${db.select({ n: count() }).from(planItems).where(eq(planItems.userId, userId))})`.mapWith(
    Number,
  );
}

/** Each sheet sample carries the item's required parameters, from its choices. */
export function checkSamples(it: CatalogueItem, samples: SheetSample[]) {
  samples.forEach((x, i) => {
    const bad = parameterProblem(it.options, x.parameters);
    if (bad) throw new DomainError(`第${i + 1}个样品「${x.name}」${bad}`);
  });
}

function checkLine(
  it: CatalogueItem,
  line: {
    count: number;
    parameters?: Parameters;
    source?: number;
    source_order_rid?: string;
    samples?: SheetSample[];
  },
) {
  const bad =
    sampleCountProblem(it.options, line.count) ??
    (line.samples ? null : parameterProblem(it.options, line.parameters ?? {}));
  if (bad) throw new DomainError(bad);
  if (line.source === SOURCE_HISTORY && !line.source_order_rid) throw new DomainError('[历史订单]不能为空');
}

export async function orderableItem(db: Db, rid: string) {
  const [it] = await itemsByRid(db, [rid]);
  if (!it || !it.onSale) throw new DomainError('检测项目不存在或已下架', 200, 'NOT_FOUND');
  if (!ORDERABLE_TYPES.includes(it.typeId)) throw new DomainError('预约现场项目请通过仪器预约下单');
  return it;
}

/** Adds an item to the plan; adding one already there adds to its sample count. */
export async function addToPlan(s: Services, userId: number, input: LineInput & { item_rid: string }) {
  const it = await orderableItem(s.db, input.item_rid);
  const base = defaultLine(it.options);
  const now = new Date(s.now());
  return s.db.transaction(async (tx) => {
    // One plan change per user at a time: a double click merges instead of racing the unique index.
    await lockUser(tx, userId);
    const [existing] = await tx
      .select()
      .from(planItems)
      .where(and(eq(planItems.userId, userId), eq(planItems.itemRid, it.rid)));
    if (existing?.options.samples) throw new DomainError('该项目的样品来自表格，请重新上传表格来修改样品');
    const options = {
      parameters: input.parameters ?? existing?.options.parameters ?? base.parameters,
      source: input.source ?? existing?.options.source ?? base.source,
      disposal: input.disposal ?? existing?.options.disposal ?? base.disposal,
      ...(input.source_order_rid ? { source_order_rid: input.source_order_rid } : {}),
    };
    const countNow = (existing?.count ?? 0) + (input.count ?? base.count);
    checkLine(it, {
      ...options,
      count: countNow,
      source_order_rid: input.source_order_rid ?? existing?.options.source_order_rid,
    });
    if (existing) {
      await tx
        .update(planItems)
        .set({ count: countNow, options, updatedAt: now })
        .where(eq(planItems.id, existing.id));
      return { rid: existing.rid };
    }
    const [{ n }] = await tx.select({ n: count() }).from(planItems).where(eq(planItems.userId, userId));
    if (n >= PLAN_MAX_LINES) throw new DomainError(`实验计划最多${PLAN_MAX_LINES}项，请先下单或移除部分项目`);
    const rid = newRid('plan');
    await tx
      .insert(planItems)
      .values({ rid, userId, itemRid: it.rid, count: countNow, options, createdAt: now, updatedAt: now });
    return { rid };
  });
}

export async function updatePlanLine(s: Services, userId: number, input: LineInput & { rid: string }) {
  const [line] = await s.db
    .select()
    .from(planItems)
    .where(and(eq(planItems.userId, userId), eq(planItems.rid, input.rid)));
  if (!line) throw new DomainError(PLAN_LINE_NOT_FOUND, 200, 'NOT_FOUND');
  const it = await orderableItem(s.db, line.itemRid);
  // A sheet's samples fix the count; a parameter chosen for the line applies to every sample.
  const sheet = line.options.samples;
  if (sheet && input.count !== undefined && input.count !== sheet.length)
    throw new DomainError('该项目的样品来自表格，请重新上传表格来修改样品');
  const samples = sheet?.map((x) => ({ ...x, parameters: { ...x.parameters, ...input.parameters } }));
  const options = {
    ...(samples ? { samples } : {}),
    ...(line.options.was_price_fen !== undefined ? { was_price_fen: line.options.was_price_fen } : {}),
    parameters: samples ? sharedParameters(samples) : (input.parameters ?? line.options.parameters),
    source: input.source ?? line.options.source,
    disposal: input.disposal ?? line.options.disposal,
    ...((input.source_order_rid ?? line.options.source_order_rid)
      ? { source_order_rid: input.source_order_rid ?? line.options.source_order_rid }
      : {}),
  };
  const countNow = input.count ?? line.count;
  checkLine(it, { ...options, count: countNow });
  if (samples) checkSamples(it, samples);
  await s.db
    .update(planItems)
    .set({ count: countNow, options, updatedAt: new Date(s.now()) })
    .where(eq(planItems.id, line.id));
}

export async function removePlanLines(s: Services, userId: number, rids: string[]) {
  await s.db.delete(planItems).where(and(eq(planItems.userId, userId), inArray(planItems.rid, rids)));
}

/**
 * The plan lines an order is placed from (these rids, or the whole plan), locked until the
 * order's transaction ends; `takePlanLines` then removes them.
 */
export async function lockPlanLines(tx: Tx, userId: number, rids?: string[]) {
  return tx
    .select()
    .from(planItems)
    .where(
      rids && rids.length > 0
        ? and(eq(planItems.userId, userId), inArray(planItems.rid, rids))
        : eq(planItems.userId, userId),
    )
    .for('update');
}

/**
 * Takes ordered lines out of the plan: the plan lines an order was placed from (by id), or,
 * when items were ordered straight from their page, the user's lines of those items.
 */
export async function takePlanLines(
  tx: Tx,
  userId: number,
  ordered: { ids: number[] } | { itemRids: string[] },
) {
  // The delivery a repeat put here has served its order.
  await tx.delete(planDrafts).where(eq(planDrafts.userId, userId));
  if ('ids' in ordered) {
    if (ordered.ids.length > 0) await tx.delete(planItems).where(inArray(planItems.id, ordered.ids));
  } else {
    await tx
      .delete(planItems)
      .where(and(eq(planItems.userId, userId), inArray(planItems.itemRid, ordered.itemRids)));
  }
}

/**
 * The plan: lines (oldest first), the same lines grouped by child category (type_id, 31 first,
 * then ascending; docs/decisions/0008-plan-grouping.md), the count and total.
 */
export async function listPlan(s: Services, userId: number) {
  const lines = await s.db
    .select()
    .from(planItems)
    .where(eq(planItems.userId, userId))
    .orderBy(asc(planItems.id));
  const items = new Map(
    (
      await itemsByRid(
        s.db,
        lines.map((p) => p.itemRid),
      )
    ).map((it) => [it.rid, it]),
  );
  const rows = lines.map((p) => ({ p, it: items.get(p.itemRid)! }));
  const turnarounds = await turnaroundsOf(
    s,
    rows.map((r) => r.it),
  );
  const list: PlanLine[] = rows.map(({ p, it }, i) => ({
    rid: p.rid,
    item_rid: it.rid,
    name: it.name,
    img: it.img,
    type_id: it.childId,
    type_name: it.childName,
    project_type: it.typeId,
    project_type_name: projectTypeNames[it.typeId as ProjectTypeId] ?? '',
    price_fen: it.priceFen,
    unit: it.unit,
    quote_only: it.quoteOnly,
    count: p.count,
    parameters: p.options.parameters,
    source: p.options.source,
    disposal: p.options.disposal,
    source_order_rid: p.options.source_order_rid ?? null,
    line_fen: lineFen(it.priceFen, p.count),
    options: it.options,
    turnaround: turnarounds[i],
    samples: p.options.samples ?? [],
    was_price_fen:
      p.options.was_price_fen !== undefined && p.options.was_price_fen !== it.priceFen
        ? p.options.was_price_fen
        : null,
  }));
  const [draft] = await s.db.select().from(planDrafts).where(eq(planDrafts.userId, userId));
  return {
    list,
    groups: groupPlanItems(list),
    count: list.length,
    total_fen: list.reduce((n, l) => n + l.line_fen, 0),
    /** True when any line needs an exact quote before it can be paid. */
    needs_quote: list.some((l) => l.quote_only),
    draft: draft ? { delivery: draft.delivery, remark: draft.remark, source: draft.source } : null,
  };
}
