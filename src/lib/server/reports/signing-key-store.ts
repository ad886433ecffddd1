// The install's self-signed report key, kept in the database (decision 0085): one row, the first
// writer wins, so every app process signs with the same certificate. Installs that made their key
// under DATA_DIR/keys/report-signing/ before this keep it: the first read imports it, so reports
// signed before and after carry one certificate.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { reportSigningKey } from './tables.ts';
import type { KeyBundle, KeySource, SelfSignedKeyStore } from './signing.ts';

const SLOT = 'self-signed';

/** The key as an older install kept it in its data directory, if it did. */
async function keyOnDisk(dataDir: string): Promise<KeyBundle | null> {
  const dir = join(dataDir, 'keys', 'report-signing');
  try {
    return {
      p12: new Uint8Array(await readFile(join(dir, 'key.p12'))),
      password: (await readFile(join(dir, 'password'), 'utf8')).trim(),
    };
  } catch {
    return null;
  }
}

/** @public A store over `db` (each call is a store of its own, as each process has). */
export function databaseKeyStore(db: Db, dataDir: string, now: () => number): SelfSignedKeyStore {
  const store: SelfSignedKeyStore = {
    async read() {
      const [row] = await db.select().from(reportSigningKey).where(eq(reportSigningKey.slot, SLOT));
      if (row) return { p12: new Uint8Array(Buffer.from(row.p12, 'base64')), password: row.password };
      const old = await keyOnDisk(dataDir);
      if (!old) return null;
      await store.add(old);
      return store.read();
    },
    async add(bundle) {
      await db
        .insert(reportSigningKey)
        .values({
          slot: SLOT,
          p12: Buffer.from(bundle.p12).toString('base64'),
          password: bundle.password,
          createdAt: new Date(now()),
        })
        .onConflictDoNothing();
    },
  };
  return store;
}

const stores = new WeakMap<Db, SelfSignedKeyStore>();

/** Where this process signs reports from: the configuration and the database's key (one store per database, so the opened key is cached). */
export function keySourceOf(s: Services): KeySource {
  let store = stores.get(s.db);
  if (!store) stores.set(s.db, (store = databaseKeyStore(s.db, s.env.DATA_DIR, s.now)));
  return { env: s.env, store };
}
