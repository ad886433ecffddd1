import { and, eq } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import type { Services } from '../platform/services.ts';
import { itemsByRid } from '../catalogue/index.ts';
import { orderItems, orders } from './tables.ts';
import { startEstimatesOf } from './start-estimates.ts';
import { findUserById } from '../accounts/index.ts';
import { lockPlanLines, takePlanLines } from '../plan/index.ts';
import { DomainError } from '../platform/errors.ts';
import {
  customerKindOf,
  initialStatus,
  payModeOf,
  orderStatusText,
  takesSample,
  type OrderStatus,
} from '../../shared/orders/order-status.ts';
import {
  EMPTY_ORDER,
  emptyDelivery,
  type Delivery,
  type OrderAddRequest,
} from '../../shared/orders/order.ts';
import {
  DISPOSAL_KEEP,
  SOURCE_HISTORY,
  SOURCE_NONE,
  parameterProblem,
  sampleCountProblem,
  type Disposal,
  type SampleSource,
} from '../../shared/plan/plan-rules.ts';
import { lineFen, sumFen } from '../../shared/money.ts';
import { projectTypeNames, type ProjectTypeId } from '../../shared/catalogue/catalogue.ts';
import { ADDRESS_NOT_FOUND } from '../../shared/member/address.ts';
import { pickupProblem } from '../../shared/member/pickup-dates.ts';
import { getPublicSettings } from '../catalogue/index.ts';
import { findOwnAddress } from '../member/index.ts';
import { newOrderNo } from './ids.ts';
import { addEvent } from './transition.ts';
import type { SceneDateOf } from '../member/index.ts';
import { assertBasicInfo } from './basic-info.ts';
import { sampleHooks } from './sample-hooks.ts';
import type { Tx } from '../platform/db/client.ts';
import { assertKnownRegion } from '../member/index.ts';
import type { DemandInfo } from '../../shared/orders/demand.ts';
import { ORDERABLE_TYPES } from '../../shared/catalogue/catalogue.ts';
import type { PlacedOrder } from '../../shared/orders/responses.ts';
import type { SheetSample } from '../../shared/plan/sheet.ts';
export type { PlacedOrder };

export type Line = {
  itemRid: string;
  count?: number;
  parameters?: Record<string, string>;
  source?: SampleSource;
  disposal?: Disposal;
  source_order_rid?: string;
  /** A sample sheet's samples (decision 0089): then count is their number. */
  samples?: SheetSample[];
};

/** A past order of this user whose stored samples (disposal 2) a new line may reuse. */
async function storedSampleOrder(tx: Tx, userId: number, rid: string): Promise<number> {
  const [row] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.rid, rid), eq(orders.userId, userId), eq(orderItems.disposal, DISPOSAL_KEEP)))
    .limit(1);
  if (!row || !['delivered', 'unsettled', 'completed'].includes(row.status))
    throw new DomainError('[历史订单]不存在或没有留样', 200, 'NOT_FOUND');
  return row.id;
}

type Group = { quote: boolean; rows: (typeof orderItems.$inferInsert)[] };

/**
 * Checks the lines against the catalogue (on sale, orderable type, sample count, parameters,
 * stored-sample source) and prices them, grouped by project type.
 */
export async function groupLines(
  tx: Tx,
  userId: number,
  lines: Line[],
  /**
   * A quote request (order/demand): the customer describes parameters in words and staff
   * settle them with the quote, so they are not checked, and the count is kept in the item's range.
   */
  forQuote = false,
): Promise<Map<number, Group>> {
  const rids = [...new Set(lines.map((l) => l.itemRid))];
  const items = await itemsByRid(tx, rids);
  const byRid = new Map(items.map((i) => [i.rid, i]));

  const groups = new Map<number, Group>();
  for (const l of lines) {
    const it = byRid.get(l.itemRid);
    if (!it || !it.onSale) throw new DomainError(`检测项目不存在或已下架`, 200, 'NOT_FOUND');
    if (!ORDERABLE_TYPES.includes(it.typeId))
      throw new DomainError(`「${it.name}」为预约现场项目，请通过仪器预约下单`);
    const { min, max } = it.options.sampleCount;
    const asked = l.count ?? it.options.sampleCount.default;
    const count = forQuote ? Math.min(max, Math.max(min, asked)) : asked;
    const parameters = l.parameters ?? {};
    // Data analysis has no sample: whatever the request says, no source (无需样品), no disposal.
    const sample = takesSample(it.typeId);
    const source = sample ? (l.source ?? 1) : SOURCE_NONE;
    const disposal = sample ? (l.disposal ?? 0) : 0;
    // A sheet's samples each carry their own parameters (checked again: the item may have changed).
    const samples = sample && l.samples && l.samples.length > 0 ? l.samples : null;
    const bad =
      sampleCountProblem(it.options, count) ??
      (samples && samples.length !== count ? '[样品数量]与样品表不一致' : null) ??
      (forQuote
        ? null
        : samples
          ? samples.map((x) => parameterProblem(it.options, x.parameters)).find(Boolean)
          : parameterProblem(it.options, parameters));
    if (bad) throw new DomainError(`「${it.name}」${bad}`);
    let sourceOrderId: number | null = null;
    if (source === SOURCE_HISTORY) {
      if (!l.source_order_rid) throw new DomainError(`「${it.name}」[历史订单]不能为空`);
      sourceOrderId = await storedSampleOrder(tx, userId, l.source_order_rid);
    }
    const group = groups.get(it.typeId) ?? { quote: false, rows: [] };
    group.quote ||= it.quoteOnly;
    group.rows.push({
      orderId: 0,
      itemRid: it.rid,
      name: it.name,
      priceFen: it.priceFen,
      unit: it.unit,
      sampleCount: count,
      parameters,
      source,
      sourceOrderId,
      disposal,
      lineFen: lineFen(it.priceFen, count),
      // The promise as it is now: a later edit of the item never moves this order (decision 0079).
      turnaroundDays: it.turnaroundDays,
      samples,
    });
    groups.set(it.typeId, group);
  }
  return groups;
}

/** The delivery of an order whose sample the customer brings or posts (or that has none). */
export const selfDelivery = (
  contact: { name: string; phone: string } = { name: '', phone: '' },
): Delivery => ({
  ...emptyDelivery(0),
  ...contact,
});

/**
 * Writes one new order with its lines and the timeline's first entry (order/add and
 * order/demand both come through here). Returns the order's id beside its summary.
 */
export async function insertOrder(
  tx: Tx,
  o: {
    userId: number;
    typeId: number;
    status: OrderStatus;
    kind: ReturnType<typeof customerKindOf>;
    payMode: ReturnType<typeof payModeOf>;
    rows: (typeof orderItems.$inferInsert)[];
    delivery: Delivery;
    remark: string;
    demand?: DemandInfo;
    note: string;
    now: number;
  },
): Promise<{ id: number; placed: PlacedOrder }> {
  const amount = sumFen(o.rows.map((r) => ({ line_fen: r.lineFen })));
  let order: typeof orders.$inferSelect | undefined;
  for (let i = 0; i < 5 && !order; i++) {
    [order] = await tx
      .insert(orders)
      .values({
        rid: newRid('order'),
        orderNo: newOrderNo(o.now),
        userId: o.userId,
        typeId: o.typeId,
        status: o.status,
        customerKind: o.kind,
        payMode: o.payMode,
        amountFen: amount,
        delivery: o.delivery,
        remark: o.remark,
        demand: o.demand ?? null,
        createdAt: new Date(o.now),
        updatedAt: new Date(o.now),
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!order) throw new Error('could not allocate an order number');
  const orderId = order.id;
  // The start estimate told now, from the queue before this order joins it (decision 0097).
  const estimates = await startEstimatesOf(
    tx,
    o.rows.map((r) => r.itemRid),
  );
  const lines =
    o.rows.length > 0
      ? await tx
          .insert(orderItems)
          .values(o.rows.map((r) => ({ ...r, orderId, startEstimateDays: estimates.get(r.itemRid) ?? null })))
          .returning()
      : [];
  // The order's samples in the same transaction (a quote request gets them when quoted).
  if (!o.demand && takesSample(o.typeId))
    await sampleHooks().create(tx, order, lines, { actor: 'customer', actorId: o.userId }, o.now);
  await addEvent(tx, {
    orderId,
    from: null,
    to: o.status,
    action: 'create',
    actor: 'customer',
    actorId: o.userId,
    note: o.note,
    now: o.now,
  });
  return {
    id: orderId,
    placed: {
      rid: order.rid,
      order_no: order.orderNo,
      status: o.status,
      status_text: orderStatusText(o.status, o.typeId),
      amount_fen: amount,
      type_id: o.typeId,
      type_name: projectTypeNames[o.typeId as ProjectTypeId] ?? '',
    },
  };
}

/**
 * A pickup delivery checked with the member centre's rules and the settings in the database
 * (date, slot, served area); a saved address (address_rid) must be the user's own and is copied
 * into the order, so a later edit of the address book does not change the order.
 */
async function checkedDelivery(
  s: Services,
  userId: number,
  d: Delivery,
  sceneDateOf: SceneDateOf,
): Promise<Delivery> {
  if (d.type !== 1) return { ...d, date: '', time: '' };
  let place = d;
  if (d.address_rid) {
    const saved = await findOwnAddress(s.db, userId, d.address_rid);
    if (!saved) throw new DomainError(ADDRESS_NOT_FOUND, 200, 'NOT_FOUND');
    place = {
      ...d,
      name: saved.name,
      phone: saved.phone,
      province: saved.province,
      city: saved.city,
      area: saved.area,
      address: saved.address,
      address_code: saved.addressCode,
    };
  } else {
    assertKnownRegion(d);
  }
  // The member centre's one pickup check: date, slot, served area, with today's settings.
  // Pickup must come before the user's on-site session (their scene date), as the form says.
  const problem = pickupProblem(place, await getPublicSettings(s), {
    today: new Date(s.now()),
    sceneDate: await sceneDateOf(s.db, userId, s.now()),
  });
  if (problem) throw new DomainError(problem);
  return place;
}

/**
 * order/add: one order per project type among the lines, all in one transaction that also
 * removes the ordered plan lines. Returns the new orders.
 */
export async function placeOrders(
  s: Services,
  userId: number,
  req: OrderAddRequest,
  sceneDateOf: SceneDateOf,
): Promise<PlacedOrder[]> {
  const now = s.now();
  const user = await findUserById(s.db, userId);
  if (!user) throw new DomainError('请先登录', 401);
  assertBasicInfo(user);
  const delivery = await checkedDelivery(s, userId, req.delivery, sceneDateOf);

  const kind = customerKindOf(user.organization);
  const payMode = payModeOf(user.organization);

  return s.db.transaction(async (tx) => {
    // The lines: explicit items, or plan lines (the whole plan when none are named).
    let lines: Line[];
    let usedPlanIds: number[] = [];
    if (req.items && req.items.length > 0) {
      lines = req.items.map((l) => ({ ...l, itemRid: l.item_rid }));
    } else {
      const plan = await lockPlanLines(tx, userId, req.plan_rids);
      if (req.plan_rids && plan.length !== new Set(req.plan_rids).size)
        throw new DomainError('计划项不存在', 200, 'NOT_FOUND');
      usedPlanIds = plan.map((p) => p.id);
      lines = plan.map((p) => ({
        itemRid: p.itemRid,
        count: p.count,
        parameters: p.options.parameters,
        source: p.options.source as SampleSource,
        disposal: p.options.disposal as Disposal,
        source_order_rid: p.options.source_order_rid,
        samples: p.options.samples,
      }));
    }
    if (lines.length === 0) throw new DomainError(EMPTY_ORDER);

    const rids = [...new Set(lines.map((l) => l.itemRid))];
    const groups = await groupLines(tx, userId, lines);

    const created = [];
    for (const [typeId, group] of [...groups].sort((a, b) => a[0] - b[0])) {
      // A data-analysis order is never picked up: its delivery is only the contact.
      const sample = takesSample(typeId);
      const orderDelivery = sample ? delivery : selfDelivery({ name: delivery.name, phone: delivery.phone });
      const status = initialStatus({
        needs_quote: kind === 'enterprise' || group.quote,
        pay_mode: payMode,
        delivery_type: orderDelivery.type,
        type_id: typeId,
      });
      const { placed } = await insertOrder(tx, {
        userId,
        typeId,
        status,
        kind,
        payMode,
        rows: group.rows,
        delivery: orderDelivery,
        remark: req.remark,
        note: status === 'quoting' ? '订单需报价，业务经理确认后通知您' : '',
        now,
      });
      created.push(placed);
    }
    // Ordering items straight from the detail page also takes them out of the plan.
    await takePlanLines(tx, userId, usedPlanIds.length > 0 ? { ids: usedPlanIds } : { itemRids: rids });
    return created;
  });
}
