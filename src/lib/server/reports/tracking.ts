// Per-sample tracking (issue 34, decision 0093): one of the customer's own orders, each sample's
// stage and whereabouts, its promised date and the report versions that name it. Reports sits
// above samples, results and orders, so it is the one domain that may read all three.
import { eq, ne, and, desc, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { findOwnOrder, orderLineDirectory } from '../orders/index.ts';
import { whereaboutsOf } from '../samples/index.ts';
import { resultStatesOf } from '../results/index.ts';
import { reports, reportVersions } from './tables.ts';
import { VERSION_STATUS_TEXT } from '../../shared/reports/versions.ts';
import { chineseDate, shanghaiDate } from '../../shared/time.ts';
import {
  TRACKING_STAGE_TEXT,
  trackingStage,
  type OrderTracking,
  type TrackingDocument,
  type TrackingStage,
} from '../../shared/reports/tracking.ts';

const line = orderLineDirectory('tracking_line');

/** Stages still waiting for the data: a promise is worth showing, and may be missed. */
const WAITING: readonly TrackingStage[] = ['received', 'testing', 'reviewing', 'abnormal'];

/** The promise in words for a sample at this stage (the order's date once fixed at receipt). */
function promiseText(stage: TrackingStage, due: string | null, days: number | null): string {
  if (stage === 'reported') return '报告已出具';
  if (WAITING.includes(stage)) return due ? `预计 ${chineseDate(due)} 前出数据` : '';
  if ((stage === 'awaiting_post' || stage === 'in_transit') && days) return `签收后 ${days} 个工作日出数据`;
  return '';
}

/** order/tracking: every sample of the customer's own order (another's reads as not found). */
export async function orderTracking(s: Services, userId: number, rid: string): Promise<OrderTracking> {
  const order = await findOwnOrder(s.db, userId, rid);
  const [where, results, lines, versions] = await Promise.all([
    whereaboutsOf(s.db, order.id),
    resultStatesOf(s.db, order.id),
    s.db.select({ id: line.id, days: line.turnaroundDays }).from(line).where(eq(line.orderId, order.id)),
    // The sample numbers each version's results (or sample list) name, not the whole document.
    s.db
      .select({
        rid: reportVersions.rid,
        reportNo: reportVersions.reportNo,
        status: reportVersions.status,
        issuedAt: reportVersions.issuedAt,
        named: sql<
          string[]
        >`(select coalesce(jsonb_agg(distinct x->>'sample_no'), '[]'::jsonb) from jsonb_array_elements(coalesce(${reportVersions.document}->'results', '[]'::jsonb) || coalesce(${reportVersions.document}->'samples', '[]'::jsonb)) x)`,
      })
      .from(reportVersions)
      .innerJoin(reports, eq(reports.id, reportVersions.reportId))
      .where(and(eq(reports.orderId, order.id), ne(reportVersions.status, 'revoked')))
      .orderBy(desc(reportVersions.version)),
  ]);
  const quoteDays = order.quote?.turnaround_days ?? null;
  const daysOfLine = new Map(lines.map((l) => [l.id, quoteDays ?? l.days]));
  const today = shanghaiDate(s.now());
  const resultsOf = Map.groupBy(results, (r) => r.sampleId);
  return {
    rid: order.rid,
    order_no: order.orderNo,
    samples: where.map(({ sample, taken, since, where: place }) => {
      const documents: TrackingDocument[] = versions
        .filter((v) => v.named.includes(sample.sampleNo))
        .map((v) => ({
          rid: v.rid,
          report_no: v.reportNo,
          status: v.status,
          status_text: VERSION_STATUS_TEXT[v.status],
          issued_at: v.issuedAt.toISOString(),
        }));
      const stage = trackingStage({
        status: sample.status,
        taken,
        results: resultsOf.get(sample.id) ?? [],
        reported: documents.length > 0,
      });
      const due = WAITING.includes(stage) ? order.dueDate : null;
      return {
        rid: sample.rid,
        sample_no: sample.sampleNo,
        name: sample.name,
        item_name: sample.itemName,
        stage,
        stage_text: TRACKING_STAGE_TEXT[stage],
        where: place,
        since: since.toISOString(),
        due_date: due,
        due_text: promiseText(stage, due, daysOfLine.get(sample.orderItemId) ?? null),
        overdue: due !== null && today > due,
        documents,
      };
    }),
  };
}
