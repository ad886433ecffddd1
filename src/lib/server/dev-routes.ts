import { Hono } from 'hono';
import { route } from './platform/http/route.ts';
import { devApi } from '../shared/platform-api.ts';
import { desc, eq } from 'drizzle-orm';
import type { ApiEnv } from './platform/http/api-env.ts';
import { ok } from './platform/http/envelope.ts';
import { mailOutbox, smsOutbox, wechatOutbox } from './platform/db/platform-tables.ts';
import { recordScan } from './accounts/index.ts';
import { DomainError } from './platform/errors.ts';
import { devToolAllowed, type DevTool } from './platform/http/dev-tools.ts';
import { requestOrigin } from './platform/http/client-ip.ts';
import type { Context } from 'hono';

const allowed = (c: Context<ApiEnv>, tool: DevTool) =>
  devToolAllowed(c.var.services.env, tool, requestOrigin(c));

/**
 * Development helpers under /api/dev. Each exists only while its local adapter is active
 * (SMS_PROVIDER=log, WECHAT_PROVIDER=dev), and answers only this machine unless DEV_TOOLS=on
 * (http/dev-tools.ts); otherwise 404, as if it did not exist.
 */
export function devRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, devApi.outbox, async (c, input) => {
    const { env, db } = c.var.services;
    if (!allowed(c, 'outbox')) return c.notFound();
    const { phone, email, openid } = input.query();
    const rows = await db
      .select({ phone: smsOutbox.phone, text: smsOutbox.text, created: smsOutbox.createdAt })
      .from(smsOutbox)
      .where(phone ? eq(smsOutbox.phone, phone) : undefined)
      .orderBy(desc(smsOutbox.id))
      .limit(20);
    // E-mails of the `log` mail adapter (order notifications), beside the SMS.
    const mail =
      env.MAIL_PROVIDER !== 'log'
        ? []
        : await db
            .select({
              to: mailOutbox.to,
              subject: mailOutbox.subject,
              text: mailOutbox.text,
              created: mailOutbox.createdAt,
            })
            .from(mailOutbox)
            .where(email ? eq(mailOutbox.to, email) : undefined)
            .orderBy(desc(mailOutbox.id))
            .limit(20);
    // Messages of the `dev` WeChat adapter (order news by WeChat), beside them.
    const wechat =
      env.WECHAT_PROVIDER !== 'dev'
        ? []
        : await db
            .select({
              openid: wechatOutbox.openid,
              title: wechatOutbox.title,
              text: wechatOutbox.text,
              url: wechatOutbox.url,
              created: wechatOutbox.createdAt,
            })
            .from(wechatOutbox)
            .where(openid ? eq(wechatOutbox.openid, openid) : undefined)
            .orderBy(desc(wechatOutbox.id))
            .limit(20);
    return ok(c, {
      list: rows.map((m) => ({ ...m, created: m.created.toISOString() })),
      mail: mail.map((m) => ({ ...m, created: m.created.toISOString() })),
      wechat: wechat.map((m) => ({ ...m, created: m.created.toISOString() })),
    });
  });

  route(r, devApi.wechatScan, async (c, input) => {
    if (!allowed(c, 'wechat')) return c.notFound();
    const { ticket, openid } = await input.body();
    const status = await recordScan(c.var.services, ticket, openid);
    if (!status) throw new DomainError('二维码已过期');
    return ok(
      c,
      { status },
      status === 'bound'
        ? '扫码成功，微信已绑定，请回到个人中心'
        : status === 'confirmed'
          ? '扫码成功，已确认登录，请回到登录窗口'
          : '扫码成功。该微信尚未绑定账号，请回到登录窗口绑定手机号',
    );
  });

  // The test clock (decision 0063): time rules (rebate thaw, expiries, resend limits) are tested
  // by moving the services' clock instead of waiting for it.
  route(r, devApi.clock, async (c, input) => {
    if (!allowed(c, 'clock')) return c.notFound();
    const { advance_seconds } = await input.body();
    const now = c.var.services.advanceClock(advance_seconds * 1000);
    return ok(c, { now: new Date(now).toISOString() });
  });

  return r;
}
