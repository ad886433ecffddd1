import { lt, or } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { sessions, smsCodes, wxLoginTickets } from './tables.ts';
import { smsOutbox } from '../platform/db/platform-tables.ts';

const DAY_MS = 86_400_000;

/**
 * Deletes account rows nobody can use any more: codes and QR tickets a day past expiry, sessions
 * a day after they ended (their retired refresh tokens go with them), outbox messages after a
 * week. Safe to run from any process at any time.
 */
export async function sweepAccounts(s: Services): Promise<void> {
  const now = s.now();
  const dayAgo = new Date(now - DAY_MS);
  await s.db.delete(smsCodes).where(lt(smsCodes.expiresAt, dayAgo));
  await s.db.delete(wxLoginTickets).where(lt(wxLoginTickets.expiresAt, dayAgo));
  await s.db
    .delete(sessions)
    .where(or(lt(sessions.refreshExpiresAt, dayAgo), lt(sessions.revokedAt, dayAgo)));
  await s.db.delete(smsOutbox).where(lt(smsOutbox.createdAt, new Date(now - 7 * DAY_MS)));
}

/** Runs the sweep on about one call in `every`, so no scheduler is needed and no call waits long. */
export async function maybeSweep(s: Services, every = 200): Promise<void> {
  if (Math.random() * every >= 1) return;
  await sweepAccounts(s).catch((error: unknown) => console.warn('[accounts] sweep failed:', String(error)));
}
