import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';

/** An uploaded file; the bytes live in the storage adapter under storage_key (a server-made name). */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * report (staff, for the customer), protocol (signed agreement), attachment, pic, receipt
     * (staff's photo of the samples as they arrived, with a thumbnail beside it in storage), raw
     * (an instrument's data attached to a result, decision 0075).
     */
    kind: text('kind', {
      enum: ['report', 'protocol', 'attachment', 'pic', 'receipt', 'media', 'raw'],
    }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** Sniffed from the content, never taken from the name or the request. */
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('files_order_idx').on(t.orderId), index('files_owner_idx').on(t.ownerId, t.id)],
);
