import { Hono } from 'hono';
import { MessagePageSchema, UnreadSchema } from '../../shared/notify/responses.ts';
import { contract } from '../platform/http/contract.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { bearerToken, requireUser } from '../platform/http/auth.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import { z } from '../../shared/zod.ts';
import { markRead, messagePageByToken } from './messages.ts';

/** message/read: the messages to mark read (none: all of them). */
const messageReadSchema = z.object(
  { rids: z.array(z.string().trim().min(1).max(64), { error: '[消息]格式不正确' }).max(100).optional() },
  { error: '请求参数格式不正确' },
);

/**
 * message/list, the header's call on every member page, mounted before the guard on /api/auth:
 * it checks the token inside its own single statement (no valid token → 401 '请先登录').
 */
export function messageHotReadRoutes() {
  const r = new Hono<ApiEnv>();
  r.post('/message/list', contract({ body: PageRequestSchema, response: MessagePageSchema }), async (c) => {
    const { page, size } = await readBody(c, PageRequestSchema);
    return ok(c, await messagePageByToken(c.var.services, bearerToken(c), page, size));
  });
  return r;
}

/** In-system messages (站内消息), written by the notification worker: marking them read. */
export function messageRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/message/read', contract({ body: messageReadSchema, response: UnreadSchema }), async (c) => {
    const me = requireUser(c);
    const { rids } = await readBody(c, messageReadSchema);
    return ok(c, { unread: await markRead(c.var.services, me.id, rids) });
  });

  return r;
}
