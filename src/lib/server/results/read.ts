// Reading results (decision 0075): each with its item's fields, its entries (current and past),
// raw data files and reviews, and whether the staff member asking may review it. A few statements
// for a whole order or a page of the queue, never one per result.
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { resultEntries, resultFiles, resultReviews } from './tables.ts';
import type { ResultRow } from './records.ts';
import { itemResultSpecs, type ItemResultSpec } from '../catalogue/index.ts';
import { orderDirectory } from '../orders/index.ts';
import { sampleDirectory } from '../samples/index.ts';
import { RESULT_STATUS_TEXT, RESULT_VERDICT_TEXT, reviewRefusal } from '../../shared/results/results.ts';
import type { ResultEntry, ResultFile, ResultView } from '../../shared/results/responses.ts';

type EntryRow = typeof resultEntries.$inferSelect;
type ReviewRow = typeof resultReviews.$inferSelect;

const order = orderDirectory('result_view_order');
const sample = sampleDirectory('result_view_sample');

/** Rows of a table by result id, oldest first. */
function byResult<T extends { resultId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of rows) map.set(r.resultId, [...(map.get(r.resultId) ?? []), r]);
  return map;
}

const toEntry = (e: EntryRow, superseded: boolean): ResultEntry => ({
  key: e.fieldKey,
  name: e.fieldName,
  value: e.value,
  unit: e.unit,
  method: e.method,
  instrument: e.instrument,
  instrument_rid: e.instrumentRid,
  technician: e.technicianName,
  entered_at: e.enteredAt.toISOString(),
  remark: e.remark,
  out_of_range: e.outOfRange,
  superseded,
});

/** The current entry of each field: the item's fields in their order, then any other keys. */
export function latestEntries(entries: EntryRow[], spec: ItemResultSpec | undefined): EntryRow[] {
  const last = new Map<string, EntryRow>();
  for (const e of entries) last.set(e.fieldKey, e);
  const order = [...(spec?.resultFields.map((f) => f.key) ?? []), ...last.keys()];
  return [...new Set(order)].flatMap((k) => (last.has(k) ? [last.get(k)!] : []));
}

/** Who approved a result in its current round. */
export const approversOf = (r: ResultRow, reviews: ReviewRow[]) =>
  reviews.filter((v) => v.round === r.round && v.verdict === 'approve').map((v) => v.reviewerId);

/** Everything the views of these results need, in five statements. */
export async function gatherResults(db: Db | Tx, rows: ResultRow[]) {
  const ids = rows.map((r) => r.id);
  const none = ids.length === 0;
  const [entries, files, reviews, specs, samples, orders] = await Promise.all([
    none
      ? []
      : db.select().from(resultEntries).where(inArray(resultEntries.resultId, ids)).orderBy(resultEntries.id),
    none
      ? []
      : db.select().from(resultFiles).where(inArray(resultFiles.resultId, ids)).orderBy(resultFiles.id),
    none
      ? []
      : db.select().from(resultReviews).where(inArray(resultReviews.resultId, ids)).orderBy(resultReviews.id),
    itemResultSpecs(
      db,
      rows.map((r) => r.itemRid),
    ),
    none
      ? []
      : db
          .select({ id: sample.id, rid: sample.rid, sampleNo: sample.sampleNo, name: sample.name })
          .from(sample)
          .where(
            inArray(sample.id, rows.flatMap((r) => (r.sampleId === null ? [] : [r.sampleId])).concat(0)),
          ),
    none
      ? []
      : db
          .select({ id: order.id, rid: order.rid })
          .from(order)
          .where(inArray(order.id, [...new Set(rows.map((r) => r.orderId))])),
  ]);
  return {
    entries: byResult(entries),
    files: byResult(files),
    reviews: byResult(reviews),
    specs,
    samples: new Map(samples.map((s) => [s.id, s])),
    orderRids: new Map(orders.map((o) => [o.id, o.rid])),
  };
}
export type Gathered = Awaited<ReturnType<typeof gatherResults>>;

const toFile = (f: typeof resultFiles.$inferSelect): ResultFile => ({
  rid: f.fileRid,
  name: f.name,
  size: f.size,
  sha256: f.sha256,
  finished: f.finished,
  by: f.uploadedByName,
  at: f.at.toISOString(),
});

/** One result as the console shows it to staff member `me`. */
export function toView(r: ResultRow, g: Gathered, me: number, required: number): ResultView {
  const entries = g.entries.get(r.id) ?? [];
  // Who uploaded a file produced the result as much as who typed a value: neither reviews it.
  const files = g.files.get(r.id) ?? [];
  const reviews = g.reviews.get(r.id) ?? [];
  const spec = g.specs.get(r.itemRid);
  const s = r.sampleId === null ? undefined : g.samples.get(r.sampleId);
  const latest = latestEntries(entries, spec);
  const current = new Set(latest.map((e) => e.id));
  const approvedBy = approversOf(r, reviews);
  return {
    rid: r.rid,
    order_rid: g.orderRids.get(r.orderId) ?? '',
    sample_rid: s?.rid ?? null,
    sample_no: s?.sampleNo ?? '',
    sample_name: s?.name ?? '',
    item_rid: r.itemRid,
    item_name: r.itemName,
    status: r.status,
    status_text: RESULT_STATUS_TEXT[r.status],
    round: r.round,
    approvals: r.status === 'submitted' || r.status === 'approved' ? approvedBy.length : 0,
    reviews_required: required,
    method: spec?.method ?? '',
    accredited: spec?.accredited ?? true,
    subcontracted_to: spec?.subcontractedTo ?? null,
    fields: spec?.resultFields ?? [],
    latest: latest.map((e) => toEntry(e, false)),
    history: entries.map((e) => toEntry(e, !current.has(e.id))),
    files: files.map(toFile),
    reviews: reviews.map((v) => ({
      reviewer: v.reviewerName,
      verdict: v.verdict,
      verdict_text: RESULT_VERDICT_TEXT[v.verdict],
      reason: v.reason,
      round: v.round,
      at: v.at.toISOString(),
    })),
    technicians: [
      ...new Set([...entries.map((e) => e.technicianName), ...files.map((f) => f.uploadedByName)]),
    ],
    review_refusal: reviewRefusal({
      status: r.status,
      me,
      technicians: [...entries.map((e) => e.technicianId), ...files.map((f) => f.uploadedBy)],
      approvedBy,
    }),
    submitted_at: r.submittedAt?.toISOString() ?? null,
  };
}

/** The views of these results, in sample then line order. */
export async function viewsOf(db: Db | Tx, rows: ResultRow[], me: number, required: number) {
  const g = await gatherResults(db, rows);
  const views = rows.map((r) => toView(r, g, me, required));
  const line = new Map(rows.map((r) => [r.rid, r.orderItemId]));
  return views.sort((a, b) => a.sample_no.localeCompare(b.sample_no) || line.get(a.rid)! - line.get(b.rid)!);
}
