import { eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import type { Db } from '../../db/client.ts';
import { staffMembers, users } from '../../db/schema/index.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/users.ts';

/** The seeded demo staff account (README); its password comes from STAFF_PASSWORD. */
export const DEMO_STAFF_PHONE = '13800000000';

export async function staffRole(db: Db, userId: number): Promise<'staff' | 'admin' | null> {
  const [row] = await db
    .select({ role: staffMembers.role })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return row?.role ?? null;
}

/**
 * Creates the demo staff account when missing and sets its password to STAFF_PASSWORD, so an
 * installer changes it by changing the variable and restarting.
 */
export async function ensureDemoStaff(s: Services): Promise<void> {
  const passwordHash = await hashPassword(s.env.STAFF_PASSWORD);
  const now = s.now();
  await s.db.transaction(async (tx) => {
    let [user] = await tx.select().from(users).where(eq(users.phone, DEMO_STAFF_PHONE));
    if (!user) {
      user = (await insertUser(tx, { phone: DEMO_STAFF_PHONE, passwordHash, now }))!;
      await tx.update(users).set({ name: '演示业务经理' }).where(eq(users.id, user.id));
    } else {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    }
    await tx
      .insert(staffMembers)
      .values({ userId: user.id, role: 'admin', createdAt: new Date(now) })
      .onConflictDoNothing();
  });
}
