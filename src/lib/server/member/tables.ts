import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A customer's address book entry (spec section 3, "Address"). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    area: text('area').notNull(),
    address: text('address').notNull(),
    /** GB/T 2260 district code. */
    addressCode: text('address_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    // At most one default per user, whatever the application does.
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A home sampling (pickup) request. The address is copied in, so editing or deleting the saved
 * address later does not move a booked pickup. status: pending → picked → received, or
 * pending → cancelled (see src/lib/shared/sampling.ts).
 */
export const samplings = pgTable(
  'samplings',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 pickup (the only kind created here; 0 self-delivery lives on orders). */
    type: integer('type').notNull().default(1),
    status: text('status', { enum: ['pending', 'picked', 'received', 'cancelled'] })
      .notNull()
      .default('pending'),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:mm-HH:mm', one of the configured slots when booked. */
    time: text('time').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    area: text('area').notNull(),
    address: text('address').notNull(),
    addressCode: text('address_code').notNull(),
    /** The saved address it was made from (its rid), or null for a one-off address. */
    addressRid: text('address_rid'),
    message: text('message').notNull().default(''),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    index('samplings_user_idx').on(t.userId, t.createdAt),
    index('samplings_status_idx').on(t.status, t.date),
  ],
);
