import { readFileSync } from 'node:fs';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { seedDemo } from '#server/catalogue/seed/index.ts';
import { loadContentStore } from '#server/content/store.ts';
import { readEnv } from '#server/platform/env.ts';
import { createServices, type Services } from '#server/platform/services.ts';
import { createApi } from '#server/app.ts';
import { registerReportBuilder } from '#server/reports/index.ts';
import { installationReportBuilder } from '#server/reports/document-builder.ts';
import { createTempPgDatabase } from './pg.ts';

/** The demo staff account's password in API tests (a real install generates one). */
const TEST_STAFF_PASSWORD = 'Test-Staff-Pass-2026';

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set (dropped when the file ends). It is a copy of the run's migrated (or
 * migrated and seeded) template (tests/setup/templates.ts), as a real start would leave it.
 */
async function freshDatabase(seeded: boolean): Promise<Database> {
  const templates = inject('dbTemplates');
  const template = templates && (seeded ? templates.seeded : templates.migrated);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (templates?.kind !== 'pglite') return openDatabase({});
    return openDatabase({ loadDataDir: new Blob([readFileSync(template!)]) });
  }
  const temp = await createTempPgDatabase(url, templates?.kind === 'postgres' ? template! : undefined);
  const database = await openDatabase({ url: temp.url });
  const close = database.close;
  database.close = async () => {
    await close();
    await temp.drop();
  };
  return database;
}

export type TestContext = {
  services: Services;
  api: ReturnType<typeof createApi>;
  /** POST JSON to the API and return the parsed envelope and HTTP status. */
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Res<T>>;
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<Res<T>>;
};
type Res<T> = { status: number; body: { code: number; msg: string; data: T } };

export async function setupApi(options: { seed?: boolean; dataDir?: string } = {}): Promise<TestContext> {
  const seed = options.seed !== false;
  // dataDir: an embedded database on disk (tests that move or back it up), whatever the run.
  const database = options.dataDir
    ? await openDatabase({ dataDir: options.dataDir })
    : await freshDatabase(seed);
  // Both find nothing left to do on a copy of a template (each only adds what is missing).
  await database.migrate();
  if (seed) await seedDemo(database.db);
  const env = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    // In-process requests have no TCP peer; the same-machine check has its own tests.
    DEV_TOOLS: 'on',
    STAFF_PASSWORD: TEST_STAFF_PASSWORD,
  });
  const content = await loadContentStore('dist/client/content/manifest.json');
  const services = createServices(env, database, content);
  const api = createApi(services);
  // API files share modules (isolate: false): each starts with the installation's report builder,
  // whatever a file before it swapped in.
  registerReportBuilder(installationReportBuilder);
  afterAll(() => database.close());
  const call = async <T>(path: string, init: RequestInit): Promise<Res<T>> => {
    const res = await api.request(path, init);
    return { status: res.status, body: (await res.json()) as Res<T>['body'] };
  };
  return {
    services,
    api,
    post: (path, body, headers = {}) =>
      call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    get: (path, headers = {}) => call(path, { method: 'GET', headers }),
  };
}
