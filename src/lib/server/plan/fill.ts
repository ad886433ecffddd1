// Putting whole lines into the plan (decision 0089): a sample sheet's samples as one item's line,
// and 再来一单 or a template's lines with their delivery and remark, at today's prices; and the
// customer's saved templates (常用模板).
import { and, count, desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { newRid } from '../platform/ids.ts';
import { DomainError } from '../platform/errors.ts';
import { lockUser } from '../accounts/index.ts';
import { itemsByRid } from '../catalogue/index.ts';
import { planDrafts, planItems, planTemplates } from './tables.ts';
import { checkSamples, listPlan, orderableItem } from './lines.ts';
import { readSheet } from './sheet.ts';
import { ORDERABLE_TYPES } from '../../shared/catalogue/catalogue.ts';
import { emptyDelivery, type Delivery } from '../../shared/orders/order.ts';
import {
  defaultLine,
  parameterProblem,
  PLAN_MAX_LINES,
  sampleCountProblem,
} from '../../shared/plan/plan-rules.ts';
import { sharedParameters, type SheetProblem } from '../../shared/plan/sheet.ts';
import { TEMPLATE_MAX, type PlanTemplate, type TemplateLine } from '../../shared/plan/templates.ts';

type Options = (typeof planItems.$inferSelect)['options'];

/** Writes one item's line (a new one, or over the user's line of that item) under the user's lock. */
async function putLine(
  tx: Tx,
  userId: number,
  itemRid: string,
  lineCount: number,
  options: Options,
  now: Date,
) {
  const [existing] = await tx
    .select({ id: planItems.id, rid: planItems.rid })
    .from(planItems)
    .where(and(eq(planItems.userId, userId), eq(planItems.itemRid, itemRid)));
  if (existing) {
    await tx
      .update(planItems)
      .set({ count: lineCount, options, updatedAt: now })
      .where(eq(planItems.id, existing.id));
    return existing.rid;
  }
  const [{ n }] = await tx.select({ n: count() }).from(planItems).where(eq(planItems.userId, userId));
  if (n >= PLAN_MAX_LINES) throw new DomainError(`实验计划最多${PLAN_MAX_LINES}项，请先下单或移除部分项目`);
  const rid = newRid('plan');
  await tx
    .insert(planItems)
    .values({ rid, userId, itemRid, count: lineCount, options, createdAt: now, updatedAt: now });
  return rid;
}

export type SheetOutcome =
  | { ok: true; rid: string; rows: number }
  | { ok: false; problems: SheetProblem[]; rows: number; annotated: Buffer };

/**
 * A filled sample sheet for one item: every row becomes a sample of the item's plan line (its
 * count the number of rows; source and disposal kept), or nothing changes and the problems
 * come back in the annotated file.
 */
export async function planFromSheet(
  s: Services,
  userId: number,
  itemRid: string,
  bytes: Uint8Array,
): Promise<SheetOutcome> {
  const it = await orderableItem(s.db, itemRid);
  if (it.typeId !== 1) throw new DomainError('数据分析项目无需样品信息表');
  const read = await readSheet(bytes, it);
  if (!read.ok) return read;
  const samples = read.samples;
  const { max } = it.options.sampleCount;
  if (samples.length > max)
    throw new DomainError(`「${it.name}」每单最多${max}个样品，表格有${samples.length}行，请分成多个订单`);
  const bad = sampleCountProblem(it.options, samples.length);
  if (bad) throw new DomainError(bad);
  checkSamples(it, samples);
  const now = new Date(s.now());
  return s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [existing] = await tx
      .select({ options: planItems.options })
      .from(planItems)
      .where(and(eq(planItems.userId, userId), eq(planItems.itemRid, it.rid)));
    const base = existing?.options ?? defaultLine(it.options);
    const options: Options = {
      parameters: sharedParameters(samples),
      source: base.source,
      disposal: base.disposal,
      ...(existing?.options.source_order_rid ? { source_order_rid: existing.options.source_order_rid } : {}),
      samples,
    };
    const rid = await putLine(tx, userId, it.rid, samples.length, options, now);
    return { ok: true as const, rid, rows: samples.length };
  });
}

/** A pickup's date and slot are the old order's: the customer chooses new ones. */
const reusableDelivery = (d: Delivery): Delivery => ({ ...emptyDelivery(d.type), ...d, date: '', time: '' });

/**
 * Puts lines (a past order's or a template's) into the plan at today's prices, over the user's
 * lines of the same items, with the delivery and remark as the plan page's starting point.
 * Items no longer on sale are left out and named; a price that moved is shown on its line.
 */
export async function fillPlan(
  s: Services,
  userId: number,
  from: { lines: TemplateLine[]; delivery: Delivery; remark: string; source: string },
) {
  const items = new Map(
    (
      await itemsByRid(
        s.db,
        from.lines.map((l) => l.item_rid),
      )
    ).map((it) => [it.rid, it]),
  );
  const skipped: string[] = [];
  const changed: { name: string; was_fen: number; now_fen: number }[] = [];
  const now = new Date(s.now());
  await s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    let put = 0;
    for (const l of from.lines) {
      const it = items.get(l.item_rid);
      if (!it || !it.onSale || !ORDERABLE_TYPES.includes(it.typeId)) {
        skipped.push(it?.name ?? l.item_rid);
        continue;
      }
      // The catalogue may have changed since: a count or choice it no longer takes is reset.
      const base = defaultLine(it.options);
      const samples = l.samples && l.samples.length > 0 ? l.samples : undefined;
      const fits =
        !sampleCountProblem(it.options, l.count) &&
        (samples
          ? samples.every((x) => !parameterProblem(it.options, x.parameters))
          : !parameterProblem(it.options, l.parameters));
      const options: Options = {
        parameters: fits ? l.parameters : base.parameters,
        source: l.source,
        disposal: l.disposal,
        ...(l.source_order_rid ? { source_order_rid: l.source_order_rid } : {}),
        ...(fits && samples ? { samples } : {}),
        ...(l.price_fen !== it.priceFen ? { was_price_fen: l.price_fen } : {}),
      };
      if (l.price_fen !== it.priceFen)
        changed.push({ name: it.name, was_fen: l.price_fen, now_fen: it.priceFen });
      await putLine(tx, userId, it.rid, fits ? l.count : base.count, options, now);
      put += 1;
    }
    if (put === 0) throw new DomainError('这些项目均已下架，无法再来一单');
    const draft = { delivery: reusableDelivery(from.delivery), remark: from.remark, source: from.source };
    await tx
      .insert(planDrafts)
      .values({ userId, ...draft, updatedAt: now })
      .onConflictDoUpdate({ target: planDrafts.userId, set: { ...draft, updatedAt: now } });
  });
  return { ...(await listPlan(s, userId)), skipped, changed };
}

const TEMPLATE_NOT_FOUND = '模板不存在';

/** Saves lines as one of the user's templates (names unique per user, at most TEMPLATE_MAX). */
export async function saveTemplate(
  s: Services,
  userId: number,
  t: { name: string; lines: TemplateLine[]; delivery: Delivery; remark: string },
) {
  if (t.lines.length === 0) throw new DomainError('实验计划是空的，没有可保存的项目');
  return s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(planTemplates)
      .where(eq(planTemplates.userId, userId));
    if (n >= TEMPLATE_MAX) throw new DomainError(`常用模板最多${TEMPLATE_MAX}个，请先删除不用的模板`);
    const [row] = await tx
      .insert(planTemplates)
      .values({
        rid: newRid('planTemplate'),
        userId,
        name: t.name,
        lines: t.lines,
        delivery: reusableDelivery(t.delivery),
        remark: t.remark,
        createdAt: new Date(s.now()),
      })
      .onConflictDoNothing()
      .returning({ rid: planTemplates.rid });
    if (!row) throw new DomainError(`已有名为「${t.name}」的模板，请换一个名称`);
    return { rid: row.rid };
  });
}

/** The plan as template lines, at its current prices. */
export async function planAsLines(s: Services, userId: number): Promise<TemplateLine[]> {
  const plan = await listPlan(s, userId);
  return plan.list.map((l) => ({
    item_rid: l.item_rid,
    count: l.count,
    parameters: l.parameters,
    source: l.source,
    disposal: l.disposal,
    ...(l.source_order_rid ? { source_order_rid: l.source_order_rid } : {}),
    ...(l.samples.length > 0 ? { samples: l.samples } : {}),
    price_fen: l.price_fen,
  }));
}

async function ownTemplate(s: Services, userId: number, rid: string) {
  const [t] = await s.db
    .select()
    .from(planTemplates)
    .where(and(eq(planTemplates.userId, userId), eq(planTemplates.rid, rid)));
  if (!t) throw new DomainError(TEMPLATE_NOT_FOUND, 200, 'NOT_FOUND');
  return t;
}

/** Starts the plan from a template. */
export async function useTemplate(s: Services, userId: number, rid: string) {
  const t = await ownTemplate(s, userId, rid);
  return fillPlan(s, userId, {
    lines: t.lines,
    delivery: t.delivery,
    remark: t.remark,
    source: `模板「${t.name}」`,
  });
}

export async function deleteTemplate(s: Services, userId: number, rid: string) {
  const t = await ownTemplate(s, userId, rid);
  await s.db.delete(planTemplates).where(eq(planTemplates.id, t.id));
}

export async function listTemplates(
  s: Services,
  userId: number,
): Promise<{ list: PlanTemplate[]; total: number }> {
  const rows = await s.db
    .select()
    .from(planTemplates)
    .where(eq(planTemplates.userId, userId))
    .orderBy(desc(planTemplates.createdAt), desc(planTemplates.id));
  const names = new Map(
    (await itemsByRid(s.db, [...new Set(rows.flatMap((r) => r.lines.map((l) => l.item_rid)))])).map((it) => [
      it.rid,
      it.name,
    ]),
  );
  const list = rows.map((r) => ({
    rid: r.rid,
    name: r.name,
    items: r.lines.map((l) => ({
      item_rid: l.item_rid,
      name: names.get(l.item_rid) ?? '已下架项目',
      count: l.count,
    })),
    delivery_text: r.delivery.type === 1 ? '上门取样' : '自送/邮寄',
    created: r.createdAt.toISOString(),
  }));
  return { list, total: list.length };
}

/** A closing account's plan, drafts and templates (they hold pickup addresses): gone (decision 0044). */
export async function erasePlanData(tx: Tx, userId: number) {
  await tx.delete(planTemplates).where(eq(planTemplates.userId, userId));
  await tx.delete(planDrafts).where(eq(planDrafts.userId, userId));
  await tx.delete(planItems).where(eq(planItems.userId, userId));
}
