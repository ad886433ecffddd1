import { Hono } from 'hono';
import { MessagePageSchema, UnreadSchema } from '../../shared/notify/responses.ts';
import { contract } from '../platform/http/contract.ts';
import type { ApiEnv } from '../app.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import { z } from '../../shared/zod.ts';
import { listMessages, markRead } from './messages.ts';

/** message/read: the messages to mark read (none: all of them). */
const messageReadSchema = z.object(
  { rids: z.array(z.string().trim().min(1).max(64), { error: '[消息]格式不正确' }).max(100).optional() },
  { error: '请求参数格式不正确' },
);

/** In-system messages (站内消息), written by the notification worker: the customer's reads. */
export function messageRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/message/list', contract({ body: PageRequestSchema, response: MessagePageSchema }), async (c) => {
    const me = requireUser(c);
    const { page, size } = await readBody(c, PageRequestSchema);
    return ok(c, await listMessages(c.var.services, me.id, page, size));
  });

  r.post('/message/read', contract({ body: messageReadSchema, response: UnreadSchema }), async (c) => {
    const me = requireUser(c);
    const { rids } = await readBody(c, messageReadSchema);
    return ok(c, { unread: await markRead(c.var.services, me.id, rids) });
  });

  return r;
}
