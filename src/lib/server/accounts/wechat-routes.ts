import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { clientIp, sessionMeta } from '../platform/http/client-ip.ts';
import { accountsApi } from '../../shared/accounts/api.ts';
import { bindWechat, createTicket, pollTicket, recordScan } from './wechat.ts';
import {
  parseWechatXml,
  scanFromMessage,
  verifyWechatSignature,
} from '../platform/adapters/wechat/callback.ts';

/** WeChat QR login under /api/open/wx. */
export function wechatRoutes() {
  const r = new Hono<ApiEnv>();

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
      const scan = scanFromMessage(parseWechatXml(await c.req.text()));
      if (scan) await recordScan(c.var.services, scan.scene, scan.openid);
      // WeChat retries anything but a quick 'success'.
      return c.text('success');
    });
  }

  return r;
}
