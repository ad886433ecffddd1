// The jobs table and its runner (src/lib/server/platform/jobs.ts): idempotent enqueueing,
// periodic jobs, leases that outlive a crashed worker, back-off and giving up.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { jobs } from '#server/platform/jobs-table.ts';
import {
  backoffMs,
  enqueue,
  LEASE_MS,
  MAX_ATTEMPTS,
  runJobsOnce,
  startJobWorker,
  type JobHandlers,
} from '#server/platform/jobs.ts';

const t = await setupApi({ seed: false });
let now = Date.UTC(2026, 10, 23, 2, 0, 0);
t.services.now = () => now;

const rowsOf = (kind: string) => t.services.db.select().from(jobs).where(eq(jobs.kind, kind));

describe('jobs', () => {
  it('a unique key makes enqueueing idempotent', async () => {
    for (let i = 0; i < 3; i++)
      await enqueue(
        t.services.db,
        [{ kind: 'once', payload: { n: i }, uniqueKey: 'once:1', runAt: now }],
        now,
      );
    const rows = await rowsOf('once');
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toEqual({ n: 0 });
  });

  it('runs a due job once, and a job not yet due not at all', async () => {
    const ran: unknown[] = [];
    const handlers: JobHandlers = { echo: async (_s, job) => void ran.push(job.payload.n) };
    await enqueue(t.services.db, [{ kind: 'echo', payload: { n: 1 }, runAt: now }], now);
    await enqueue(t.services.db, [{ kind: 'echo', payload: { n: 2 }, runAt: now + 60_000 }], now);
    expect(await runJobsOnce(t.services, handlers)).toBe(1);
    expect(await runJobsOnce(t.services, handlers)).toBe(0);
    expect(ran).toEqual([1]);
    now += 60_000;
    expect(await runJobsOnce(t.services, handlers)).toBe(1);
    expect(ran).toEqual([1, 2]);
    expect((await rowsOf('echo')).map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('a job whose worker died is run again after its lease; the stale run cannot finish it', async () => {
    let finishStale: (() => Promise<boolean>) | undefined;
    let runs = 0;
    const handlers: JobHandlers = {
      slow: async (s, _job, finish) => {
        runs++;
        if (runs === 1) {
          // The first worker "hangs": keep its finish for later and never return.
          finishStale = () => finish(s.db);
          await new Promise(() => {});
        }
      },
    };
    await enqueue(t.services.db, [{ kind: 'slow', payload: {}, runAt: now }], now);
    void runJobsOnce(t.services, handlers);
    await expect.poll(() => runs).toBe(1);
    expect(await runJobsOnce(t.services, handlers)).toBe(0); // leased
    now += LEASE_MS + 1;
    expect(await runJobsOnce(t.services, handlers)).toBe(1);
    expect(runs).toBe(2);
    expect(await finishStale!()).toBe(false);
    const [row] = await rowsOf('slow');
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('retries a failing job with back-off and gives up after MAX_ATTEMPTS', async () => {
    const handlers: JobHandlers = {
      broken: async () => {
        throw new Error('gateway down');
      },
    };
    await enqueue(t.services.db, [{ kind: 'broken', payload: {}, runAt: now }], now);
    const warn = console.warn;
    console.warn = () => {};
    try {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        expect(await runJobsOnce(t.services, handlers)).toBe(0);
        const [row] = await rowsOf('broken');
        expect(row).toMatchObject({ attempts: attempt, lastError: 'gateway down' });
        expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
        expect(+row.runAt).toBe(now + backoffMs(attempt));
        now = +row.runAt;
      }
      now += 3_600_000;
      expect(await runJobsOnce(t.services, handlers)).toBe(0);
      expect((await rowsOf('broken'))[0].attempts).toBe(MAX_ATTEMPTS);
    } finally {
      console.warn = warn;
    }
  });

  it('a periodic job is one row, scheduled by every worker and run once per period', async () => {
    let runs = 0;
    const handlers: JobHandlers = { tick: async () => void runs++ };
    const workers = [1, 2, 3].map(() =>
      startJobWorker(t.services, handlers, { intervalMs: 5, periodic: [{ kind: 'tick', everyMs: 60_000 }] }),
    );
    await expect.poll(() => runs).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
    const [row] = await rowsOf('tick');
    expect(row).toMatchObject({ status: 'pending', uniqueKey: 'periodic:tick', attempts: 0 });
    expect(+row.runAt).toBe(now + 60_000);
    now += 60_000;
    await expect.poll(() => runs).toBe(2);
    await Promise.all(workers.map((w) => w.stop()));
    expect(await rowsOf('tick')).toHaveLength(1);
  });
});
