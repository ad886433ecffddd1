import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** In-system messages (the spec's user messages store). */
export const userMessages = pgTable(
  'user_messages',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('user_messages_user_idx').on(t.userId, t.id)],
);

/** A customer's channels for one kind of order news (no row: DEFAULT_CHOICE). */
export const notifyPreferences = pgTable(
  'notify_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    wechat: boolean('wechat').notNull(),
    sms: boolean('sms').notNull(),
    email: boolean('email').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One-time WeChat subscriptions (一次性订阅): accepting a kind for an order allows one WeChat
 * message of that kind about it; sending one uses it up.
 */
export const wechatSubscriptions = pgTable(
  'wechat_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    grantedAt: at('granted_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('wechat_subscriptions_order_kind_idx').on(t.orderId, t.kind)],
);

/**
 * What became of each notification job on SMS, e-mail, WeChat and the inbox: one row per job
 * (key = the job's unique key), claimed before the provider is called, so a job run again never
 * sends twice. WeChat's send-result push fills `result` by `msg_id`. A repeat merged within 10
 * minutes names the delivery it was merged against (`folded_into`): one folded message at the end
 * of that delivery's window carries every such repeat (decision 0091).
 */
export const notifyDeliveries = pgTable(
  'notify_deliveries',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    title: text('title').notNull(),
    channel: text('channel').notNull(),
    status: text('status', { enum: ['sending', 'sent', 'merged', 'fallback', 'failed'] }).notNull(),
    detail: text('detail').notNull().default(''),
    msgId: text('msg_id'),
    result: text('result').notNull().default(''),
    foldedInto: integer('folded_into'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('notify_deliveries_order_idx').on(t.orderId, t.template, t.channel, t.createdAt),
    index('notify_deliveries_msg_idx').on(t.msgId),
    index('notify_deliveries_folded_idx').on(t.foldedInto),
    // The clean-up's scan of rows past the log's retention.
    index('notify_deliveries_created_idx').on(t.createdAt),
  ],
);
