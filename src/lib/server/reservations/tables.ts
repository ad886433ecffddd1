import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { device } from '../catalogue/tables.ts';
import { orders } from '../orders/tables.ts';
import type {
  BlockKind,
  ReservationStatus,
  TempDeviceStatus,
} from '../../shared/reservations/reservation-rules.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A booked session on an instrument; its order (type 2) carries the money and the timeline. */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id)
      .unique(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    status: text('status').$type<ReservationStatus>().notNull(),
    remark: text('remark').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledBy: text('cancelled_by', { enum: ['customer', 'staff'] }),
    cancelledAt: at('cancelled_at'),
    /** The time actually used, recorded by staff at 标记完成 (decision 0087). */
    actualStartAt: at('actual_start_at'),
    actualEndAt: at('actual_end_at'),
    /** Set once, by the one worker that queued the day-before reminder. */
    reminderQueuedAt: at('reminder_queued_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId, t.startAt),
    index('reservations_device_idx').on(t.deviceId, t.startAt),
    index('reservations_start_idx').on(t.startAt),
  ],
);

/**
 * The 30-minute cells an active reservation holds. The unique (device_id, slot_start) index is
 * what makes double booking impossible (decision 0012); cancelling deletes the cells.
 */
export const reservationSlots = pgTable(
  'reservation_slots',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id),
    slotStart: at('slot_start').notNull(),
  },
  (t) => [
    uniqueIndex('reservation_slots_device_slot_idx').on(t.deviceId, t.slotStart),
    index('reservation_slots_reservation_idx').on(t.reservationId),
  ],
);

/** Time an instrument (maintenance) or every instrument (holiday) cannot be booked. */
export const deviceBlocks = pgTable(
  'device_blocks',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    /** Null for a holiday, which closes every instrument. */
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BlockKind>().notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('device_blocks_range_idx').on(t.endAt, t.startAt)],
);

/** Equipment a customer brings or asks for (tempDevice), reviewed by staff. */
export const tempDevices = pgTable(
  'temp_devices',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    description: text('description').notNull(),
    status: text('status').$type<TempDeviceStatus>().notNull().default('pending'),
    /** The staff's remark when approving or rejecting. */
    note: text('note').notNull().default(''),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('temp_devices_user_idx').on(t.userId, t.id),
    index('temp_devices_reservation_idx').on(t.reservationId),
  ],
);

/** A customer trained on an instrument that requires it (decision 0087); revoking deletes the row. */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    grantedBy: integer('granted_by').references(() => users.id),
    grantedAt: at('granted_at').notNull(),
  },
  (t) => [
    uniqueIndex('device_authorizations_device_user_idx').on(t.deviceId, t.userId),
    index('device_authorizations_user_idx').on(t.userId),
  ],
);
