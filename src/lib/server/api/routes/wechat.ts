import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';
import { ok, readBody } from '../envelope.ts';
import { clientIp, sessionMeta } from '../middleware/client-ip.ts';
import { wxBindSchema, wxTicketSchema } from '../../../shared/auth.ts';
import { bindWechat, createTicket, pollTicket, recordScan } from '../../services/accounts/wechat.ts';
import { parseWechatXml, scanFromMessage, verifyWechatSignature } from '../../adapters/wechat/callback.ts';

/** WeChat QR login under /api/open/wx. */
export function wechatRoutes() {
  const r = new Hono<ApiEnv>();

  r.get('/ticket', async (c) => ok(c, await createTicket(c.var.services, clientIp(c))));

  r.post('/qrCodeLogin', async (c) => {
    const { ticket } = await readBody(c, wxTicketSchema);
    return ok(c, await pollTicket(c.var.services, ticket, sessionMeta(c)));
  });

  r.post('/bind', async (c) => {
    const input = await readBody(c, wxBindSchema);
    return ok(c, await bindWechat(c.var.services, input, sessionMeta(c)), '登录成功');
  });

  // The Official Account's server URL (WECHAT_PROVIDER=mp only; plain-text message mode).
  r.on(['GET', 'POST'], '/callback', async (c) => {
    const { env } = c.var.services;
    if (env.WECHAT_PROVIDER !== 'mp' || !env.WECHAT_TOKEN) return c.notFound();
    if (!verifyWechatSignature(env.WECHAT_TOKEN, c.req.query())) return c.text('invalid signature', 403);
    if (c.req.method === 'GET') return c.text(c.req.query('echostr') ?? '');
    const scan = scanFromMessage(parseWechatXml(await c.req.text()));
    if (scan) await recordScan(c.var.services, scan.scene, scan.openid);
    // WeChat retries anything but a quick 'success'.
    return c.text('success');
  });

  return r;
}
