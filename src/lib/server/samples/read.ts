// Reading samples (decision 0069): an order's samples in one statement, and one sample's trail.
import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db/client.ts';
import { sampleEvents, samples } from './tables.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import {
  ABNORMAL_REASON_TEXT,
  RENAMABLE,
  SAMPLE_EVENT_TEXT,
  SAMPLE_STATUS_TEXT,
  type AbnormalReason,
  type SampleEventDetails,
} from '../../shared/samples/samples.ts';
import { canAskReturn, disposableFrom, retentionText } from '../../shared/samples/disposal.ts';
import type { OrderSample, SampleEvent } from '../../shared/samples/responses.ts';
import type { SampleRow } from './records.ts';
import { shanghaiDate } from '../../shared/time.ts';

/** A sample as lists show it; `events` is how many events its trail has. */
export function toOrderSample(s: SampleRow, events: number): OrderSample {
  return {
    rid: s.rid,
    sample_no: s.sampleNo,
    name: s.name,
    item_rid: s.itemRid,
    item_name: s.itemName,
    status: s.status,
    status_text: SAMPLE_STATUS_TEXT[s.status],
    location_id: s.locationId,
    location: s.locationLabel,
    retention: {
      disposal: s.disposal,
      text: retentionText(s.disposal),
      until: s.retainUntil,
      disposable_from: s.retainUntil ? disposableFrom(s.retainUntil) : null,
      can_ask_return: canAskReturn(s),
    },
    label_prints: s.labelPrints,
    events_count: events,
    renamable: RENAMABLE.includes(s.status),
  };
}

// Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the
// subquery would name the events' own columns.
const eventsCount = sql<number>`(select count(*)::int from "sample_events" e where e."sample_id" = "samples"."id")`;

/** An order's samples in label order, each with its number of events: one statement. */
export async function samplesOfOrder(db: Db | Tx, orderId: number): Promise<OrderSample[]> {
  const rows = await db
    .select({ s: samples, events: eventsCount })
    .from(samples)
    .where(eq(samples.orderId, orderId))
    .orderBy(samples.sampleNo);
  return rows.map((r) => toOrderSample(r.s, r.events));
}

/** An event's particulars in words: courier and number, location, technician and instrument… */
function detailText(d: SampleEventDetails): string {
  const parts = [
    d.courier && `快递：${d.courier}${d.number ? ` ${d.number}` : ''}`,
    d.location && `位置：${d.location}`,
    d.technician && `测试人员：${d.technician}`,
    d.instrument && `仪器：${d.instrument}`,
    d.reason && `原因：${ABNORMAL_REASON_TEXT[d.reason as AbnormalReason] ?? d.reason}`,
    d.method && `方式：${d.method}`,
    d.witness && `见证人：${d.witness}`,
    d.new_name !== undefined && `名称：${d.old_name ?? ''} → ${d.new_name}`,
  ];
  return parts.filter(Boolean).join('；');
}

const actor = userDirectory('sample_actor');

/**
 * A sample's events, oldest first. Staff see who did each step; the customer sees the lab's
 * steps as the lab's (no staff names) and the particulars of each.
 */
export async function trailOf(db: Db | Tx, sampleId: number, forStaff: boolean): Promise<SampleEvent[]> {
  const rows = await db
    .select({ e: sampleEvents, who: sql<string | null>`${displayNameOf(actor)}` })
    .from(sampleEvents)
    .leftJoin(actor, eq(actor.id, sampleEvents.actorId))
    .where(eq(sampleEvents.sampleId, sampleId))
    .orderBy(sampleEvents.id);
  return rows.map(({ e, who }) => ({
    kind: e.kind,
    kind_text: SAMPLE_EVENT_TEXT[e.kind],
    from: e.fromStatus,
    to: e.toStatus,
    to_text: SAMPLE_STATUS_TEXT[e.toStatus],
    actor: e.actorKind,
    by: forStaff && e.actorKind === 'staff' ? e.actorName || who || '' : '',
    detail: detailText(e.details),
    note: e.note,
    at: e.at.toISOString(),
  }));
}

/**
 * The samples as other domains read them beside their own rows (results per sample and line,
 * decision 0075): a read-only subquery joined on `id` or `orderId` under the alias given.
 */
export const sampleDirectory = (alias: string) =>
  new QueryBuilder()
    .select({
      id: samples.id,
      rid: samples.rid,
      orderId: samples.orderId,
      orderItemId: samples.orderItemId,
      sampleNo: samples.sampleNo,
      name: samples.name,
      itemName: samples.itemName,
      status: samples.status,
    })
    .from(samples)
    .as(alias);

/**
 * What a report says of an order's samples on arrival (decision 0080): the day the lab first
 * signed for one of them, and each sample's condition in words, from its abnormal events (完好
 * when it has none; the reason and the note when it has).
 */
export async function receiptFactsOf(
  db: Db | Tx,
  orderId: number,
): Promise<{ received_on: string | null; conditions: Map<string, string> }> {
  const rows = await db
    .select({
      no: samples.sampleNo,
      kind: sampleEvents.kind,
      details: sampleEvents.details,
      note: sampleEvents.note,
      at: sampleEvents.at,
    })
    .from(sampleEvents)
    .innerJoin(samples, eq(samples.id, sampleEvents.sampleId))
    .where(eq(samples.orderId, orderId))
    .orderBy(sampleEvents.id);
  let first: Date | null = null;
  const conditions = new Map<string, string>();
  for (const r of rows) {
    if (r.kind === 'received' && (!first || r.at < first)) first = r.at;
    if (r.kind !== 'abnormal') continue;
    const reason = ABNORMAL_REASON_TEXT[r.details.reason as AbnormalReason] ?? r.details.reason ?? '异常';
    const said = [conditions.get(r.no), `${reason}${r.note ? `（${r.note}）` : ''}`].filter(Boolean);
    conditions.set(r.no, said.join('；'));
  }
  return { received_on: first ? shanghaiDate(first) : null, conditions };
}

/** What the order page's tracking (decision 0093) reads of one sample beyond its row. */
export type SampleWhereabouts = {
  sample: SampleRow;
  /** Taken out for testing at least once. */
  taken: boolean;
  /** When it reached its present status (its last moving event). */
  since: Date;
  /** Where it physically is, in the customer's words. */
  where: string;
};

const courierText = (d: SampleEventDetails | undefined) =>
  d?.courier ? `${d.courier}${d.number ? ` ${d.number}` : ''}` : '';

/** Where a sample is, from its status and the particulars of the events that put it there. */
function whereText(s: SampleRow, last: Map<string, SampleEventDetails>, since: Date): string {
  switch (s.status) {
    case 'awaiting_post':
      return '尚未寄出';
    case 'in_transit': {
      const c = courierText(last.get('posted'));
      return c ? `运输中，寄往实验室（${c}）` : '运输中，寄往实验室';
    }
    case 'received':
      return '实验室已签收，待入库';
    case 'stored':
      return s.locationLabel ? `实验室样品库：${s.locationLabel}` : '实验室样品库';
    case 'testing': {
      const instrument = last.get('taken')?.instrument;
      return instrument ? `实验室测试中（${instrument}）` : '实验室测试中';
    }
    case 'tested':
      return '实验室，已测完';
    case 'return_pending':
      return '实验室，待退回';
    case 'returned': {
      const c = courierText(last.get('returned'));
      return c ? `已寄回（${c}）` : '已寄回';
    }
    case 'disposal_pending':
      return '实验室，待销毁';
    case 'disposed':
      return `已于 ${shanghaiDate(since)} 销毁`;
    case 'abnormal': {
      const reason = last.get('abnormal')?.reason;
      return `异常：${ABNORMAL_REASON_TEXT[reason as AbnormalReason] ?? reason ?? '请联系业务经理'}`;
    }
  }
}

/**
 * An order's samples with where each is and since when (decision 0093): two statements, the
 * samples and their events, folded here (a 500-sample order reads a few thousand events).
 */
export async function whereaboutsOf(db: Db | Tx, orderId: number): Promise<SampleWhereabouts[]> {
  const rows = await db.select().from(samples).where(eq(samples.orderId, orderId)).orderBy(samples.sampleNo);
  if (rows.length === 0) return [];
  const events = await db
    .select({
      sampleId: sampleEvents.sampleId,
      kind: sampleEvents.kind,
      details: sampleEvents.details,
      at: sampleEvents.at,
    })
    .from(sampleEvents)
    .innerJoin(samples, eq(samples.id, sampleEvents.sampleId))
    .where(eq(samples.orderId, orderId))
    .orderBy(sampleEvents.id);
  const bySample = new Map<number, { last: Map<string, SampleEventDetails>; since: Date; taken: boolean }>();
  for (const e of events) {
    const f = bySample.get(e.sampleId) ?? { last: new Map(), since: e.at, taken: false };
    f.last.set(e.kind, e.details);
    // A rename is not a move: the sample stays where it was since its last hand-over.
    if (e.kind !== 'renamed') f.since = e.at;
    if (e.kind === 'taken') f.taken = true;
    bySample.set(e.sampleId, f);
  }
  return rows.map((s) => {
    const f = bySample.get(s.id) ?? { last: new Map(), since: s.createdAt, taken: false };
    return { sample: s, taken: f.taken, since: f.since, where: whereText(s, f.last, f.since) };
  });
}
