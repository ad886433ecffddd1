// The requirements inbox's calls (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { inboxHandleSchema, InboxItemSchema, inboxListSchema, InboxPageSchema } from './inbox.ts';

export const requireAdminApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/admin/require/list',
    access: 'requirements.read',
    summary: '需求留言列表',
    body: inboxListSchema,
    response: InboxPageSchema,
  }),
  handle: endpoint({
    method: 'POST',
    path: '/api/admin/require/handle',
    access: 'requirements.manage',
    summary: '标记需求留言已处理',
    body: inboxHandleSchema,
    response: InboxItemSchema,
  }),
};
