import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { rateLimits } from './db/platform-tables.ts';

export type Window = { limit: number; seconds: number };
type HitResult = { allowed: boolean; count: number; retryAfter: number };

/**
 * Fixed-window counters in the rate_limits table. A window opens at a key's first hit and lasts
 * `seconds`; each hit is one atomic upsert, so several processes count together. `now` is the
 * services' clock, never the database's, so tests can move time.
 */
export type RateLimiter = {
  /** Counts one event; allowed is false once the count passes the limit within the window. */
  hit(key: string, window: Window): Promise<HitResult>;
  /** The live count for key (0 when its window is over). */
  peek(key: string): Promise<{ count: number; retryAfter: number }>;
  /** Holds key at `count` for `seconds` (a lock), replacing any open window. */
  set(key: string, count: number, seconds: number): Promise<void>;
  clear(key: string): Promise<void>;
};

/**
 * One hit of `key` at `at` as one atomic upsert returning the count and the window's end: the
 * limiter's hit, and a statement that counts its own call inside itself (report/verify, one
 * round trip on the embedded database).
 */
export function hitUpsert(db: Db, key: string, seconds: number, at: number) {
  const current = sql`${new Date(at).toISOString()}::timestamptz`;
  const next = new Date(at + seconds * 1000);
  const nextSql = sql`${next.toISOString()}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: next })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${current} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${current} then ${nextSql} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
}

export function createRateLimiter(db: Db, now: () => number): RateLimiter {
  let hits = 0;
  const secondsLeft = (resetAt: Date, at: number) => Math.max(1, Math.ceil((resetAt.getTime() - at) / 1000));

  return {
    async hit(key, { limit, seconds }) {
      const at = now();
      const [row] = await hitUpsert(db, key, seconds, at);
      // Expired rows are only dead weight; sweep them now and then instead of on every hit.
      if (++hits % 200 === 0) await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(at)));
      return { allowed: row.count <= limit, count: row.count, retryAfter: secondsLeft(row.resetAt, at) };
    },

    async peek(key) {
      const at = now();
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(at))));
      return row
        ? { count: row.count, retryAfter: secondsLeft(row.resetAt, at) }
        : { count: 0, retryAfter: 0 };
    },

    async set(key, count, seconds) {
      const resetAt = new Date(now() + seconds * 1000);
      await db
        .insert(rateLimits)
        .values({ key, count, resetAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt } });
    },

    async clear(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
