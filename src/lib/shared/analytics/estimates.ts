// 预计与实际开始测试 (issue 35, decision 0097): per order received in a range, the start estimate
// told when it was ordered (or quoted) beside the working days testing actually took to start.
import { z } from '../zod.ts';
import { dateOut, ridOut } from '../responses.ts';
import { dateField, rangeChecks } from './turnaround.ts';

export const estimatesSchema = rangeChecks(
  z.object({ from: dateField('开始日期'), to: dateField('结束日期') }, { error: '请求参数格式不正确' }),
);
export type EstimatesQuery = z.output<typeof estimatesSchema>;

/** kept: started within the estimate; late: started after it, or still waiting past it; waiting: not yet. */
export const ESTIMATE_OUTCOMES = ['kept', 'late', 'waiting'] as const;
export type EstimateOutcome = (typeof ESTIMATE_OUTCOMES)[number];
export const ESTIMATE_OUTCOME_TEXT: Record<EstimateOutcome, string> = {
  kept: '按预计开始',
  late: '晚于预计',
  waiting: '尚未开始',
};

export const EstimateRowSchema = z.object({
  order_rid: ridOut,
  order_no: z.string(),
  items: z.string(),
  /** The longest of its lines' estimates, in working days from receipt. */
  estimate_days: z.number().int(),
  received_at: z.string(),
  started_at: z.string().nullable(),
  /** Working days from receipt to the start (so far, while not started). */
  actual_days: z.number().int(),
  outcome: z.enum(ESTIMATE_OUTCOMES),
});
export type EstimateRow = z.output<typeof EstimateRowSchema>;

export const EstimatesSchema = z.object({
  from: dateOut,
  to: dateOut,
  /** Orders with an estimate received in the range; started; started within their estimate. */
  orders: z.number().int(),
  started: z.number().int(),
  kept: z.number().int(),
  /** kept / started, in percent (null: none started). */
  kept_pct: z.number().nullable(),
  /** Mean working days over the started orders, estimated and actual (null: none started). */
  mean_estimate_days: z.number().nullable(),
  mean_actual_days: z.number().nullable(),
  /** The most recent receipts first, at most ROW_LIMIT. */
  rows: z.array(EstimateRowSchema),
});
export type Estimates = z.output<typeof EstimatesSchema>;

export const ESTIMATE_ROW_LIMIT = 1000;
