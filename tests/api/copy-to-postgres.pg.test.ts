// Moving from the embedded database to PostgreSQL (issue 19): a shop that ran on PGlite, with a
// customer, their money and a paid order, is copied into a new PostgreSQL database; the app on
// PostgreSQL logs the customer in and shows the same balance and order, new rows continue the ids,
// and a target that already has customers is refused with nothing written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { createTempPgDatabase } from '../setup/pg.ts';
import { orderHelpers } from '../support/orders.ts';
import { copyEmbeddedToPostgres, TargetNotEmptyError } from '#server/platform/db/copy.ts';
import { openDatabase } from '#server/platform/db/client.ts';
import { readEnv } from '#server/platform/env.ts';
import { createServices } from '#server/platform/services.ts';
import { createApi } from '#server/app.ts';
import { loadContentStore } from '#server/content/store.ts';
import { sql } from 'drizzle-orm';

const dir = mkdtempSync(join(tmpdir(), 'portal-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('copying the embedded database to PostgreSQL', () => {
  it('carries every row across; the app on PostgreSQL serves the same customer', async () => {
    // The shop on the embedded database.
    const t = await setupApi({ dataDir: dir });
    const o = orderHelpers(t);
    const me = await o.customer('enterprise');
    await o.credit(me.rid, 80_000);
    const order = await o.quotedOrder(me, 30_000);
    expect((await t.post('/api/auth/web/order/pay', { rid: order }, me.h)).body.code).toBe(1);
    await t.services.database.close();

    const pg = await createTempPgDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const copied = await copyEmbeddedToPostgres(dir, pg.url);
      expect(copied.users).toBeGreaterThan(1);
      expect(copied.orders).toBeGreaterThan(0);
      expect(copied.money_postings).toBeGreaterThan(0);

      // The app on PostgreSQL: the customer's session, balance and order are there.
      const database = await openDatabase({ url: pg.url });
      const env = readEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', DEV_TOOLS: 'on' });
      const services = createServices(
        env,
        database,
        await loadContentStore('dist/client/content/manifest.json'),
      );
      // The same (test) clock as the shop's, so the customer's session is as fresh as it was.
      services.now = () => t.services.now();
      const api = createApi(services);
      const post = async <T>(path: string, body: unknown) => {
        const res = await api.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...me.h },
          body: JSON.stringify(body),
        });
        return (await res.json()) as { code: number; data: T };
      };
      const asset = await post<{ cash_fen: number }>('/api/auth/asset/init', {});
      expect(asset, JSON.stringify(asset)).toMatchObject({ code: 1, data: { cash_fen: 50_000 } });
      expect((await post<{ status: string }>('/api/auth/order/detail', { rid: order })).data.status).not.toBe(
        'unpaid',
      );
      // New rows continue after the copied ids.
      const [{ next }] = (
        await database.db.execute(sql`select nextval(pg_get_serial_sequence('users', 'id')) as next`)
      ).rows as { next: string }[];
      expect(Number(next)).toBeGreaterThan(copied.users);
      await database.close();

      // Run again into the same database: refused, nothing changed.
      await expect(copyEmbeddedToPostgres(dir, pg.url)).rejects.toBeInstanceOf(TargetNotEmptyError);
    } finally {
      await pg.drop();
    }
  }, 60_000); // two databases built from scratch (a data directory, then the copy): more than a request
});
