import type { Database } from './client.ts';

/** What a load found: the answer, whose it is, and until when it holds (epoch ms). */
type UserAnswer<T> = { userId: number; value: T; expiresAt: number };

type UserCache<T> = {
  /**
   * The answer under key, from memory while it holds at now, else from load (stored when found
   * and no user changed meanwhile); null when load finds nothing, which is never stored.
   */
  read(key: string, now: number, load: () => Promise<UserAnswer<T> | null>): Promise<T | null>;
};

const MAX_ENTRIES = 10_000;
/** A safety net only: the database says when an answer changes (decision 0067). */
const TTL_MS = 60_000;

/**
 * A per-process cache of answers about one user each, for the embedded database only (decision
 * 0067): the user_change triggers drop every answer of a user whose rows were written, before
 * the writer's next step. One cache per database (like preparedOnce); undefined on PostgreSQL,
 * where other processes write too and every read stays a query.
 */
export function userCacheOnce<T>(): (database: Database) => UserCache<T> | undefined {
  const caches = new WeakMap<Database, UserCache<T>>();
  return (database) => {
    if (!database.onUserChange) return undefined;
    let cache = caches.get(database);
    if (!cache) {
      cache = createUserCache<T>(database.onUserChange);
      caches.set(database, cache);
    }
    return cache;
  };
}

function createUserCache<T>(onUserChange: NonNullable<Database['onUserChange']>): UserCache<T> {
  // A Map keeps insertion order: the first key is the oldest entry.
  const entries = new Map<string, { userId: number; value: T; expiresAt: number }>();
  const keysOfUser = new Map<number, Set<string>>();
  // Bumped by every change: a load during which any user changed may hold an answer from before
  // the change, so it is returned but not stored.
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfUser.get(entry.userId);
    keys?.delete(key);
    if (!keys?.size) keysOfUser.delete(entry.userId);
  };

  onUserChange((userId) => {
    generation += 1;
    for (const key of keysOfUser.get(userId) ?? []) entries.delete(key);
    keysOfUser.delete(userId);
  });

  return {
    async read(key, now, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      drop(key);
      const started = generation;
      const found = await load();
      if (!found) return null;
      const value = deepFreeze(found.value);
      if (started === generation) {
        if (entries.size >= MAX_ENTRIES) drop(entries.keys().next().value!);
        entries.set(key, { userId: found.userId, value, expiresAt: Math.min(found.expiresAt, now + TTL_MS) });
        const keys = keysOfUser.get(found.userId) ?? new Set<string>();
        keysOfUser.set(found.userId, keys.add(key));
      }
      return value;
    },
  };
}

/** A cached answer is handed to every caller: none may change it for the next. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
