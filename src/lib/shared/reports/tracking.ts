// Per-sample tracking on the customer's order page (issue 34, decision 0093): where each sample is
// in the lab's work, in the customer's words (在途 / 已签收 / 测试中 / 待审核 / 已出报告 / 已退回 /
// 已销毁), from its custody status, its results and the report versions that name it. Pure rules
// and the answer's shape; the server gathers the facts (reports/tracking.ts).
import { z } from '../zod.ts';
import { dateOut, ridOut } from '../responses.ts';
import { VERSION_STATUSES } from './versions.ts';
import type { SampleStatus } from '../samples/samples.ts';
import type { ResultStatus } from '../results/results.ts';

export const TRACKING_STAGES = [
  'awaiting_post',
  'in_transit',
  'received',
  'testing',
  'reviewing',
  'reported',
  'returned',
  'disposed',
  'abnormal',
] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number];

export const TRACKING_STAGE_TEXT: Record<TrackingStage, string> = {
  awaiting_post: '待寄送',
  in_transit: '在途',
  received: '已签收',
  testing: '测试中',
  reviewing: '待审核',
  reported: '已出报告',
  returned: '已退回',
  disposed: '已销毁',
  abnormal: '异常',
};

/** The steps the order page draws for each sample, in order; the other stages stand beside them. */
export const TRACKING_STEPS: readonly TrackingStage[] = [
  'in_transit',
  'received',
  'testing',
  'reviewing',
  'reported',
];

/** A sample's facts the stage is read from. */
export type TrackingFacts = {
  status: SampleStatus;
  /** The lab has taken it out for testing at least once. */
  taken: boolean;
  /** Its results (one per item on the sample): status, and whether anything was entered. */
  results: { status: ResultStatus; entered: boolean }[];
  /** A version of the order's report that names the sample was issued and not revoked. */
  reported: boolean;
};

/**
 * The sample's stage. Its life's end (sent back, destroyed) wins; then a report naming it; a
 * sample that is 异常 says so; before the lab has it, its courier status; in the lab, 待审核 once
 * every result is submitted or approved (or testing ended with no result to enter), 测试中 once
 * testing began (taken out, or anything entered), else 已签收.
 */
export function trackingStage(f: TrackingFacts): TrackingStage {
  if (f.status === 'returned' || f.status === 'disposed') return f.status;
  if (f.reported) return 'reported';
  if (f.status === 'abnormal') return 'abnormal';
  if (f.status === 'awaiting_post' || f.status === 'in_transit') return f.status;
  const waiting = f.results.filter((r) => r.status === 'draft' || r.status === 'returned');
  if (f.results.length > 0 && waiting.length === 0) return 'reviewing';
  if (f.results.length === 0 && f.status === 'tested') return 'reviewing';
  if (f.status === 'testing' || f.status === 'tested' || f.taken) return 'testing';
  if (f.results.some((r) => r.entered || r.status === 'returned')) return 'testing';
  return 'received';
}

/** The step index drawn as reached (0…4), or -1 before the first (待寄送) or beside the steps. */
export const trackingStep = (stage: TrackingStage) => TRACKING_STEPS.indexOf(stage);

/** A report the customer may open from a sample: a version that names it, not revoked. */
export const TrackingDocumentSchema = z.object({
  rid: ridOut,
  report_no: z.string(),
  status: z.enum(VERSION_STATUSES),
  status_text: z.string(),
  issued_at: z.string(),
});
export type TrackingDocument = z.output<typeof TrackingDocumentSchema>;

export const TrackedSampleSchema = z.object({
  rid: ridOut,
  sample_no: z.string(),
  name: z.string(),
  item_name: z.string(),
  stage: z.enum(TRACKING_STAGES),
  stage_text: z.string(),
  /** Where the sample physically is, in words (快递 and number, the store's shelf, 已寄回…). */
  where: z.string(),
  /** When it reached its present status (its last custody event). */
  since: z.string(),
  /** The promised date for its data (the order's, fixed at receipt), or null. */
  due_date: dateOut.nullable(),
  /** The promise in words: 预计…前出数据, 签收后 N 个工作日出数据, 已出报告; '' when there is none. */
  due_text: z.string(),
  /** Past the promised date without a report. */
  overdue: z.boolean(),
  documents: z.array(TrackingDocumentSchema),
});
export type TrackedSample = z.output<typeof TrackedSampleSchema>;

/** order/tracking: every sample of one of the customer's own orders. */
export const OrderTrackingSchema = z.object({
  rid: ridOut,
  order_no: z.string(),
  samples: z.array(TrackedSampleSchema),
});
export type OrderTracking = z.output<typeof OrderTrackingSchema>;
