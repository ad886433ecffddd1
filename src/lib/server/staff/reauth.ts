// A fresh confirmation of one's own password before signing (decision 0080). The window lives in
// the database, so any app process honours it; wrong passwords are limited per account.
import { and, eq, gt } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { findUserById, verifyPassword } from '../accounts/index.ts';
import { staffReauth } from './tables.ts';
import { REAUTH_MINUTES, REAUTH_TEXT, type ReauthPurpose } from '../../shared/staff/reauth.ts';
import { shanghaiIso } from '../../shared/time.ts';

/** Wrong passwords allowed per account in 15 minutes before confirmations are refused. */
const TRIES = { limit: 5, seconds: 900 };

/** Checks the staff member's own password and opens (or renews) the purpose's window. */
export async function confirmPassword(
  s: Services,
  staffId: number,
  password: string,
  purpose: ReauthPurpose,
) {
  const key = `reauth:fail:${staffId}`;
  if ((await s.limiter.peek(key)).count >= TRIES.limit)
    throw new DomainError('密码错误次数过多，请15分钟后再试', 200, 'RATE_LIMITED');
  const me = await findUserById(s.db, staffId);
  if (!(await verifyPassword(me?.passwordHash, password))) {
    await s.limiter.hit(key, TRIES);
    throw new DomainError('密码不正确，请重新输入');
  }
  const until = new Date(s.now() + REAUTH_MINUTES * 60_000);
  await s.db
    .insert(staffReauth)
    .values({ userId: staffId, purpose, until })
    .onConflictDoUpdate({ target: [staffReauth.userId, staffReauth.purpose], set: { until } });
  return { purpose, until: shanghaiIso(until) };
}

/** Refuses (REAUTH_REQUIRED, which the console answers with a password dialog) outside a window. */
export async function requireFreshPassword(
  db: Db | Tx,
  staffId: number,
  purpose: ReauthPurpose,
  now: number,
) {
  const [open] = await db
    .select({ until: staffReauth.until })
    .from(staffReauth)
    .where(
      and(
        eq(staffReauth.userId, staffId),
        eq(staffReauth.purpose, purpose),
        gt(staffReauth.until, new Date(now)),
      ),
    );
  if (!open) throw new DomainError(REAUTH_TEXT[purpose], 200, 'REAUTH_REQUIRED');
}
