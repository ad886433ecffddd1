import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { couponTemplates, coupons } from './tables.ts';

/** The user's coupons with their names, for the data export (privacy, decision 0044). */
export async function couponsOfPerson(db: Db, userId: number) {
  const rows = await db
    .select({ coupon: coupons, name: couponTemplates.name })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(eq(coupons.userId, userId));
  return rows.map((c) => ({ ...c.coupon, name: c.name }));
}
