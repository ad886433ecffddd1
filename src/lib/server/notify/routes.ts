import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { notifyApi } from '../../shared/notify/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { bearerToken, requireUser } from '../platform/http/auth.ts';
import { markRead, messagePages, type MessageOrders } from './messages.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { ColumnOf, HandedDirectory } from '../platform/db/subquery.ts';
import { DomainError } from '../platform/errors.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';
import { wechatOpenid } from '../accounts/index.ts';
import type { Services } from '../platform/services.ts';
import { NOTIFY_KINDS } from '../../shared/notify/channels.ts';
import { choicesOf, grantSubscriptions, saveChoices, subscribedKinds } from './preferences.ts';
import { deliveryLog } from './deliveries.ts';

/** The orders a customer subscribes for and staff read the log of: orders' directory, handed in. */
export type NotifyOrders = HandedDirectory<{
  id: ColumnOf<number>;
  rid: ColumnOf<string>;
  userId: ColumnOf<number>;
}>;

async function settingsOf(s: Services, userId: number) {
  const choices = await choicesOf(s.db, userId);
  return {
    wechat_bound: Boolean(await wechatOpenid(s.db, userId)),
    list: NOTIFY_KINDS.map((kind) => ({ kind, ...choices[kind] })),
  };
}

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

/**
 * In-system messages (站内消息), written by the notification worker: marking them read; the
 * customer's channels per kind of news and WeChat subscriptions at order submit (decision 0091).
 */
export function messageRoutes(orderDirectory: NotifyOrders) {
  const r = new Hono<ApiEnv>();
  const orders = orderDirectory('o');

  route(r, notifyApi.settings, async (c) => ok(c, await settingsOf(c.var.services, requireUser(c).id)));

  route(r, notifyApi.saveSettings, async (c, input) => {
    const me = requireUser(c);
    const { list } = await input.body();
    await saveChoices(c.var.services.db, me.id, list, c.var.services.now());
    return ok(c, await settingsOf(c.var.services, me.id), '通知设置已保存');
  });

  route(r, notifyApi.subscribe, async (c, input) => {
    const me = requireUser(c);
    const { order_rids, kinds } = await input.body();
    const s = c.var.services;
    const mine = await s.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.rid, order_rids), eq(orders.userId, me.id)));
    if (mine.length !== new Set(order_rids).size) throw new DomainError(ORDER_NOT_FOUND);
    if (kinds.length > 0 && !(await wechatOpenid(s.db, me.id)))
      throw new DomainError('请先在个人中心绑定微信');
    const ids = mine.map((o) => o.id);
    await grantSubscriptions(s.db, me.id, ids, kinds, s.now());
    return ok(
      c,
      { kinds: await subscribedKinds(s.db, ids) },
      kinds.length > 0 ? '已订阅微信通知' : '操作成功!',
    );
  });

  route(r, notifyApi.wxConfig, async (c, input) => {
    requireUser(c);
    const { url } = await input.body();
    const s = c.var.services;
    // Only our own pages: WeChat checks the domain too, but nothing else needs a signature.
    const site = new URL(s.env.PUBLIC_SITE_URL).origin;
    if (!URL.canParse(url) || new URL(url).origin !== site) throw new DomainError('[页面地址]不正确');
    const off = { enabled: false, app_id: '', timestamp: 0, nonce_str: '', signature: '', templates: {} };
    try {
      const config = await s.wechat.jsSdkConfig(url.split('#')[0]);
      if (!config) return ok(c, off);
      return ok(c, {
        enabled: true,
        app_id: config.appId,
        timestamp: config.timestamp,
        nonce_str: config.nonceStr,
        signature: config.signature,
        templates: config.templates,
      });
    } catch (error) {
      // WeChat unreachable: the page keeps its own prompt rather than failing the customer.
      console.warn('[wechat] JS-SDK config failed:', (error as Error).message);
      return ok(c, off);
    }
  });

  route(r, notifyApi.read, async (c, input) => {
    const me = requireUser(c);
    const { rids } = await input.body();
    return ok(c, { unread: await markRead(c.var.services, me.id, rids) });
  });

  return r;
}

/** The console order page's 通知记录: every channel's delivery of the order's news. */
export function notifyAdminRoutes(orderDirectory: NotifyOrders) {
  const r = new Hono<ApiEnv>();
  const orders = orderDirectory('o');
  route(r, notifyApi.deliveries, async (c, input) => {
    const { rid } = await input.body();
    const [o] = await c.var.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid));
    if (!o) throw new DomainError(ORDER_NOT_FOUND);
    return ok(c, await deliveryLog(c.var.services.db, o.id));
  });
  return r;
}
