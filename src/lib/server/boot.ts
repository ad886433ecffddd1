import { openDatabase } from './platform/db/client.ts';
import { seedDemo } from './catalogue/index.ts';
import type { Env } from './platform/env.ts';

/** Opens the configured database, applies migrations and, on an empty catalogue, the demo seed. */
export async function openMigratedDatabase(env: Env) {
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    await database.exclusive(async () => {
      await database.migrate();
      if (env.SEED_DEMO) await seedDemo(database.db);
    });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
