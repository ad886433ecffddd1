import { contract } from '../platform/http/contract.ts';
import { LoginResultSchema, WxPollResultSchema, WxTicketSchema } from '../../shared/accounts/responses.ts';
import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { clientIp, sessionMeta } from '../platform/http/client-ip.ts';
import { wxBindSchema, wxTicketSchema } from '../../shared/accounts/auth.ts';
import { bindWechat, createTicket, pollTicket, recordScan } from './wechat.ts';
import {
  parseWechatXml,
  scanFromMessage,
  verifyWechatSignature,
} from '../platform/adapters/wechat/callback.ts';

/** WeChat QR login under /api/open/wx. */
export function wechatRoutes() {
  const r = new Hono<ApiEnv>();

  r.get('/ticket', contract({ response: WxTicketSchema }), async (c) =>
    ok(c, await createTicket(c.var.services, clientIp(c))),
  );

  r.post('/qrCodeLogin', contract({ body: wxTicketSchema, response: WxPollResultSchema }), async (c) => {
    const { ticket } = await readBody(c, wxTicketSchema);
    return ok(c, await pollTicket(c.var.services, ticket, sessionMeta(c)));
  });

  r.post('/bind', contract({ body: wxBindSchema, response: LoginResultSchema }), async (c) => {
    const input = await readBody(c, wxBindSchema);
    return ok(c, await bindWechat(c.var.services, input, sessionMeta(c)), '登录成功!');
  });

  // The Official Account's server URL (WECHAT_PROVIDER=mp only; plain-text message mode).
  r.on(
    ['GET', 'POST'],
    '/callback',
    contract({ produces: 'WeChat server protocol: echostr or success (text), signed query' }),
    async (c) => {
      const { env } = c.var.services;
      if (env.WECHAT_PROVIDER !== 'mp' || !env.WECHAT_TOKEN) return c.notFound();
      if (!verifyWechatSignature(env.WECHAT_TOKEN, c.req.query())) return c.text('invalid signature', 403);
      if (c.req.method === 'GET') return c.text(c.req.query('echostr') ?? '');
      const scan = scanFromMessage(parseWechatXml(await c.req.text()));
      if (scan) await recordScan(c.var.services, scan.scene, scan.openid);
      // WeChat retries anything but a quick 'success'.
      return c.text('success');
    },
  );

  return r;
}
