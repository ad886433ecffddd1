import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Notifications waiting to be sent, queued in the transaction that made the transition.
 * A worker claims due rows with FOR UPDATE SKIP LOCKED; while status is 'sending',
 * next_attempt_at is the claim's lease (a crashed worker's rows become due again).
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email', 'inbox'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The order_events row that caused it. */
    eventId: integer('event_id').notNull(),
    template: text('template').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextAttemptAt: at('next_attempt_at').notNull(),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('notification_outbox_once_idx').on(t.orderId, t.eventId, t.channel),
    index('notification_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

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
