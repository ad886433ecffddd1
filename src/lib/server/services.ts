import type { Env } from './env.ts';
import type { Database, Db } from './db/client.ts';
import type { ContentStore } from './content.ts';
import { createMemo, type Memo } from './cache.ts';

/** What one process creates once and hands to the API and to pages. */
export type Services = {
  env: Env;
  database: Database;
  db: Db;
  content: ContentStore;
  /** Short-lived memo for public read-mostly data. */
  memo: Memo;
};

export function createServices(env: Env, database: Database, content: ContentStore): Services {
  return {
    env,
    database,
    db: database.db,
    content,
    memo: createMemo(env.NODE_ENV === 'test' ? 0 : 5_000),
  };
}
