// What the results calls answer (decision 0075): an order's results with their fields, entries,
// files and reviews; the review queue; the setting.
import { z } from '../zod.ts';
import { pagedOf, ridOut } from '../responses.ts';
import { ResultFieldOutSchema } from './fields.ts';
import { RESULT_STATUSES, RESULT_VERDICTS } from './results.ts';

export const ResultEntrySchema = z.object({
  key: z.string(),
  /** The field's name as it was when shown (结果说明 for the free-form text). */
  name: z.string(),
  value: z.string(),
  unit: z.string(),
  method: z.string(),
  instrument: z.string(),
  instrument_rid: z.string().nullable(),
  technician: z.string(),
  entered_at: z.string(),
  remark: z.string(),
  out_of_range: z.boolean(),
  /** A later entry of the same field replaced it. */
  superseded: z.boolean(),
});
export type ResultEntry = z.output<typeof ResultEntrySchema>;

export const ResultFileSchema = z.object({
  rid: ridOut,
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** 成品报告: a finished PDF appended to the released report (decision 0081). */
  finished: z.boolean(),
  by: z.string(),
  at: z.string(),
});
export type ResultFile = z.output<typeof ResultFileSchema>;

export const ResultReviewSchema = z.object({
  reviewer: z.string(),
  verdict: z.enum(RESULT_VERDICTS),
  verdict_text: z.string(),
  reason: z.string(),
  /** Which submission it decided (1 for the first, 2 after a return or a reopen…). */
  round: z.number(),
  at: z.string(),
});
export type ResultReview = z.output<typeof ResultReviewSchema>;

export const ResultSchema = z.object({
  rid: ridOut,
  order_rid: ridOut,
  sample_rid: z.string().nullable(),
  /** '' for an order without samples (数据分析, 预约现场). */
  sample_no: z.string(),
  sample_name: z.string(),
  item_rid: z.string(),
  item_name: z.string(),
  status: z.enum(RESULT_STATUSES),
  status_text: z.string(),
  round: z.number(),
  /** Approvals this round, and how many release it. */
  approvals: z.number(),
  reviews_required: z.number(),
  /** The item's default method, and its accreditation marks. */
  method: z.string(),
  accredited: z.boolean(),
  subcontracted_to: z.string().nullable(),
  fields: z.array(ResultFieldOutSchema),
  /** The current entry of each field. */
  latest: z.array(ResultEntrySchema),
  /** Every entry, oldest first, superseded ones included. */
  history: z.array(ResultEntrySchema),
  files: z.array(ResultFileSchema),
  reviews: z.array(ResultReviewSchema),
  /** Everyone who entered or retested it: they may not review it. */
  technicians: z.array(z.string()),
  /** Why the staff member asking may not review it now (null: they may). */
  review_refusal: z.string().nullable(),
  submitted_at: z.string().nullable(),
});
export type ResultView = z.output<typeof ResultSchema>;

export const OrderResultsSchema = z.object({
  reviews_required: z.number(),
  /** The lab's instruments to pick from (name, device rid). */
  instruments: z.array(z.object({ rid: ridOut, name: z.string() })),
  results: z.array(ResultSchema),
});

export const ResultQueueRowSchema = z.object({
  rid: ridOut,
  order_rid: ridOut,
  order_no: z.string(),
  customer: z.string(),
  item_name: z.string(),
  sample_no: z.string(),
  entered_by: z.string(),
  submitted_at: z.string(),
  waited_minutes: z.number(),
  approvals: z.number(),
  reviews_required: z.number(),
  latest: z.array(ResultEntrySchema),
  files: z.array(ResultFileSchema),
  review_refusal: z.string().nullable(),
});
export type ResultQueueRow = z.output<typeof ResultQueueRowSchema>;
export const ResultQueueSchema = pagedOf(ResultQueueRowSchema);

export const ResultSettingsSchema = z.object({ reviews_required: z.number() });
