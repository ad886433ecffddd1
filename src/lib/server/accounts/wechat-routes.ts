import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { clientIp, sessionMeta } from '../platform/http/client-ip.ts';
import { accountsApi } from '../../shared/accounts/api.ts';
import { bindStatus, bindWechat, createTicket, pollTicket, recordScan, unbindWechat } from './wechat.ts';
import {
  parseWechatXml,
  scanFromMessage,
  sendResultsFromXml,
  verifyWechatSignature,
  type SendResult,
} from '../platform/adapters/wechat/callback.ts';
import { requireUser } from '../platform/http/auth.ts';
import type { Services } from '../platform/services.ts';

/**
 * WeChat QR login under /api/open/wx, binding from 个人中心 under /api/auth/wx, and the Official
 * Account's callback, whose send-result pushes go to `onSendResults` (the notify domain's).
 */
export function wechatRoutes(onSendResults: (s: Services, results: SendResult[]) => Promise<void>) {
  const r = new Hono<ApiEnv>();

  route(r, accountsApi.wxBindTicket, async (c) =>
    ok(c, await createTicket(c.var.services, clientIp(c), requireUser(c).id)),
  );

  route(r, accountsApi.wxBindStatus, async (c, { body }) => {
    const { ticket } = await body();
    const status = await bindStatus(c.var.services, requireUser(c).id, ticket);
    return ok(c, status, status.status === 'bound' ? '微信绑定成功' : undefined);
  });

  route(r, accountsApi.wxUnbind, async (c) => {
    await unbindWechat(c.var.services, requireUser(c).id);
    return ok(c, null, '已解除绑定微信');
  });

  route(r, accountsApi.wxTicket, async (c) => ok(c, await createTicket(c.var.services, clientIp(c))));

  route(r, accountsApi.wxPoll, async (c, { body }) => {
    const { ticket } = await body();
    return ok(c, await pollTicket(c.var.services, ticket, sessionMeta(c)));
  });

  route(r, accountsApi.wxBind, async (c, { body }) => {
    const input = await body();
    return ok(c, await bindWechat(c.var.services, input, sessionMeta(c)), '登录成功!');
  });

  // The Official Account's server URL (WECHAT_PROVIDER=mp only; plain-text message mode).
  for (const call of [accountsApi.wxCallbackCheck, accountsApi.wxCallback]) {
    route(r, call, async (c) => {
      const { env } = c.var.services;
      if (env.WECHAT_PROVIDER !== 'mp' || !env.WECHAT_TOKEN) return c.notFound();
      if (!verifyWechatSignature(env.WECHAT_TOKEN, c.req.query())) return c.text('invalid signature', 403);
      if (c.req.method === 'GET') return c.text(c.req.query('echostr') ?? '');
      const xml = await c.req.text();
      const scan = scanFromMessage(parseWechatXml(xml));
      if (scan) await recordScan(c.var.services, scan.scene, scan.openid);
      const results = sendResultsFromXml(xml);
      if (results.length > 0) await onSendResults(c.var.services, results);
      // WeChat retries anything but a quick 'success'.
      return c.text('success');
    });
  }

  return r;
}
