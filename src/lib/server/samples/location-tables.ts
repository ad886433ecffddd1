import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { LocationKind } from '../../shared/samples/locations.ts';

/**
 * Storage locations (decision 0071): a tree of rooms, fridges/cabinets, shelves and boxes. Samples
 * point at one by `samples.location_id`. A location that was ever used is archived, never deleted.
 */
export const storageLocations = pgTable(
  'storage_locations',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    /** The containing location; null for a room. */
    parentId: integer('parent_id').references((): AnyPgColumn => storageLocations.id),
    kind: text('kind').$type<LocationKind>().notNull(),
    name: text('name').notNull(),
    /** Temperature or condition (−80 ℃, 避光, 干燥). */
    note: text('note').notNull().default(''),
    /** What its QR label holds: `LOC-` and 8 characters. */
    code: text('code').notNull().unique(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('storage_locations_parent_idx').on(t.parentId),
    // Names are unique among the live locations of one parent (rooms: among rooms).
    uniqueIndex('storage_locations_sibling_name_idx')
      .on(sql`coalesce(${t.parentId}, 0)`, t.name)
      .where(sql`${t.archivedAt} is null`),
  ],
);
