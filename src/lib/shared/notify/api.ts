// In-system messages under /api/auth (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { MessagePageSchema, UnreadSchema } from './responses.ts';

/** message/read: the messages to mark read (none: all of them). */
const messageReadSchema = z.object(
  { rids: z.array(z.string().trim().min(1).max(64), { error: '[消息]格式不正确' }).max(100).optional() },
  { error: '请求参数格式不正确' },
);

export const notifyApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/auth/message/list',
    access: 'signed-in',
    summary: '站内消息列表',
    body: PageRequestSchema,
    response: MessagePageSchema,
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/auth/message/read',
    access: 'signed-in',
    summary: '标记消息已读',
    body: messageReadSchema,
    response: UnreadSchema,
  }),
};
