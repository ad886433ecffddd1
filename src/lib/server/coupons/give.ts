// Giving coupons (decision 0026): a customer claims one or redeems a code, staff issue them, and
// an invited newcomer receives the welcome ones; every way under the template's row lock.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { couponTemplates, coupons } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import {
  COUPON_CODE_WRONG,
  COUPON_EXPIRED,
  COUPON_GONE,
  COUPON_LIMIT,
  COUPON_NOT_FOUND,
} from '../../shared/coupons/coupons.ts';
import { couponOut, faceFen, validityAt, type Coupon, type Template } from './rows.ts';

type Source = Coupon['source'];

/**
 * Gives one coupon of a locked template to a customer: checks the template is live, the
 * customer's limit and the campaign budget, then writes the coupon and moves the counters.
 * The caller holds the template's row lock, so concurrent claims queue and none passes a limit.
 */
async function giveLocked(tx: Tx, t: Template, userId: number, source: Source, now: number): Promise<Coupon> {
  if (t.status !== 'active') throw new DomainError(COUPON_GONE);
  const valid = validityAt(t, now);
  if (valid.to.getTime() <= now) throw new DomainError(COUPON_EXPIRED);
  const [held] = await tx
    .select({ n: count() })
    .from(coupons)
    .where(and(eq(coupons.templateId, t.id), eq(coupons.userId, userId)));
  if (held.n >= t.perUserLimit) throw new DomainError(COUPON_LIMIT);
  if (t.budgetCount !== null && t.issuedCount >= t.budgetCount) throw new DomainError(COUPON_GONE);
  if (t.budgetFen !== null && t.issuedFen + faceFen(t) > t.budgetFen) throw new DomainError(COUPON_GONE);
  const [coupon] = await tx
    .insert(coupons)
    .values({
      rid: newRid('coupon'),
      templateId: t.id,
      userId,
      source,
      validFrom: valid.from,
      validTo: valid.to,
      state: 'available',
      createdAt: new Date(now),
    })
    .returning();
  await tx
    .update(couponTemplates)
    .set({ issuedCount: t.issuedCount + 1, issuedFen: t.issuedFen + faceFen(t), updatedAt: new Date(now) })
    .where(eq(couponTemplates.id, t.id));
  t.issuedCount += 1;
  t.issuedFen += faceFen(t);
  return coupon;
}

async function lockTemplate(tx: Tx, where: ReturnType<typeof eq>): Promise<Template | undefined> {
  const [t] = await tx.select().from(couponTemplates).where(where).for('update');
  return t;
}

/** discount4user/add: claim a coupon shown in the coupon centre, or redeem a code. */
export async function claimCoupon(
  db: Db,
  userId: number,
  input: { template_rid?: string; code?: string },
  now: number,
) {
  return db.transaction(async (tx) => {
    if (input.code) {
      const t = await lockTemplate(tx, eq(sql`upper(${couponTemplates.code})`, input.code.toUpperCase()));
      if (!t || t.status !== 'active') throw new DomainError(COUPON_CODE_WRONG);
      return couponOut(await giveLocked(tx, t, userId, 'code', now), t, now);
    }
    const t = await lockTemplate(tx, eq(couponTemplates.rid, input.template_rid ?? ''));
    if (!t || !t.claimable) throw new DomainError(COUPON_NOT_FOUND);
    return couponOut(await giveLocked(tx, t, userId, 'claim', now), t, now);
  });
}

/** Staff give coupons of a template to customers (each under the same limits); who got one. */
export async function issueCoupons(tx: Tx, templateId: number, userIds: readonly number[], now: number) {
  const t = await lockTemplate(tx, eq(couponTemplates.id, templateId));
  if (!t) throw new DomainError(COUPON_NOT_FOUND);
  const given: number[] = [];
  const refused: { user_id: number; reason: string }[] = [];
  for (const userId of userIds) {
    try {
      // A savepoint per customer: one refusal does not undo the others.
      await tx.transaction(async (inner) => void (await giveLocked(inner, t, userId, 'issued', now)));
      given.push(userId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ user_id: userId, reason: error.message });
    }
  }
  return { given, refused };
}

/**
 * The welcome coupon of a customer who registered through an invitation (every active template
 * marked welcome), in the registration's transaction; a spent budget just means none.
 */
export async function giveWelcomeCoupons(tx: Tx, userId: number, now: number): Promise<number> {
  const ids = await tx
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .where(and(eq(couponTemplates.welcome, true), eq(couponTemplates.status, 'active')));
  let given = 0;
  for (const { id } of ids) {
    const t = await lockTemplate(tx, eq(couponTemplates.id, id));
    if (!t) continue;
    try {
      await tx.transaction(async (inner) => void (await giveLocked(inner, t, userId, 'welcome', now)));
      given += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return given;
}
