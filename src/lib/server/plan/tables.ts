import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { item } from '../catalogue/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The experiment plan (cart), kept server-side: one line per item per user. */
export const planItems = pgTable(
  'plan_items',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemRid: text('item_rid')
      .notNull()
      .references(() => item.rid),
    count: integer('count').notNull(),
    options: jsonb('options')
      .$type<{
        parameters: Record<string, string>;
        source: number;
        disposal: number;
        source_order_rid?: string;
      }>()
      .notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('plan_items_user_item_idx').on(t.userId, t.itemRid)],
);
