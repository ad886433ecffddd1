import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { ROLES, type Permission } from '../../shared/staff/permissions.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Accounts allowed on /api/admin/*: a user account with a staff role beside it (decision 0023). */
export const staffMembers = pgTable('staff_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ROLES }).notNull().default('manager'),
  createdAt: at('created_at').notNull(),
});

/**
 * Every staff change, appended and never edited: who (and in which role), which call, on which
 * record, the record before and after, the request (its reason or note included), the outcome,
 * and from which address.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    permission: text('permission').$type<Permission>().notNull(),
    /** The call under /api/admin, e.g. order/quote. */
    action: text('action').notNull(),
    /** The public id the call acted on (order, application, reservation, customer…), if any. */
    entityRid: text('entity_rid'),
    before: jsonb('before'),
    after: jsonb('after'),
    request: jsonb('request'),
    /** ok; refused (the call ran and said no); denied (the role may not make the call at all). */
    outcome: text('outcome', { enum: ['ok', 'refused', 'denied'] }).notNull(),
    message: text('message').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_entity_idx').on(t.entityRid),
    // The customer a call names beside its record (an instrument authorisation): their history.
    index('audit_request_user_idx').on(sql`(${t.request} ->> 'user_rid')`),
    index('audit_actor_idx').on(t.actorId, t.at),
  ],
);

/**
 * Calls the guard denied, counted per actor, call and minute (issue 28): the first of a minute
 * writes an audit row, the rest only raise the count here, so a script hammering the console
 * leaves a trace without flooding the log. The audit list reads the count beside its row.
 */
export const auditDenials = pgTable(
  'audit_denials',
  {
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    minute: at('minute').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.action, t.minute] })],
);

/**
 * A staff member's fresh confirmation of their own password for a purpose (e.g. signing reports),
 * valid until `until` (decision 0080): the first signature asks for it, the next ones within the
 * window do not. One row per person and purpose, overwritten by the next confirmation.
 */
export const staffReauth = pgTable(
  'staff_reauth',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    until: at('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);
