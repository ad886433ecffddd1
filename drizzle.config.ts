import { defineConfig } from 'drizzle-kit';

// drizzle-kit's own index of every table: each domain's tables.ts (and site-tables.ts), and the
// platform's. No module of the app imports all tables at once (decision 0060).
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/lib/server/*/tables.ts',
    './src/lib/server/*/*-tables.ts',
    './src/lib/server/platform/db/platform-tables.ts',
    './src/lib/server/platform/jobs-table.ts',
  ],
  out: './drizzle',
});
