// The calls no domain owns (decision 0064): the API's own reference, and the development tools
// under /api/dev (the SMS and mail outbox, a simulated WeChat scan, a login without SMS).
import { endpoint } from './api/endpoint.ts';
import { z } from './zod.ts';
import { phoneField } from './accounts/auth.ts';
import { LoginResultSchema } from './accounts/responses.ts';

export const platformApi = {
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'OpenAPI 文档',
    produces: 'this OpenAPI 3.1 document',
  }),
  docs: endpoint({
    method: 'GET',
    path: '/api/docs',
    access: 'public',
    summary: 'API 参考页面',
    produces: 'the API reference page (HTML)',
  }),
};

const outboxQuerySchema = z.object({
  phone: phoneField.optional(),
  email: z.string().trim().max(100).optional(),
  openid: z.string().trim().max(64).optional(),
});

const scanSchema = z.object({
  ticket: z.string({ error: '[二维码]不能为空' }).trim().min(1, '[二维码]不能为空').max(128),
  openid: z.string().trim().min(1).max(64).default('dev-openid'),
});

const OutboxSchema = z.object({
  list: z.array(z.object({ phone: z.string(), text: z.string(), created: z.string() })),
  mail: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), created: z.string() })),
  /** What the `dev` WeChat adapter kept (subscription messages, decision 0091). */
  wechat: z.array(
    z.object({
      openid: z.string(),
      title: z.string(),
      text: z.string(),
      url: z.string(),
      created: z.string(),
    }),
  ),
});
const ScannedSchema = z.object({ status: z.enum(['confirmed', 'need_bind', 'bound']) });

const devLoginSchema = z.object({
  phone: phoneField,
  /** The password a new account gets (later password logins and confirmations use it). */
  password: z.string().min(1).max(64).optional(),
  /** The agreement version a new account accepted (AGREEMENT_VERSION, as registration sends). */
  agreement_version: z.string().trim().max(32).optional(),
  /** A console session instead of a customer one: only for a staff member. */
  staff: z.boolean().default(false),
});

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

export const devApi = {
  outbox: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'dev',
    summary: '开发：短信、邮件与微信发件箱',
    query: outboxQuerySchema,
    response: OutboxSchema,
  }),
  wechatScan: endpoint({
    method: 'POST',
    path: '/api/dev/wechat/scan',
    access: 'dev',
    summary: '开发：模拟微信扫码',
    body: scanSchema,
    response: ScannedSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/dev/login',
    access: 'dev',
    summary: '开发：免验证码登录',
    body: devLoginSchema,
    response: LoginResultSchema,
  }),
  clock: endpoint({
    method: 'POST',
    path: '/api/dev/clock',
    access: 'dev',
    summary: '开发：测试时钟前进',
    body: clockSchema,
    response: ClockSchema,
  }),
};
