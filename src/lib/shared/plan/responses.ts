// What the plan calls answer (decision 0020): the schemas, and the types derived from them.
import { z } from '../zod.ts';
import { fen, ridOut } from '../responses.ts';
import { ItemOptionsSchema } from '../catalogue/responses.ts';
import { TurnaroundSchema } from '../catalogue/turnaround.ts';

/** A delivery as stored (a pickup's date may be empty: the customer picks a new one). */
const DeliveryOutSchema = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  date: z.string(),
  time: z.string(),
  message: z.string(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  address_code: z.string(),
  address_rid: z.string(),
});

/** One line of plan/list. */
export const PlanLineSchema = z.object({
  rid: ridOut,
  item_rid: ridOut,
  name: z.string(),
  img: z.string(),
  /** The child category (the plan groups by it, 31 样品前处理 first). */
  type_id: z.number(),
  /** The child category's name. */
  type_name: z.string(),
  /** The project type (1 送样检测, 3 数据分析): order/add makes one order per project type. */
  project_type: z.number(),
  project_type_name: z.string(),
  price_fen: fen,
  unit: z.string(),
  quote_only: z.boolean(),
  count: z.number().int(),
  parameters: z.record(z.string(), z.string()),
  source: z.number(),
  disposal: z.number(),
  source_order_rid: ridOut.nullable(),
  line_fen: fen,
  options: ItemOptionsSchema,
  /** The item's promise and the date if the samples arrived tomorrow; null: none (decision 0079). */
  turnaround: TurnaroundSchema.nullable(),
  /** The samples of an uploaded sheet (decision 0089); empty: the line has only a count. */
  samples: z.array(
    z.object({ name: z.string(), note: z.string(), parameters: z.record(z.string(), z.string()) }),
  ),
  /** The unit price of the order or template this line came from, when today's differs; else null. */
  was_price_fen: fen.nullable(),
});
export type PlanLine = z.output<typeof PlanLineSchema>;

/** The plan/list answer (also what plan/update and remove answer). */
export const PlanViewSchema = z.object({
  list: z.array(PlanLineSchema),
  groups: z.array(z.object({ type_id: z.number(), name: z.string(), items: z.array(PlanLineSchema) })),
  count: z.number().int(),
  total_fen: fen,
  /** True when any line needs an exact quote before it can be paid. */
  needs_quote: z.boolean(),
  /** The delivery and remark 再来一单 or a template put here, and where from; null: none. */
  draft: z.object({ delivery: DeliveryOutSchema, remark: z.string(), source: z.string() }).nullable(),
});
export type PlanView = z.output<typeof PlanViewSchema>;

/** plan/add: the line added or merged into, and the plan. */
export const PlanAddedSchema = PlanViewSchema.extend({ rid: ridOut });
