import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.ts';

// No schema is passed to drizzle: every query names its tables (no relational `db.query`), so the
// client needs no index of every domain's tables.
export type Db = ReturnType<typeof drizzlePglite>;
/** A transaction handle: what db.transaction(fn) hands to fn. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Runs fn while holding a database-wide lock (start-up work of several processes). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only, where this process is the database's only one: fn hears the id of each user
   * whose rows user/info reads were written, at the write's COMMIT and before the writer's await
   * resumes (the user_change triggers, decision 0067). Undefined on PostgreSQL.
   */
  onUserChange?: (fn: (userId: number) => void) => void;
};

const STARTUP_LOCK_KEY = 4_321_001;
const migrationsFolder = fileURLToPath(new URL('../../../../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { url: string }
  /**
   * dataDir undefined means an in-memory database (tests); loadDataDir starts it from a tarball
   * PGlite's dumpDataDir wrote (the test harness's migrated template, cloned per test file).
   */
  | { dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server drops (restart, failover, dropped test database) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (error) => console.warn('[db] idle PostgreSQL connection lost:', error.message));
    // Both drivers expose the same query builder; the PGlite type stands for both.
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      async exclusive(fn) {
        // A session-level advisory lock on its own connection: processes starting together
        // migrate and seed one after another instead of racing on CREATE TABLE.
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          lockClient.release();
        }
      },
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
    const db = drizzlePglite({ client: takingTurns(client) });
    const onUserChange = await userChanges(client);
    return {
      db,
      kind: 'pglite',
      onUserChange,
      migrate: () => migratePglite(db, { migrationsFolder }),
      // The data-directory lock already makes this process the only one.
      exclusive: (fn) => fn(),
      ping: async () => void (await client.query('select 1')),
      close: async () => {
        if (!client.closed) {
          await client.query('checkpoint');
          await client.close();
        }
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Turns the user_change triggers on for PGlite's one session (a setting of this session: the
 * migration's triggers stay silent anywhere else) and listens to them. PGlite calls a listener in
 * a microtask queued while it reads the writing statement's answer, so before the writer goes on.
 */
async function userChanges(client: PGlite) {
  const listeners = new Set<(userId: number) => void>();
  await client.exec(`set app.user_cache = 'on'`);
  await client.listen('user_change', (payload) => {
    for (const fn of listeners) fn(Number(payload));
  });
  return (fn: (userId: number) => void) => void listeners.add(fn);
}

/**
 * PGlite runs one query at a time on the event loop's own thread and answers each by starting the
 * next queued one in the same run of microtasks, so under load one turn of the loop ran hundreds
 * of queries (125 ms and more). Node accepts one new connection per turn: a burst's last
 * connections waited 10 s (issue 19). Here each call starts on a later turn (setImmediate), so a
 * turn runs only the calls that were waiting when it began, and sockets are served in between.
 * A transaction is one call: its own queries run inside it as before.
 */
function takingTurns(client: PGlite): PGlite {
  const deferred = new Set<string | symbol>(['query', 'exec', 'transaction']);
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (deferred.has(prop)) return (...args: unknown[]) => nextTurn().then(() => value.apply(target, args));
      return value.bind(target);
    },
  });
}

/** The rows of a raw `db.execute(sql…)`: PGlite and node-postgres both answer `{ rows }`, typed apart. */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] =>
  (result as { rows?: T[] }).rows ?? [];
