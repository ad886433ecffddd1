import { liveChannels, type Env } from './env.ts';
import type { Database, Db } from './db/client.ts';
import type { ContentManifest, ManifestArticle } from '../../shared/content/content.ts';
import { createMemo, type Memo } from './cache.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import type { SmsAdapter } from './adapters/sms/types.ts';
import { createLogSms } from './adapters/sms/log.ts';
import { createAliyunSms, parseNotifyTemplates } from './adapters/sms/aliyun.ts';
import type { WechatAdapter } from './adapters/wechat/types.ts';
import { createDevWechat } from './adapters/wechat/dev.ts';
import { createMpWechat } from './adapters/wechat/mp.ts';
import type { MailAdapter } from './adapters/mail/types.ts';
import { createLogMail } from './adapters/mail/log.ts';
import { createSmtpMail } from './adapters/mail/smtp.ts';
import type { StorageAdapter } from './adapters/storage/types.ts';
import { createLocalStorage } from './adapters/storage/local.ts';
import { createS3Storage } from './adapters/storage/s3.ts';
import type { PayChannel, PaymentAdapter } from './adapters/payment/types.ts';
import { createDevPayment } from './adapters/payment/dev.ts';
import { createWechatPay } from './adapters/payment/wechatpay.ts';
import { createAlipay } from './adapters/payment/alipay.ts';

/** The site's Markdown content, read once at start (content/store.ts builds it). */
export type ContentStore = ContentManifest & {
  article(rid: string): ManifestArticle | undefined;
};

/** What one process creates once and hands to the API and to pages. */
export type Services = {
  env: Env;
  database: Database;
  db: Db;
  content: ContentStore;
  /** Short-lived memo for public read-mostly data. */
  memo: Memo;
  /** The clock (epoch ms) for expiries and rate limits; tests replace it to move time. */
  now: () => number;
  /** Moves `now` forward by ms and answers the new time: only the dev clock route calls it (decision 0063). */
  advanceClock: (ms: number) => number;
  limiter: RateLimiter;
  sms: SmsAdapter;
  wechat: WechatAdapter;
  mail: MailAdapter;
  storage: StorageAdapter;
  /** The online payment adapter of each channel offered (none with PAYMENT_PROVIDER=off). */
  payments: Partial<Record<PayChannel, PaymentAdapter>>;
};

export function createServices(env: Env, database: Database, content: ContentStore): Services {
  let clockOffsetMs = 0;
  const services: Services = {
    env,
    database,
    db: database.db,
    content,
    memo: createMemo(env.NODE_ENV === 'test' ? 0 : 5_000),
    now: () => Date.now() + clockOffsetMs,
    advanceClock: (ms) => {
      clockOffsetMs += ms;
      return services.now();
    },
    // The adapters read the clock through `services` so a replaced clock reaches them too.
    limiter: createRateLimiter(database.db, () => services.now()),
    sms: createSms(env, database.db, () => services.now()),
    wechat: createWechat(env, database.db, () => services.now()),
    mail: createMail(env, database.db, () => services.now()),
    storage:
      env.STORAGE_PROVIDER === 's3'
        ? createS3Storage({
            endpoint: env.S3_ENDPOINT!,
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            pathStyle: env.S3_PATH_STYLE,
          })
        : createLocalStorage(`${env.DATA_DIR}/uploads`),
    payments: createPayments(env, database.db, () => services.now()),
  };
  return services;
}

/** The online channels this process offers, in the order the pay dialog lists them. */
export const onlineChannels = (s: Pick<Services, 'payments'>) =>
  (['wechatpay', 'alipay'] as const).filter((channel) => s.payments[channel]);

/** The adapter behind a provider name (a notify address, an intent's provider), if configured. */
export const paymentAdapter = (s: Pick<Services, 'payments'>, provider: string) =>
  Object.values(s.payments).find((a) => a?.kind === provider);

/** PEM in an environment variable may come with its line breaks written as \n. */
const pem = (value: string | undefined) => (value ?? '').replace(/\\n/g, '\n');

function createPayments(env: Env, db: Db, now: () => number): Partial<Record<PayChannel, PaymentAdapter>> {
  if (env.PAYMENT_PROVIDER === 'off') return {};
  if (env.PAYMENT_PROVIDER === 'dev') {
    const dev = createDevPayment(env.PUBLIC_SITE_URL, env.PAYMENT_DEV_SECRET, db, now);
    return { wechatpay: dev, alipay: dev };
  }
  // Live: each channel whose settings were given.
  const live = liveChannels(env);
  const site = env.PUBLIC_SITE_URL.replace(/\/$/, '');
  const keys = [
    ...(env.WECHATPAY_PUBLIC_KEY_ID
      ? [{ serial: env.WECHATPAY_PUBLIC_KEY_ID, pem: pem(env.WECHATPAY_PUBLIC_KEY) }]
      : []),
    ...(env.WECHATPAY_PLATFORM_SERIAL
      ? [{ serial: env.WECHATPAY_PLATFORM_SERIAL, pem: pem(env.WECHATPAY_PLATFORM_CERT) }]
      : []),
  ];
  return {
    ...(live.alipay && {
      alipay: createAlipay({
        appId: env.ALIPAY_APP_ID!,
        privateKeyPem: pem(env.ALIPAY_PRIVATE_KEY),
        alipayPublicKeyPem: pem(env.ALIPAY_PUBLIC_KEY),
        sellerId: env.ALIPAY_SELLER_ID,
        gateway: env.ALIPAY_GATEWAY,
        notifyUrl: `${site}/api/open/pay/notify/alipay`,
      }),
    }),
    ...(live.wechatpay && {
      wechatpay: createWechatPay({
        mchid: env.WECHATPAY_MCHID!,
        appid: env.WECHATPAY_APPID!,
        serialNo: env.WECHATPAY_SERIAL_NO!,
        privateKeyPem: pem(env.WECHATPAY_PRIVATE_KEY),
        apiV3Key: env.WECHATPAY_APIV3_KEY!,
        platformKeys: keys,
        notifyUrl: `${site}/api/open/pay/notify/wechatpay`,
        siteName: '科研检测服务平台',
        siteUrl: site,
        apiBase: env.WECHATPAY_API_BASE,
      }),
    }),
  };
}

function createSms(env: Env, db: Db, now: () => number): SmsAdapter {
  if (env.SMS_PROVIDER === 'log') return createLogSms(db, now);
  return createAliyunSms(
    {
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: env.ALIYUN_SMS_SIGN_NAME!,
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
      notifyTemplates: parseNotifyTemplates(env.ALIYUN_SMS_NOTIFY_TEMPLATES),
      endpoint: env.ALIYUN_SMS_ENDPOINT,
    },
    now,
  );
}

function createWechat(env: Env, db: Db, now: () => number): WechatAdapter {
  if (env.WECHAT_PROVIDER === 'dev') return createDevWechat(env.PUBLIC_SITE_URL, db, now);
  return createMpWechat(
    {
      appid: env.WECHAT_APPID!,
      secret: env.WECHAT_SECRET!,
      apiBase: env.WECHAT_API_BASE,
      noticeTemplates: parseNotifyTemplates(env.WECHAT_NOTICE_TEMPLATES, 'WECHAT_NOTICE_TEMPLATES'),
    },
    db,
    now,
  );
}

function createMail(env: Env, db: Db, now: () => number): MailAdapter {
  if (env.MAIL_PROVIDER === 'log') return createLogMail(db, now);
  return createSmtpMail({
    host: env.SMTP_HOST!,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    user: env.SMTP_USER,
    pass: env.SMTP_PASS,
    from: env.MAIL_FROM!,
  });
}
