import { eq } from 'drizzle-orm';
import type { Services } from '#server/platform/services.ts';
import { jobs } from '#server/platform/jobs-table.ts';
import { JOB_HANDLERS } from '#server/jobs.ts';
import { runJobsOnce, startJobWorker } from '#server/platform/jobs.ts';
import { NOTIFY, type NotifyPayload } from '#server/notify/index.ts';

/** One pass of the job worker with every handler the app runs. */
export const runJobs = (s: Services, limit?: number) => runJobsOnce(s, JOB_HANDLERS, limit);

/** The app's worker loop, as src/server.ts starts it (without the periodic jobs). */
export const startWorker = (s: Services, intervalMs: number) =>
  startJobWorker(s, JOB_HANDLERS, { intervalMs });

/** Queued notifications (notify jobs), flattened, optionally only those matching `where`. */
export async function notifications(
  s: Services,
  where: Partial<Pick<NotifyPayload, 'userId' | 'orderId' | 'template' | 'channel'>> = {},
) {
  const rows = await s.db.select().from(jobs).where(eq(jobs.kind, NOTIFY));
  return rows
    .map((j) => ({
      ...(j.payload as NotifyPayload),
      status: j.status,
      attempts: j.attempts,
      lastError: j.lastError,
    }))
    .filter((n) => Object.entries(where).every(([k, v]) => n[k as keyof typeof where] === v));
}
