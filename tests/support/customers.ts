// Staff of a role and customers for the customers tests (decision 0090).
import { eq } from 'drizzle-orm';
import type { TestContext } from '../setup/api.ts';
import { orderHelpers, staffToken } from './orders.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import type { Role } from '#shared/staff/permissions.ts';

export function customerHelpers(t: TestContext) {
  const o = orderHelpers(t);
  /** A staff member of a role with a console session; `name` fills their profile name. */
  async function staffOf(role: Role, name = '') {
    const u = await o.a.user();
    const [row] = await t.services.db.select().from(users).where(eq(users.phone, u.phone));
    if (name) await t.services.db.update(users).set({ name }).where(eq(users.id, row.id));
    await t.services.db
      .insert(staffMembers)
      .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
    return { id: row.id, rid: row.rid, phone: u.phone, h: o.a.bearer(await staffToken(t, u.phone)) };
  }
  return { o, staffOf };
}
