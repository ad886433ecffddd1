import { contract } from './platform/http/contract.ts';
import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { z } from '../shared/zod.ts';
import type { ApiEnv } from './platform/http/api-env.ts';
import { ok, readBody, readQuery } from './platform/http/envelope.ts';
import { mailOutbox, smsOutbox } from './platform/db/platform-tables.ts';
import { phoneField } from '../shared/accounts/auth.ts';
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
const outboxQuerySchema = z.object({
  phone: phoneField.optional(),
  email: z.string().trim().max(100).optional(),
});

const scanSchema = z.object({
  ticket: z.string({ error: '[二维码]不能为空' }).trim().min(1, '[二维码]不能为空').max(128),
  openid: z.string().trim().min(1).max(64).default('dev-openid'),
});

const OutboxSchema = z.object({
  list: z.array(z.object({ phone: z.string(), text: z.string(), created: z.string() })),
  mail: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), created: z.string() })),
});
const ScannedSchema = z.object({ status: z.enum(['confirmed', 'need_bind']) });

// Forward only, and at most a day a call: time never runs backwards for what the server already
// wrote, and the browser tests running beside each other only ever see time pass faster.
const clockSchema = z.object({
  advance_seconds: z
    .number({ error: '[advance_seconds]不能为空' })
    .int()
    .min(1, '[advance_seconds]须为1到86400的整数')
    .max(86_400, '[advance_seconds]须为1到86400的整数'),
});
const ClockSchema = z.object({ now: z.string() });

export function devRoutes() {
  const r = new Hono<ApiEnv>();

  r.get('/outbox', contract({ query: outboxQuerySchema, response: OutboxSchema }), async (c) => {
    const { env, db } = c.var.services;
    if (!allowed(c, 'outbox')) return c.notFound();
    const { phone, email } = readQuery(c, outboxQuerySchema);
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
    return ok(c, {
      list: rows.map((m) => ({ ...m, created: m.created.toISOString() })),
      mail: mail.map((m) => ({ ...m, created: m.created.toISOString() })),
    });
  });

  r.post('/wechat/scan', contract({ body: scanSchema, response: ScannedSchema }), async (c) => {
    if (!allowed(c, 'wechat')) return c.notFound();
    const { ticket, openid } = await readBody(c, scanSchema);
    const status = await recordScan(c.var.services, ticket, openid);
    if (!status) throw new DomainError('二维码已过期');
    return ok(
      c,
      { status },
      status === 'confirmed'
        ? '扫码成功，已确认登录，请回到登录窗口'
        : '扫码成功。该微信尚未绑定账号，请回到登录窗口绑定手机号',
    );
  });

  // The test clock (decision 0063): time rules (rebate thaw, expiries, resend limits) are tested
  // by moving the services' clock instead of waiting for it.
  r.post('/clock', contract({ body: clockSchema, response: ClockSchema }), async (c) => {
    if (!allowed(c, 'clock')) return c.notFound();
    const { advance_seconds } = await readBody(c, clockSchema);
    const now = c.var.services.advanceClock(advance_seconds * 1000);
    return ok(c, { now: new Date(now).toISOString() });
  });

  return r;
}
