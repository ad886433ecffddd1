import { eq, sql } from 'drizzle-orm';
import { setting } from './site-tables.ts';
import type { Services } from '../platform/services.ts';

/**
 * Catalogue edits reach every process at once (decision 0035). Each process caches catalogue data
 * (the memo) and rendered pages (the page cache, which empties with the memo). The editing process
 * clears its own at once; the others learn of the edit from a counter in the `setting` table that
 * each polls every second: one primary-key read, no table of our own, the same on PGlite and
 * PostgreSQL.
 */
const CATALOGUE_VERSION_KEY = 'catalogueVersion';

const readVersion = async (s: Services): Promise<number> => {
  const [row] = await s.db
    .select({ value: setting.value })
    .from(setting)
    .where(eq(setting.key, CATALOGUE_VERSION_KEY));
  return Number(row?.value ?? 0);
};

/** After a catalogue or settings write: bump the shared counter and empty this process's caches. */
export async function catalogueChanged(s: Services): Promise<void> {
  await s.db
    .insert(setting)
    .values({ key: CATALOGUE_VERSION_KEY, value: 1, updatedAt: new Date(s.now()) })
    .onConflictDoUpdate({
      target: setting.key,
      // One statement, so two editors in two processes never write the same number.
      set: { value: sql`to_jsonb(((${setting.value})::text)::bigint + 1)`, updatedAt: new Date(s.now()) },
    });
  s.memo.clear();
}

/**
 * Watches the counter: when another process bumped it, empties this process's memo (and with it
 * the page cache). `check` is exposed for tests; `stop` on shutdown.
 */
export function watchCatalogue(s: Services, everyMs = 1000) {
  let seen: number | undefined;
  let running = false;
  async function check() {
    if (running) return;
    running = true;
    try {
      const version = await readVersion(s);
      if (seen !== undefined && version !== seen) s.memo.clear();
      seen = version;
    } catch {
      // A database hiccup: try again next tick; the caches still expire on their own TTL.
    } finally {
      running = false;
    }
  }
  void check();
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
