import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database next to the one in `url`, dropped by drop(). */
export async function createTempPgDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => adminQuery(url, `drop database if exists ${name} with (force)`),
  };
}
