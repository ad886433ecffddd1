// 专属顾问 (decision 0090): the business manager who looks after an institution or enterprise
// customer, given by hand on the customer's page or in turn (round robin) when a new customer's
// profile first says they are one. Every assignment is appended to advisor_assignments.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { displayNameOf, lockUser, userDirectory } from '../accounts/index.ts';
import { staffDirectory } from '../staff/index.ts';
import { advisorAssignments, advisorRotation, customerAdvisors } from './tables.ts';
import { ADVISED_ORGANIZATIONS } from '../../shared/customers/customers.ts';
import type { Advisor } from '../../shared/customers/advisor.ts';

export const NOT_A_MANAGER = '专属顾问只能是业务经理';
const SAME_ADVISOR = '该客户的专属顾问已是此人';
const NO_ADVISOR = '该客户尚未指定专属顾问';

/** The business managers in the rotation's order (by account), with how many customers each has. */
export async function advisorChoices(db: Db): Promise<(Advisor & { customers: number })[]> {
  const m = staffDirectory('m');
  const u = userDirectory('u');
  return db
    .select({
      rid: u.rid,
      name: u.name,
      phone: u.phone,
      customers: sql<number>`(select count(*)::int from ${customerAdvisors} where ${customerAdvisors.advisorId} = ${m.userId})`,
    })
    .from(m)
    .innerJoin(u, eq(u.id, m.userId))
    .where(eq(m.role, 'manager'))
    .orderBy(asc(m.userId));
}

/** Whether a user is a business manager now. */
async function isManager(db: Db | Tx, userId: number): Promise<boolean> {
  const m = staffDirectory('m');
  const [row] = await db
    .select({ id: m.userId })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.role, 'manager')));
  return Boolean(row);
}

/**
 * A customer's advisor: name, phone and whether they are still a business manager (someone who
 * left keeps the customers until they are handed on, but customers no longer see them).
 */
export async function advisorOf(
  db: Db | Tx,
  userId: number,
): Promise<(Advisor & { current: boolean }) | null> {
  const a = userDirectory('a');
  const m = staffDirectory('m');
  const [row] = await db
    .select({ rid: a.rid, name: a.name, phone: a.phone, role: m.role })
    .from(customerAdvisors)
    .innerJoin(a, eq(a.id, customerAdvisors.advisorId))
    .leftJoin(m, eq(m.userId, customerAdvisors.advisorId))
    .where(eq(customerAdvisors.userId, userId));
  return row ? { rid: row.rid, name: row.name, phone: row.phone, current: row.role === 'manager' } : null;
}

/** The advisor a customer sees (member centre, order page, the receipt SMS): a current one only. */
export async function shownAdvisorOf(
  db: Db | Tx,
  userId: number,
): Promise<{ name: string; phone: string } | null> {
  const a = await advisorOf(db, userId);
  return a?.current ? { name: a.name || '专属顾问', phone: a.phone } : null;
}

/** Every assignment of a customer, newest first, with the people named. */
export async function assignmentsOf(db: Db, userId: number) {
  const adv = userDirectory('adv');
  const prev = userDirectory('prev');
  const by = userDirectory('by');
  const rows = await db
    .select({
      at: advisorAssignments.at,
      how: advisorAssignments.how,
      advisor: displayNameOf(adv),
      previous: displayNameOf(prev),
      by: displayNameOf(by),
      note: advisorAssignments.note,
    })
    .from(advisorAssignments)
    .leftJoin(adv, eq(adv.id, advisorAssignments.advisorId))
    .leftJoin(prev, eq(prev.id, advisorAssignments.previousId))
    .leftJoin(by, eq(by.id, advisorAssignments.byId))
    .where(eq(advisorAssignments.userId, userId))
    .orderBy(desc(advisorAssignments.id))
    .limit(50);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/**
 * Gives a customer their advisor by hand (a business manager), or removes it (advisorId null).
 * The customer's row is locked first, as the rotation's caller does, so the two never both give.
 */
export async function assignByHand(
  s: Services,
  byId: number,
  customer: { id: number; rid: string },
  advisorId: number | null,
  note: string,
): Promise<void> {
  const now = new Date(s.now());
  await s.db.transaction(async (tx) => {
    await lockUser(tx, customer.id);
    const [was] = await tx
      .select({ advisorId: customerAdvisors.advisorId })
      .from(customerAdvisors)
      .where(eq(customerAdvisors.userId, customer.id));
    if (advisorId === null) {
      if (!was) throw new DomainError(NO_ADVISOR);
      await tx.delete(customerAdvisors).where(eq(customerAdvisors.userId, customer.id));
    } else {
      if (!(await isManager(tx, advisorId))) throw new DomainError(NOT_A_MANAGER);
      if (was?.advisorId === advisorId) throw new DomainError(SAME_ADVISOR);
      await tx
        .insert(customerAdvisors)
        .values({ userId: customer.id, userRid: customer.rid, advisorId, assignedAt: now })
        .onConflictDoUpdate({ target: customerAdvisors.userId, set: { advisorId, assignedAt: now } });
    }
    await tx.insert(advisorAssignments).values({
      userId: customer.id,
      advisorId,
      previousId: was?.advisorId ?? null,
      how: advisorId === null ? 'removed' : 'hand',
      byId,
      note,
      at: now,
    });
  });
}

/**
 * The rotation (round robin), inside the transaction that stores a customer's profile with their
 * row locked: an institution or enterprise customer who never had an advisor gets the business
 * manager after the one given last. The rotation's row is locked, so concurrent registrations
 * take turns: each gets one advisor, and the managers get them evenly. Returns the advisor's id.
 */
export async function assignByRotation(
  tx: Tx,
  customer: { id: number; rid: string; organization: number | null },
  now: number,
): Promise<number | null> {
  if (customer.organization === null || !ADVISED_ORGANIZATIONS.includes(customer.organization)) return null;
  const [{ had }] = await tx
    .select({ had: count() })
    .from(advisorAssignments)
    .where(eq(advisorAssignments.userId, customer.id));
  if (had > 0) return null;
  const [rotation] = await tx.select().from(advisorRotation).where(eq(advisorRotation.id, 1)).for('update');
  if (!rotation?.enabled) return null;
  const m = staffDirectory('m');
  const pool = (
    await tx.select({ id: m.userId }).from(m).where(eq(m.role, 'manager')).orderBy(asc(m.userId))
  ).map((r) => r.id);
  if (!pool.length) return null;
  const next = pool.find((id) => id > (rotation.lastAdvisorId ?? 0)) ?? pool[0];
  const at = new Date(now);
  const [given] = await tx
    .insert(customerAdvisors)
    .values({ userId: customer.id, userRid: customer.rid, advisorId: next, assignedAt: at })
    .onConflictDoNothing()
    .returning({ id: customerAdvisors.userId });
  if (!given) return null;
  await tx.insert(advisorAssignments).values({ userId: customer.id, advisorId: next, how: 'rotation', at });
  await tx
    .update(advisorRotation)
    .set({ lastAdvisorId: next, updatedAt: at })
    .where(eq(advisorRotation.id, 1));
  return next;
}

/** The rotation's setting, and how many business managers it would go round. */
export async function rotationOf(db: Db) {
  const m = staffDirectory('m');
  const [[rotation], [{ managers }]] = await Promise.all([
    db.select({ enabled: advisorRotation.enabled }).from(advisorRotation).where(eq(advisorRotation.id, 1)),
    db.select({ managers: count() }).from(m).where(eq(m.role, 'manager')),
  ]);
  return { enabled: rotation?.enabled ?? false, managers };
}

/** Turns the rotation on or off (admins; audited by the console guard). */
export async function saveRotation(s: Services, enabled: boolean) {
  await s.db
    .insert(advisorRotation)
    .values({ id: 1, enabled, updatedAt: new Date(s.now()) })
    .onConflictDoUpdate({ target: advisorRotation.id, set: { enabled, updatedAt: new Date(s.now()) } });
  return rotationOf(s.db);
}

/**
 * A customer's advisor as the audit log keeps it (audit record `advisor`, decision 0095): named
 * by the customer's public id, the advisor by name and phone, so the history reads 张 → 王.
 */
export async function advisorRecord(db: Db, userRid: string) {
  const a = userDirectory('audited_advisor');
  const [row] = await db
    .select({ name: a.name, phone: a.phone })
    .from(customerAdvisors)
    .innerJoin(a, eq(a.id, customerAdvisors.advisorId))
    .where(eq(customerAdvisors.userRid, userRid));
  if (!row) return null;
  const phone = row.phone ?? '';
  return {
    rid: userRid,
    advisor: row.name ? `${row.name}${phone && `（${phone}）`}` : phone,
  };
}
