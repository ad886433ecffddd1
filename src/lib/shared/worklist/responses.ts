// The worklist calls' answers (decision 0082).
import { z } from '../zod.ts';
import { dateOut, pagedOf, ridOut } from '../responses.ts';
import { RESULT_STATUSES } from '../results/results.ts';

/** One piece of work: one result (an item on a sample, or an order line without samples). */
export const WorkRowSchema = z.object({
  rid: ridOut,
  order_rid: ridOut,
  order_no: z.string(),
  sample_no: z.string(),
  sample_name: z.string(),
  item_rid: z.string(),
  item_name: z.string(),
  status: z.enum(RESULT_STATUSES),
  status_text: z.string(),
  /** The order's due date; null: the order has no promise. */
  due_date: dateOut.nullable(),
  /** soon: within 24 working hours of its deadline; breached: past it. */
  due_state: z.enum(['ok', 'soon', 'breached']).nullable(),
  holder: z.object({ id: z.number(), name: z.string() }).nullable(),
  held_at: z.string().nullable(),
  started_at: z.string().nullable(),
  mine: z.boolean(),
});
export type WorkRow = z.output<typeof WorkRowSchema>;

/** An item's work on one instrument. */
const WorkItemGroupSchema = z.object({
  item_rid: z.string(),
  item_name: z.string(),
  /** Waiting on this item (everyone's, whatever the view). */
  waiting: z.number().int(),
  rows: z.array(WorkRowSchema),
});

/** An instrument's queue (device null: items without an instrument named in the catalogue). */
export const WorkGroupSchema = z.object({
  device: z
    .object({ rid: ridOut, name: z.string(), weekly_capacity: z.number().int().nullable() })
    .nullable(),
  waiting: z.number().int(),
  /** Working days the queue needs at the instrument's capacity; null: no capacity set. */
  backlog_days: z.number().nullable(),
  backlog_text: z.string(),
  items: z.array(WorkItemGroupSchema),
});
export type WorkGroup = z.output<typeof WorkGroupSchema>;

export const WorklistSchema = z.object({
  groups: z.array(WorkGroupSchema),
  /** Rows shown (the oldest due first), waiting in all (everyone's), and whether the limit cut the list. */
  shown: z.number().int(),
  total: z.number().int(),
  limited: z.boolean(),
});
export type Worklist = z.output<typeof WorklistSchema>;

/** An order 即将超期 or 已超期 on the dashboard. */
export const DueRowSchema = z.object({
  rid: ridOut,
  order_no: z.string(),
  status_text: z.string(),
  due_date: dateOut,
  /** The end of the due date (ISO). */
  deadline: z.string(),
  customer: z.object({ name: z.string(), company: z.string() }),
  /** Who holds its work (names), empty when nobody has taken it. */
  holders: z.array(z.string()),
  /** Before the deadline: working time left; after it: the delay so far, both in minutes. */
  left_minutes: z.number().int(),
  delay_minutes: z.number().int(),
  /** When the breach was recorded (null before the deadline or until the watch runs). */
  breached_at: z.string().nullable(),
});
export type DueRow = z.output<typeof DueRowSchema>;
export const DuePageSchema = pagedOf(DueRowSchema);
