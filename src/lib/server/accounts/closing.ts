import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { sessions, users } from './tables.ts';

/**
 * Erases a closing account's personal fields (the phone and invite code freed as `closed:<rid>`)
 * and ends every session, in the caller's transaction (privacy's account closing, decision 0044).
 */
export async function eraseUser(tx: Tx, user: { id: number; rid: string }, now: Date): Promise<void> {
  const gone = `closed:${user.rid}`;
  await tx
    .update(users)
    .set({
      phone: gone,
      username: null,
      passwordHash: null,
      name: '',
      email: '',
      avatar: '',
      teacher: '',
      teacherPhone: '',
      teacherMail: '',
      companyLeader: '',
      companyLeaderPhone: '',
      province: '',
      city: '',
      area: '',
      addressCode: '',
      address: '',
      inviteCode: gone,
      wxOpenid: null,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
}
