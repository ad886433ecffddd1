import type { Db, Tx } from '../platform/db/client.ts';

/**
 * The user's scene date (the Shanghai date of their earliest reservation still to come); pickups
 * on or after it are refused (spec: sampling rules). Reservations reads it and sits above member
 * and orders, which check pickups: the app hands it in (decision 0061).
 */
export type SceneDateOf = (db: Db | Tx, userId: number, now: number) => Promise<string | null>;
