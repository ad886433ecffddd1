// The console's requirements inbox (issue 18): the /require posts, each marked handled once
// followed up.
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { pagedOf } from '../responses.ts';
import { optText } from '../orders/order.ts';

export const inboxListSchema = PageRequestSchema.extend({
  handled: z.boolean({ error: '[处理状态]格式不正确' }).optional(),
});

export const inboxHandleSchema = z.object(
  {
    id: z
      .number({ error: '[留言]格式不正确' })
      .int('[留言]格式不正确')
      .positive('[留言]格式不正确')
      .max(2_147_483_647, '[留言]格式不正确'),
    note: optText('处理说明', 200),
  },
  { error: '请求参数格式不正确' },
);

export const InboxItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  content: z.string(),
  created: z.string(),
  handled: z.boolean(),
  handled_at: z.string().nullable(),
  handled_note: z.string(),
});
export const InboxPageSchema = pagedOf(InboxItemSchema);
