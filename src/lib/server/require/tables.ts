import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Requirements posted from /require (indexMsg/add). */
export const indexMsg = pgTable(
  'index_msg',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    company: text('company').notNull().default(''),
    content: text('content').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff have followed it up (the console's requirements inbox). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
    handledNote: text('handled_note').notNull().default(''),
  },
  // The per-IP submission limit counts recent rows by ip.
  (t) => [index('index_msg_ip_created_idx').on(t.ip, t.createdAt)],
);
