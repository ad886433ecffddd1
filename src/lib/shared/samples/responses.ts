// What the samples calls answer (decision 0069): a sample as an order's detail lists it, and one
// sample's custody trail.
import { z } from '../zod.ts';
import { ridOut } from '../responses.ts';
import { SAMPLE_EVENT_KINDS, SAMPLE_STATUSES } from './samples.ts';

const status = z.enum(SAMPLE_STATUSES);

/** What the lab does with the sample after testing, and until when it keeps it. */
export const RetentionSchema = z.object({
  /** The line's disposal: 0 destroyed, 1 sent back, 2 kept in the store. */
  disposal: z.number().int(),
  text: z.string(),
  /** The last day kept (decision 0073), once testing has ended; null for a sample sent back. */
  until: z.string().nullable(),
  /** The first day it may be disposed of, or null. */
  disposable_from: z.string().nullable(),
  /** The order page offers 申请寄回 (ask for it back instead of its disposal). */
  can_ask_return: z.boolean(),
});

/** One sample of an order (order/detail, customer and staff). */
export const OrderSampleSchema = z.object({
  rid: ridOut,
  sample_no: z.string(),
  name: z.string(),
  item_rid: z.string(),
  item_name: z.string(),
  status,
  status_text: z.string(),
  location_id: z.number().int().nullable(),
  /** Where it is stored, in words, or null. */
  location: z.string().nullable(),
  retention: RetentionSchema,
  label_prints: z.number().int(),
  events_count: z.number().int(),
  /** The customer may still rename it (before the lab receives it). */
  renamable: z.boolean(),
});
export type OrderSample = z.output<typeof OrderSampleSchema>;

/** One custody event as the trail shows it. */
export const SampleEventSchema = z.object({
  kind: z.enum(SAMPLE_EVENT_KINDS),
  kind_text: z.string(),
  from: status.nullable(),
  to: status,
  to_text: z.string(),
  actor: z.enum(['customer', 'staff', 'system']),
  /** Who: the staff member's name for staff, else empty for the customer's own view. */
  by: z.string(),
  /** The event's particulars in words (courier and number, location, technician…). */
  detail: z.string(),
  note: z.string(),
  at: z.string(),
});
export type SampleEvent = z.output<typeof SampleEventSchema>;

/** sample/trail: the sample and every event, oldest first. */
export const SampleTrailSchema = OrderSampleSchema.extend({
  order_rid: ridOut,
  order_no: z.string(),
  events: z.array(SampleEventSchema),
});
export type SampleTrail = z.output<typeof SampleTrailSchema>;
