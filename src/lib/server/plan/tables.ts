import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { item } from '../catalogue/tables.ts';
import type { Delivery } from '../../shared/orders/order.ts';
import type { TemplateLine } from '../../shared/plan/templates.ts';
import type { SheetSample } from '../../shared/plan/sheet.ts';

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
        /** The samples of an uploaded sheet (decision 0089): then count is their number. */
        samples?: SheetSample[];
        /** Put here by 再来一单 or a template: the unit price then, when today's differs. */
        was_price_fen?: number;
      }>()
      .notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('plan_items_user_item_idx').on(t.userId, t.itemRid)],
);

/**
 * What 再来一单 or a template put into the plan beside its lines (decision 0089): the delivery
 * and remark the plan page starts from, and where they came from. One per user; placing the
 * plan's orders removes it.
 */
export const planDrafts = pgTable('plan_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  delivery: jsonb('delivery').$type<Delivery>().notNull(),
  remark: text('remark').notNull().default(''),
  /** In words: 订单 LP… or 模板「…」. */
  source: text('source').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** A customer's saved order (常用模板): lines with their options and samples, delivery, remark. */
export const planTemplates = pgTable(
  'plan_templates',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lines: jsonb('lines').$type<TemplateLine[]>().notNull(),
    delivery: jsonb('delivery').$type<Delivery>().notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('plan_templates_user_name_idx').on(t.userId, t.name)],
);
