// Repeat orders and saved templates (常用模板, decision 0089): what a template keeps, the requests
// of its calls and what they answer. Pure; shared by the plan page, the member centre and the server.
import { z } from '../zod.ts';
import { fen, ridOut } from '../responses.ts';
import { deliverySchema } from '../orders/order.ts';
import type { SheetSample } from './sheet.ts';
import { PlanViewSchema } from './responses.ts';

export const TEMPLATE_MAX = 20;
export const TEMPLATE_NAME_MAX = 30;

/** One line of a template, or of a past order put back into the plan. */
export type TemplateLine = {
  item_rid: string;
  count: number;
  parameters: Record<string, string>;
  source: number;
  disposal: number;
  source_order_rid?: string;
  samples?: SheetSample[];
  /** The unit price when it was saved (or ordered): a later change is shown in the plan. */
  price_fen: number;
};

const ridField = (label: string) =>
  z
    .string({ error: `[${label}]不能为空` })
    .trim()
    .min(1, `[${label}]不能为空`)
    .max(64, `[${label}]不存在`);

const nameField = z
  .string({ error: '[模板名称]不能为空' })
  .trim()
  .min(1, '[模板名称]不能为空')
  .max(TEMPLATE_NAME_MAX, `[模板名称]不能超过${TEMPLATE_NAME_MAX}个字`);

/** 再来一单: the past order whose lines, delivery and remark go into the plan. */
export const repeatSchema = z.object({ rid: ridField('订单') }, { error: '请求参数格式不正确' });

/** Saving a template from one of the customer's orders. */
export const templateFromOrderSchema = z.object(
  { rid: ridField('订单'), name: nameField },
  { error: '请求参数格式不正确' },
);

/** Saving the plan as a template, with the delivery and remark the plan page holds. */
export const templateFromPlanSchema = z.object(
  {
    name: nameField,
    delivery: deliverySchema.optional(),
    remark: z.string().trim().max(500, '[备注]不能超过500个字').optional(),
  },
  { error: '请求参数格式不正确' },
);

export const templateRidSchema = z.object({ rid: ridField('模板') }, { error: '请求参数格式不正确' });

/** One template in the member centre's list. */
export const TemplateSchema = z.object({
  rid: ridOut,
  name: z.string(),
  items: z.array(z.object({ item_rid: z.string(), name: z.string(), count: z.number().int() })),
  delivery_text: z.string(),
  created: z.string(),
});
export type PlanTemplate = z.output<typeof TemplateSchema>;
export const TemplateListSchema = z.object({ list: z.array(TemplateSchema), total: z.number().int() });

/** What went into the plan: the plan, what was left out (off sale) and whose price moved. */
export const FilledPlanSchema = PlanViewSchema.extend({
  skipped: z.array(z.string()),
  changed: z.array(z.object({ name: z.string(), was_fen: fen, now_fen: fen })),
});
export type FilledPlan = z.output<typeof FilledPlanSchema>;
