import { QueryBuilder } from 'drizzle-orm/pg-core';
import { deviceBlocks, reservations } from './tables.ts';

const qb = new QueryBuilder();

/**
 * The bookings as reports read them (the utilisation report, decision 0092): a read-only
 * subquery joined on `deviceId` or `userId` under the alias given (decision 0061).
 */
export const reservationDirectory = (alias: string) =>
  qb
    .select({
      id: reservations.id,
      userId: reservations.userId,
      deviceId: reservations.deviceId,
      startAt: reservations.startAt,
      endAt: reservations.endAt,
      status: reservations.status,
      /** The time actually used, recorded at 标记完成 (null: not recorded). */
      actualStartAt: reservations.actualStartAt,
      actualEndAt: reservations.actualEndAt,
    })
    .from(reservations)
    .as(alias);

/** The blocked times (holidays of every instrument, downtime of one): joined on `deviceId`. */
export const blockDirectory = (alias: string) =>
  qb
    .select({
      id: deviceBlocks.id,
      deviceId: deviceBlocks.deviceId,
      kind: deviceBlocks.kind,
      startAt: deviceBlocks.startAt,
      endAt: deviceBlocks.endAt,
    })
    .from(deviceBlocks)
    .as(alias);
