import { defineConfig } from 'vitest/config';

// With TEST_DATABASE_URL the API tests run on PostgreSQL; files named *.pg.test.ts need it and
// files named *.pglite.test.ts exercise the embedded database only, so each run picks its own.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', onPostgres ? '**/*.pglite.test.ts' : '**/*.pg.test.ts'],
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker. Two keep both cores busy on PGlite (CPU-bound, in
    // the worker); on PostgreSQL a file mostly waits for the server, so a third worker fills the gaps.
    maxWorkers: onPostgres ? 3 : 2,
    projects: [
      // Pure rules and browser-side code: isolated, so a stubbed global or store never crosses files.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // Every API file imports the whole app; without isolation a worker imports it once and each
      // file still builds its own database and services (tests/setup/api.ts), so no state crosses.
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], isolate: false } },
    ],
    // A floor under the pure rules every layer trusts and under the money code (npm test runs
    // with --coverage; the floors are a little below what the suite reaches today).
    coverage: {
      provider: 'v8',
      include: ['src/lib/shared/**', 'src/lib/server/money/**'],
      // Table definitions are declarations (their callbacks run when drizzle-kit reads them).
      exclude: ['**/tables.ts'],
      reporter: ['text-summary'],
      thresholds: {
        'src/lib/shared/**': { statements: 85, branches: 72, functions: 78, lines: 85 },
        'src/lib/server/money/**': { statements: 85, branches: 70, functions: 95, lines: 90 },
      },
    },
  },
});
