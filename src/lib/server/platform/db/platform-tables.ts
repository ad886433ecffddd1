import { index, jsonb, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The platform's own tables: the local adapters' outboxes, the WeChat token cache, rate-limit
// counters and the payment providers' message log. No domain owns them; domains use them only
// through the adapters and helpers under platform/ (payments records provider messages here too).

const at = (name: string) => timestamp(name, { withTimezone: true });

/** What the `log` SMS adapter "sent": read by developers and tests through /api/dev/outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

/** What the `dev` WeChat adapter "sent" (subscription messages): shown at /dev/outbox. */
export const wechatOutbox = pgTable(
  'wechat_outbox',
  {
    id: serial('id').primaryKey(),
    openid: text('openid').notNull(),
    msgId: text('msg_id').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    url: text('url').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('wechat_outbox_openid_idx').on(t.openid, t.id)],
);

/** Counters for rate limits and lockouts; one row per key, shared by every process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Tokens issued by outside services (WeChat access_token), shared by every process. */
export const externalTokens = pgTable('external_tokens', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** What the `log` mail adapter "sent": shown by GET /api/dev/outbox beside the SMS. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.id)],
);

/** Every provider message, verified or not, recorded once by its event id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    tradeNo: text('trade_no'),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload'),
    at: at('at').notNull(),
  },
  (t) => [uniqueIndex('payment_events_key_idx').on(t.provider, t.eventKey)],
);
