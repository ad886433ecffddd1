import { Hono } from 'hono';
import { paymentAdapter } from '../platform/services.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { paymentsApi } from '../../shared/payments/api.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { devToolAllowed } from '../platform/http/dev-tools.ts';
import { clientIp, requestOrigin } from '../platform/http/client-ip.ts';
import { DomainError } from '../platform/errors.ts';
import { signDevNotice } from '../platform/adapters/payment/dev.ts';
import { createPayment, devTrade, paymentStatus } from './intents.ts';
import { handleNotice } from './notices.ts';

/** payment/create and payment/status under /api/auth. */
export function paymentRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, paymentsApi.create, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    // WeChat Pay H5 wants the payer's address (scene_info.payer_client_ip).
    const ip = clientIp(c);
    return ok(
      c,
      await createPayment(c.var.services, me.id, input, { ip: ip === 'unknown' ? undefined : ip }),
    );
  });
  route(r, paymentsApi.status, async (c, input) => {
    const me = requireUser(c);
    const { trade_no } = await input.body();
    return ok(c, await paymentStatus(c.var.services, me.id, trade_no));
  });
  return r;
}

/**
 * POST /api/open/pay/notify: the provider's asynchronous notification, verified over its raw
 * bytes; answered in the provider's own protocol, not the envelope (a refusal makes it retry).
 */
export function paymentNotifyRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, paymentsApi.notify, async (c) => {
    const s = c.var.services;
    const provider = c.req.param('provider') ?? '';
    const adapter = paymentAdapter(s, provider);
    if (!adapter) return c.notFound();
    // The simulator's notices come from /dev/pay on this machine: from anywhere else they would
    // be payments anyone could forge with the documented development secret.
    if (adapter.kind === 'dev' && !devToolAllowed(s.env, 'pay', requestOrigin(c))) return c.notFound();
    const result = await handleNotice(
      s,
      provider,
      await c.req.text(),
      (name) => c.req.header(name),
      clientIp(c),
    );
    if (result === 'refused') return c.json({ code: 'FAIL', message: '验证失败' }, 400);
    const ack = adapter.acknowledgement;
    return c.body(ack.body, 200, { 'content-type': ack.contentType });
  });
  return r;
}

/**
 * The simulator's button (/dev/pay): it writes the notification a provider would send, signs it
 * with the simulator's secret, and hands it to the same verification and settlement.
 */
export function devPayRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, paymentsApi.devConfirm, async (c, input) => {
    const s = c.var.services;
    if (!devToolAllowed(s.env, 'pay', requestOrigin(c))) return c.notFound();
    const { trade_no, action } = await input.body();
    const trade = await devTrade(s, trade_no);
    if (!trade) throw new DomainError('支付单不存在', 200, 'NOT_FOUND');
    const body = JSON.stringify({
      trade_no,
      provider_trade_no: `DEV${Date.now()}`,
      amount_fen: trade.amount_fen,
      status: action === 'pay' ? 'succeeded' : 'closed',
      event_id: `dev-${trade_no}-${action}`,
    });
    const signature = signDevNotice(s.env.PAYMENT_DEV_SECRET, body);
    const result = await handleNotice(s, 'dev', body, (name) =>
      name === 'x-dev-signature' ? signature : undefined,
    );
    return ok(c, { result }, result === 'settled' ? '支付成功' : '已处理');
  });
  return r;
}
