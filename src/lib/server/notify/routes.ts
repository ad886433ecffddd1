import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { notifyApi } from '../../shared/notify/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { bearerToken, requireUser } from '../platform/http/auth.ts';
import { markRead, messagePages, type MessageOrders } from './messages.ts';

/**
 * message/list, the header's call on every member page, mounted before the guard on /api/auth:
 * it checks the token inside its own single statement (no valid token → 401 '请先登录').
 */
export function messageHotReadRoutes(orders: MessageOrders) {
  const r = new Hono<ApiEnv>();
  const messagePageByToken = messagePages(orders);
  route(r, notifyApi.list, async (c, input) => {
    const { page, size } = await input.body();
    return ok(c, await messagePageByToken(c.var.services, bearerToken(c), page, size));
  });
  return r;
}

/** In-system messages (站内消息), written by the notification worker: marking them read. */
export function messageRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, notifyApi.read, async (c, input) => {
    const me = requireUser(c);
    const { rids } = await input.body();
    return ok(c, { unread: await markRead(c.var.services, me.id, rids) });
  });

  return r;
}
