import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database next to the one in `url`, dropped by drop(): empty, or a copy of
 * `template` (one of the run's templates, tests/setup/templates.ts).
 */
export async function createTempPgDatabase(
  url: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(
    url,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => adminQuery(url, `drop database if exists ${name} with (force)`),
  };
}
