// Moving an order's due date by hand (decision 0079), declared once (decision 0064).
import { z } from '../zod.ts';
import { endpoint } from '../api/endpoint.ts';
import { isValidDate } from '../slots.ts';
import { required, ridField } from './order.ts';
import { StaffMovedSchema } from './responses.ts';

export const dueMoveSchema = z.object(
  {
    rid: ridField(),
    due_date: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: '[交付日期]不能为空' })
        .min(1, '[交付日期]不能为空')
        .refine(isValidDate, '[交付日期]格式不正确'),
    ),
    reason: required('调整原因', 200),
  },
  { error: '请求参数格式不正确' },
);

export const orderDueApi = {
  move: endpoint({
    method: 'POST',
    path: '/api/admin/order/due',
    access: 'orders.process',
    summary: '调整订单交付日期（须填原因，记入时间线）',
    body: dueMoveSchema,
    response: StaffMovedSchema,
  }),
};
