// The advisor rotation under concurrency, on PostgreSQL (PGlite runs one query at a time and would
// prove nothing; decision 0090): new institution and enterprise customers completing their profiles
// at the same moment each get exactly one 专属顾问, and the business managers get them evenly.
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { customerHelpers } from '../support/customers.ts';
import { PROFILE } from '../factories/users.ts';
import { advisorAssignments, customerAdvisors } from '#server/customers/tables.ts';
import { users } from '#server/accounts/tables.ts';

const t = await setupApi();
const { o, staffOf } = customerHelpers(t);

describe('customers completing their profiles at the same moment', () => {
  it('each get one advisor, and the managers get them evenly', async () => {
    const admin = await o.staff();
    await staffOf('manager', '张顾问');
    await staffOf('manager', '王顾问');
    const rotation = await t.post<{ managers: number }>(
      '/api/admin/customer/rotation/save',
      { enabled: true },
      admin,
    );
    const managers = rotation.body.data.managers;
    expect(managers).toBeGreaterThanOrEqual(2);
    // Three rounds of the managers, all at once; every second one an enterprise.
    const people = await Promise.all(Array.from({ length: managers * 3 }, () => o.a.user()));
    const answers = await Promise.all(
      people.map((u, i) =>
        t.post(
          '/api/auth/update4profile',
          i % 2
            ? {
                ...PROFILE,
                organization: 2,
                company: '某材料科技有限公司',
                company_leader: '王总',
                company_leader_phone: '13800002222',
                email: `u${u.phone}@example.com`,
              }
            : { ...PROFILE, organization: 3, email: `u${u.phone}@example.com` },
          o.a.bearer(u.token),
        ),
      ),
    );
    for (const a of answers) expect(a.body, JSON.stringify(a.body)).toMatchObject({ code: 1 });

    const ids = (
      await t.services.db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.phone,
            people.map((u) => u.phone),
          ),
        )
    ).map((r) => r.id);
    const given = await t.services.db
      .select({ userId: customerAdvisors.userId, advisorId: customerAdvisors.advisorId })
      .from(customerAdvisors)
      .where(inArray(customerAdvisors.userId, ids));
    expect(given).toHaveLength(people.length);
    const history = await t.services.db
      .select({ userId: advisorAssignments.userId })
      .from(advisorAssignments)
      .where(inArray(advisorAssignments.userId, ids));
    // One assignment each: none given twice, none overwritten.
    expect(history).toHaveLength(people.length);
    const perManager = new Map<number, number>();
    for (const g of given) perManager.set(g.advisorId, (perManager.get(g.advisorId) ?? 0) + 1);
    expect([...perManager.values()]).toEqual(Array(managers).fill(3));
  });
});
