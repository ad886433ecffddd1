// EXPLAIN ANALYZE of the turnaround report's statement on a database the bench row kept
// (BENCH_KEEP=1): `node scripts/bench/explain-turnaround.ts <url> [group] [unit]`.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../../src/lib/server/platform/db/client.ts';
import type { Services } from '../../src/lib/server/platform/services.ts';
import { turnaroundReport } from '../../src/lib/server/analytics/turnaround.ts';
import type { Grouping, Unit } from '../../src/lib/shared/analytics/turnaround.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';

const [url, group = 'month', unit = 'working'] = process.argv.slice(2);
const database = await openDatabase({ url });
const now = Date.now();
const today = shanghaiDate(now);
let captured: SQL | undefined;
const db = new Proxy(database.db, {
  get(target, key) {
    if (key !== 'transaction') return Reflect.get(target, key);
    // The report's statement is explained instead of run.
    return (fn: (tx: unknown) => Promise<unknown>) =>
      target.transaction(async (tx) =>
        fn({
          execute: async (q: SQL) => {
            if (!captured && !new PgDialect().sqlToQuery(q).sql.startsWith('set local')) captured = q;
            return tx.execute(q);
          },
        }),
      );
  },
});
const s = { db, now: () => now } as unknown as Services;
await turnaroundReport(s, {
  from: addDays(today, -732),
  to: addDays(today, 2),
  group: group as Grouping,
  unit: unit as Unit,
});
if (process.env.DUMP) console.log(JSON.stringify(new PgDialect().sqlToQuery(captured!)));
const plan = await database.db.transaction(async (tx) => {
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
  return tx.execute(sql`explain (analyze, buffers) ${captured!}`);
});
const rows = (plan as unknown as { rows: Record<string, string>[] }).rows;
for (const r of rows) console.log(Object.values(r)[0]);
await database.close();
