import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from '../../shared/zod.ts';

// A relative DATA_DIR means the project folder, whatever directory the process was started from.
const projectRoot = fileURLToPath(new URL('../../../..', import.meta.url));

// The only reader of process.env. Checked once at start-up; a bad value stops the process
// with a readable list of what is wrong instead of failing later on a request.
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // Loopback by default: a fresh install with the development adapters is reachable only from this
  // machine. Behind a proxy on another host, or to serve directly, set HOST=0.0.0.0 (docs/deploy.md).
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z
    .string()
    .default('./.data')
    .transform((dir) => (isAbsolute(dir) ? dir : resolve(projectRoot, dir))),
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
  // Seconds before a phone may be sent another code. 60 matches the browser's countdown; the
  // browser tests shorten it so a test can register a phone and then ask it for a login code.
  SMS_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // WeChat QR login: `dev` simulates the scan at /dev/wechat; `mp` uses an Official Account.
  WECHAT_PROVIDER: z.enum(['dev', 'mp']).default('dev'),
  // Online payment (decision 0025): `dev` simulates WeChat Pay and Alipay on /dev/pay; `off`
  // offers no online payment (balance, credit and bank transfer only).
  PAYMENT_PROVIDER: z.enum(['dev', 'live', 'off']).default('dev'),
  // With PAYMENT_PROVIDER=live: WeChat Pay API v3 (Native). The merchant id, the app id bound to
  // it, the merchant API certificate's serial and private key (PEM), the APIv3 key (32 bytes),
  // and the keys WeChat Pay signs with: its public key with its id (PUB_KEY_ID_…), and/or a
  // platform certificate with its serial.
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_SERIAL_NO: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().optional(),
  WECHATPAY_PLATFORM_CERT: z.string().optional(),
  WECHATPAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  // With PAYMENT_PROVIDER=live: Alipay 当面付 (QR). The app id, the app's private key (PEM) and
  // Alipay's public key (PEM); optionally the seller id (PID) every notice must name.
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SELLER_ID: z.string().optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  // The simulator's signing secret (dev only): processes behind one load balancer share it.
  PAYMENT_DEV_SECRET: z.string().min(8).default('dev-payment-secret'),
  // An online payment not made within this many minutes is closed.
  PAYMENT_EXPIRE_MINUTES: z.coerce.number().int().min(5).max(120).default(30),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_TOKEN: z.string().optional(),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  // The 订阅通知 templates by kind of news: sample=<id>,report=<id>,payment=<id> (WECHAT_PROVIDER=mp).
  WECHAT_NOTICE_TEMPLATES: z
    .string()
    .regex(/^\s*([a-z_]+=[A-Za-z0-9_-]+\s*(,\s*|$))*$/, 'expected kind=template_id pairs separated by commas')
    .optional(),
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
  // Uploads: `local` keeps files under DATA_DIR/uploads (one machine); `s3` in an S3-compatible
  // object store (MinIO, Aliyun OSS, Tencent COS, AWS S3) that several app processes share.
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Path-style addresses (endpoint/bucket/key), as MinIO expects; false for virtual-host style (OSS).
  S3_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(200).default(20),
  // Report signing (decision 0076): the lab's PKCS#12 key file and its password, like the payment
  // keys. Unset: the install generates a self-signed certificate once under DATA_DIR/keys/ and
  // warns (readers then show the signer as unknown).
  REPORT_SIGN_P12: z.string().optional(),
  REPORT_SIGN_PASSWORD: z.string().optional(),
  // Transfers of cash between customers above this many yuan wait for finance's approval.
  TRANSFER_REVIEW_YUAN: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  // A manual credit (人工入账) of this many yuan or more moves money only once a second staff
  // member approves it (decision 0045).
  MONEY_SECOND_APPROVAL_YUAN: z.coerce.number().int().min(1).max(100_000_000).default(50_000),
  // How long a quote may be accepted unless staff choose a date (decision 0039).
  QUOTE_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Invoices (decision 0030): above this many yuan an application needs the signed contract
  // (universities ask for it); the seal stamped on the proforma and receipt PDFs (a PNG file).
  INVOICE_CONTRACT_YUAN: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
  INVOICE_SEAL_IMAGE: z.string().default(''),
  // Points (decision 0027): how long earned points stay valid, and how many one customer may
  // give to others in a day (Asia/Shanghai).
  POINTS_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  POINTS_TRANSFER_DAILY_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  // Points an inviter earns when someone registers with their code (0: none).
  POINTS_INVITE: z.coerce.number().int().min(0).max(100_000).default(100),
  // Statements (decision 0029): a statement the customer neither confirms nor disputes counts as
  // confirmed this many days after it is issued.
  STATEMENT_CONFIRM_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  // Promoters (decision 0031): the rebate on the cash invitees pay on orders completed within the
  // binding window after they registered; days a rebate stays frozen (the refund window; a
  // fraction of a day in the browser tests, to watch it thaw); withdrawals' minimum, monthly cap
  // (Shanghai month) and fee.
  PROMOTION_REBATE_PERCENT: z.coerce.number().min(0).max(50).default(8),
  PROMOTION_BIND_MONTHS: z.coerce.number().int().min(1).max(120).default(3),
  PROMOTION_FREEZE_DAYS: z.coerce.number().min(0).max(365).default(15),
  PROMOTION_WITHDRAW_MIN_YUAN: z.coerce.number().int().min(1).max(1_000_000).default(100),
  PROMOTION_WITHDRAW_MONTHLY_YUAN: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  PROMOTION_WITHDRAW_FEE_PERCENT: z.coerce.number().min(0).max(20).default(0),
  // The development tools (/dev/outbox, /dev/wechat, /api/dev/*) of the log SMS and dev WeChat
  // adapters: `local` answers only requests from this machine, `on` anyone (a shared staging demo,
  // never with real customers), `off` nobody. They never exist with real providers.
  DEV_TOOLS: z.enum(['local', 'on', 'off']).default('local'),
  // Password of the seeded demo staff account 13800000000. Unset: a random one is generated when
  // the account is created and printed once in the log (docs/deploy.md).
  STAFF_PASSWORD: z.string().min(12, 'STAFF_PASSWORD needs at least 12 characters').max(64).optional(),
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
  wechatpay: [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_SERIAL_NO',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_APIV3_KEY',
  ],
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  s3: ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
} as const;

/** With PAYMENT_PROVIDER=live, the channels whose settings were given (at least one must be). */
export const liveChannels = (env: Pick<Env, 'WECHATPAY_MCHID' | 'ALIPAY_APP_ID'>) => ({
  wechatpay: Boolean(env.WECHATPAY_MCHID),
  alipay: Boolean(env.ALIPAY_APP_ID),
});

const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  const need = [
    ...(env.SMS_PROVIDER === 'aliyun' ? requiredWhen.aliyun : []),
    ...(env.WECHAT_PROVIDER === 'mp' ? requiredWhen.mp : []),
    ...(env.MAIL_PROVIDER === 'smtp' ? requiredWhen.smtp : []),
    ...(env.PAYMENT_PROVIDER === 'live' && liveChannels(env).wechatpay ? requiredWhen.wechatpay : []),
    ...(env.PAYMENT_PROVIDER === 'live' && liveChannels(env).alipay ? requiredWhen.alipay : []),
    ...(env.STORAGE_PROVIDER === 's3' ? requiredWhen.s3 : []),
  ];
  for (const key of need) {
    if (!env[key]) {
      const provider = key.startsWith('S3_')
        ? 'STORAGE_PROVIDER=s3'
        : key.startsWith('ALIYUN')
          ? 'SMS_PROVIDER=aliyun'
          : key.startsWith('WECHATPAY') || key.startsWith('ALIPAY_')
            ? 'PAYMENT_PROVIDER=live'
            : key.startsWith('WECHAT')
              ? 'WECHAT_PROVIDER=mp'
              : 'MAIL_PROVIDER=smtp';
      ctx.addIssue({ code: 'custom', path: [key], message: `required when ${provider}` });
    }
  }
  if (env.PAYMENT_PROVIDER === 'live' && !liveChannels(env).wechatpay && !liveChannels(env).alipay)
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message: 'live needs WeChat Pay (WECHATPAY_*) or Alipay (ALIPAY_*) settings',
    });
  if (
    env.PAYMENT_PROVIDER === 'live' &&
    liveChannels(env).wechatpay &&
    !(env.WECHATPAY_PUBLIC_KEY && env.WECHATPAY_PUBLIC_KEY_ID) &&
    !(env.WECHATPAY_PLATFORM_CERT && env.WECHATPAY_PLATFORM_SERIAL)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['WECHATPAY_PUBLIC_KEY'],
      message:
        'required when PAYMENT_PROVIDER=live: WECHATPAY_PUBLIC_KEY with WECHATPAY_PUBLIC_KEY_ID, or WECHATPAY_PLATFORM_CERT with WECHATPAY_PLATFORM_SERIAL',
    });
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
