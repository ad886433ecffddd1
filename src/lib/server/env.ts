import { z } from 'zod';

// The only reader of process.env. Checked once at start-up; a bad value stops the process
// with a readable list of what is wrong instead of failing later on a request.
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  PUBLIC_SITE_URL: z.url().default('http://localhost:4321'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  // Behind a reverse proxy the client address comes from X-Real-IP / X-Forwarded-For.
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // SMS: `log` keeps messages in the sms_outbox table (readable at /api/dev/outbox); `aliyun` sends.
  SMS_PROVIDER: z.enum(['log', 'aliyun']).default('log'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_NOTIFY_TEMPLATES: z
    .string()
    .regex(/^\s*([a-z_]+=[A-Za-z0-9_]+\s*(,\s*|$))*$/, 'expected name=SMS_code pairs separated by commas')
    .optional(),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
  // WeChat QR login: `dev` simulates the scan at /dev/wechat; `mp` uses an Official Account.
  WECHAT_PROVIDER: z.enum(['dev', 'mp']).default('dev'),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_TOKEN: z.string().optional(),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  // Order notifications by e-mail: `log` keeps them in mail_outbox (/api/dev/outbox); `smtp` sends.
  MAIL_PROVIDER: z.enum(['log', 'smtp']).default('log'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(465),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  // Uploads: `local` keeps files under DATA_DIR/uploads.
  STORAGE_PROVIDER: z.enum(['local']).default('local'),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(200).default(20),
  // Password of the seeded demo staff account 13800000000 (local use only; change it before going live).
  STAFF_PASSWORD: z.string().min(8).max(64).default('Staff-Demo-2026'),
});

// Provider credentials are required only when that provider is chosen.
const requiredWhen = {
  aliyun: [
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_CODE',
  ],
  mp: ['WECHAT_APPID', 'WECHAT_SECRET', 'WECHAT_TOKEN'],
  smtp: ['SMTP_HOST', 'MAIL_FROM'],
} as const;

const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  const need = [
    ...(env.SMS_PROVIDER === 'aliyun' ? requiredWhen.aliyun : []),
    ...(env.WECHAT_PROVIDER === 'mp' ? requiredWhen.mp : []),
    ...(env.MAIL_PROVIDER === 'smtp' ? requiredWhen.smtp : []),
  ];
  for (const key of need) {
    if (!env[key]) {
      const provider = key.startsWith('ALIYUN')
        ? 'SMS_PROVIDER=aliyun'
        : key.startsWith('WECHAT')
          ? 'WECHAT_PROVIDER=mp'
          : 'MAIL_PROVIDER=smtp';
      ctx.addIssue({ code: 'custom', path: [key], message: `required when ${provider}` });
    }
  }
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = CheckedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
