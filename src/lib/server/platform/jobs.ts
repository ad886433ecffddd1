// The jobs table's runner: background work (notifications, reservation reminders; later expiry,
// statements, payment sweeps, reconciliation) written in the transaction that causes it and run
// by whichever app process claims it first. Claims use FOR UPDATE SKIP LOCKED, so any number of
// processes share one table without running a job twice at once.
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Services } from './services.ts';
import type { Db, Tx } from './db/client.ts';
import { jobs } from './jobs-table.ts';

export type Job = typeof jobs.$inferSelect;

/**
 * Runs one job. `finish(tx)` marks it done inside the handler's own transaction, for work that
 * must happen exactly once with its mark (an in-system message); it answers false when the job
 * is no longer this run's (its lease ran out and another worker took it), and the handler then
 * rolls back. Otherwise the runner marks the job done when the handler returns. A throw is
 * retried with back-off up to MAX_ATTEMPTS.
 */
export type JobHandler = (s: Services, job: Job, finish: (tx: Db | Tx) => Promise<boolean>) => Promise<void>;

export type JobHandlers = Record<string, JobHandler>;

/** A job that runs every `everyMs` (one row, rescheduled after each run). */
export type PeriodicJob = { kind: string; everyMs: number };

export const MAX_ATTEMPTS = 8;
/** A claimed job is another worker's to retry if its run has not finished in this time. */
export const LEASE_MS = 60_000;
/** 5 s, 10 s, 20 s … capped at an hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

export type NewJob = { kind: string; payload: Record<string, unknown>; uniqueKey?: string; runAt: number };

/**
 * Adds jobs in the caller's transaction, in one statement; a job whose unique key is already
 * taken is skipped, so enqueueing the same work twice is a no-op.
 */
export async function enqueue(db: Db | Tx, list: readonly NewJob[], now: number): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        payload: job.payload,
        uniqueKey: job.uniqueKey ?? null,
        runAt: new Date(job.runAt),
        createdAt: new Date(now),
      })),
    )
    .onConflictDoNothing();
}

/** Claims due jobs of the given kinds (skipping those another worker holds) and leases them. */
async function claim(s: Services, kinds: string[], limit: number): Promise<Job[]> {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(eq(jobs.status, 'pending'), eq(jobs.status, 'running')),
          lte(jobs.runAt, new Date(now)),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({ status: 'running', runAt: new Date(now + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** This run still holds the job: it is running with the attempt count this run claimed. */
const stillOurs = (job: Job) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

function doneOrRescheduled(job: Job, now: number) {
  const everyMs = Number(job.payload.everyMs) || 0;
  return everyMs > 0
    ? { status: 'pending' as const, runAt: new Date(now + everyMs), attempts: 0, lastError: '' }
    : { status: 'done' as const, doneAt: new Date(now) };
}

async function runOne(s: Services, handlers: JobHandlers, job: Job): Promise<boolean> {
  let called = false;
  const finish = async (tx: Db | Tx) => {
    called = true;
    const rows = await tx
      .update(jobs)
      .set(doneOrRescheduled(job, s.now()))
      .where(stillOurs(job))
      .returning({ id: jobs.id });
    return rows.length > 0;
  };
  try {
    await handlers[job.kind](s, job, finish);
    if (!called) await finish(s.db);
    return true;
  } catch (error) {
    const message = String((error as Error).message).slice(0, 500);
    // A periodic job is never given up: it only waits longer.
    const failed = job.attempts >= MAX_ATTEMPTS && !job.payload.everyMs;
    console.warn(`[jobs] ${job.kind} #${job.id} attempt ${job.attempts} failed:`, message);
    await s.db
      .update(jobs)
      .set({
        status: failed ? 'failed' : 'pending',
        lastError: message,
        runAt: new Date(s.now() + backoffMs(job.attempts)),
      })
      .where(stillOurs(job));
    return false;
  }
}

/** One pass: claims due jobs, runs each. Returns how many succeeded. */
export async function runJobsOnce(s: Services, handlers: JobHandlers, limit = 50): Promise<number> {
  const claimed = await claim(s, Object.keys(handlers), limit);
  let done = 0;
  for (const job of claimed) {
    if (await runOne(s, handlers, job)) done++;
    // A turn of the event loop between jobs: on the embedded database each query's answer starts
    // the next in the same run of microtasks, so draining a backlog (10,000 orders' notices)
    // would otherwise keep every customer's call from being read until it is done.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}

/**
 * The in-process worker: makes sure each periodic job exists, then a pass every `intervalMs`,
 * draining a backlog at once; stop() waits for the pass in flight.
 */
export function startJobWorker(
  s: Services,
  handlers: JobHandlers,
  options: { intervalMs?: number; periodic?: PeriodicJob[] } = {},
): { stop(): Promise<void> } {
  const { intervalMs = 1_000, periodic = [] } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () =>
    enqueue(
      s.db,
      periodic.map((p) => ({
        kind: p.kind,
        payload: { everyMs: p.everyMs },
        uniqueKey: `periodic:${p.kind}`,
        runAt: s.now(),
      })),
      s.now(),
    );
  const tick = () => {
    running = (async () => {
      try {
        while (!stopped && (await runJobsOnce(s, handlers)) > 0);
      } catch (error) {
        console.warn('[jobs] pass failed:', (error as Error).message);
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  running = schedule()
    .then(() => undefined)
    .catch((error: Error) => console.warn('[jobs] could not schedule periodic jobs:', error.message))
    .finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The queue at a glance for /healthz: jobs due and not yet run, jobs that gave up, and how long
 * the oldest due job has waited (seconds) — a stuck worker shows as a growing wait.
 */
export async function queueHealth(db: Db, now: number) {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${jobs.status} in ('pending', 'running') and ${jobs.runAt} <= ${new Date(now)})`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number),
      oldest: sql<
        string | null
      >`min(${jobs.runAt}) filter (where ${jobs.status} in ('pending', 'running') and ${jobs.runAt} <= ${new Date(now)})`,
    })
    .from(jobs);
  const oldest = row.oldest ? new Date(row.oldest).getTime() : null;
  return {
    due: row.due,
    failed: row.failed,
    oldest_due_seconds: oldest === null ? 0 : Math.round((now - oldest) / 1000),
  };
}
