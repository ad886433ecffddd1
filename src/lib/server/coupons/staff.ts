// Staff's side of coupons: define and retire templates, give coupons to customers, see usage.
import { and, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { couponTemplates, coupons, item, orders, projectChild, users } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { COUPON_NOT_FOUND, type couponTemplateSchema } from '../../shared/coupons/coupons.ts';
import type { z } from '../../shared/zod.ts';
import { couponOut, issueCoupons, payingCustomers, templateOut, windowOf, type Template } from './coupons.ts';

async function staffOut(s: Services, t: Template) {
  const [used] = await s.db
    .select({ n: count(), fen: sum(coupons.discountFen) })
    .from(coupons)
    .where(and(eq(coupons.templateId, t.id), eq(coupons.state, 'used')));
  return {
    ...templateOut(t),
    budget_count: t.budgetCount,
    budget_fen: t.budgetFen,
    issued_count: t.issuedCount,
    issued_fen: t.issuedFen,
    used_count: used.n,
    discount_fen: Number(used.fen ?? 0),
    claimable: t.claimable,
    code: t.code,
    welcome: t.welcome,
    status: t.status,
    created: t.createdAt.toISOString(),
  };
}

export async function listTemplates(
  s: Services,
  f: { status?: 'active' | 'retired'; page?: number; size?: number },
) {
  const w = pageWindow(f.page, f.size);
  const where = f.status ? eq(couponTemplates.status, f.status) : undefined;
  const rows = await s.db
    .select()
    .from(couponTemplates)
    .where(where)
    .orderBy(desc(couponTemplates.id))
    .limit(w.size)
    .offset(w.offset);
  const [total] = await s.db.select({ n: count() }).from(couponTemplates).where(where);
  return { list: await Promise.all(rows.map((t) => staffOut(s, t))), total: total.n };
}

/** What a scoped template applies to, by name; refused when it does not exist. */
async function scopeName(s: Services, scope: string, ref: string): Promise<string> {
  if (scope === 'all') return '';
  if (scope === 'category') {
    const id = Number(ref);
    const [c] = Number.isInteger(id)
      ? await s.db.select({ name: projectChild.name }).from(projectChild).where(eq(projectChild.id, id))
      : [];
    if (!c) throw new DomainError('[适用对象]类别不存在');
    return c.name;
  }
  const [i] = await s.db.select({ name: item.name }).from(item).where(eq(item.rid, ref));
  if (!i) throw new DomainError('[适用对象]项目不存在');
  return i.name;
}

export async function addTemplate(s: Services, staffId: number, t: z.output<typeof couponTemplateSchema>) {
  const now = s.now();
  const window = t.validity === 'fixed' ? windowOf(t.valid_from, t.valid_to) : null;
  if (window && window.to.getTime() <= now) throw new DomainError('[结束日期]不能早于今天');
  const code = t.code ? t.code.toUpperCase() : null;
  if (code) {
    const [taken] = await s.db
      .select({ id: couponTemplates.id })
      .from(couponTemplates)
      .where(eq(sql`upper(${couponTemplates.code})`, code));
    if (taken) throw new DomainError('[兑换码]已被使用');
  }
  const [row] = await s.db
    .insert(couponTemplates)
    .values({
      rid: newRid('couponTemplate'),
      name: t.name,
      scope: t.scope,
      scopeRef: t.scope === 'all' ? '' : t.scope_ref,
      scopeName: await scopeName(s, t.scope, t.scope_ref),
      kind: t.kind,
      valueFen: t.value_fen ?? 0,
      percentOff: t.kind === 'percent' ? (t.percent_off ?? 0) : 0,
      thresholdFen: t.threshold_fen ?? 0,
      firstOrderOnly: t.first_order_only,
      validity: t.validity,
      validFrom: window?.from ?? null,
      validTo: window?.to ?? null,
      validDays: t.validity === 'days' ? (t.valid_days ?? null) : null,
      perUserLimit: t.per_user_limit ?? 1,
      budgetCount: t.budget_count ?? null,
      budgetFen: t.budget_fen ?? null,
      claimable: t.claimable,
      code,
      welcome: t.welcome,
      status: 'active',
      createdBy: staffId,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning();
  return staffOut(s, row);
}

/** Retired: no longer claimed, redeemed or issued; coupons already held stay usable. */
export async function retireTemplate(s: Services, rid: string) {
  const [row] = await s.db
    .update(couponTemplates)
    .set({ status: 'retired', updatedAt: new Date(s.now()) })
    .where(eq(couponTemplates.rid, rid))
    .returning();
  if (!row) throw new DomainError(COUPON_NOT_FOUND, 200, 'NOT_FOUND');
  return staffOut(s, row);
}

/** Gives one coupon each to the customers with these mobile numbers; says who got none and why. */
export async function issueByPhone(s: Services, rid: string, phones: readonly string[]) {
  const [t] = await s.db.select().from(couponTemplates).where(eq(couponTemplates.rid, rid));
  if (!t) throw new DomainError(COUPON_NOT_FOUND, 200, 'NOT_FOUND');
  const unique = [...new Set(phones)];
  const found = await s.db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, unique));
  const idOf = new Map(found.map((u) => [u.phone, u.id]));
  const refused = unique.filter((p) => !idOf.has(p)).map((phone) => ({ phone, reason: '用户不存在' }));
  const ids = unique.filter((p) => idOf.has(p)).map((p) => idOf.get(p)!);
  const result = await s.db.transaction((tx) => issueCoupons(tx, t.id, ids, s.now()));
  const phoneOf = new Map(found.map((u) => [u.id, u.phone]));
  return {
    given: result.given.length,
    refused: [
      ...refused,
      ...result.refused.map((r) => ({ phone: phoneOf.get(r.user_id) ?? '', reason: r.reason })),
    ],
  };
}

/** Who holds coupons of a template and what they did with them. */
export async function usageOf(s: Services, f: { rid: string; page?: number; size?: number }) {
  const [t] = await s.db.select().from(couponTemplates).where(eq(couponTemplates.rid, f.rid));
  if (!t) throw new DomainError(COUPON_NOT_FOUND, 200, 'NOT_FOUND');
  const w = pageWindow(f.page, f.size);
  const rows = await s.db
    .select({ c: coupons, u: users, orderNo: orders.orderNo, orderRid: orders.rid })
    .from(coupons)
    .innerJoin(users, eq(users.id, coupons.userId))
    .leftJoin(orders, eq(orders.id, coupons.orderId))
    .where(eq(coupons.templateId, t.id))
    .orderBy(desc(coupons.id))
    .limit(w.size)
    .offset(w.offset);
  const [total] = await s.db.select({ n: count() }).from(coupons).where(eq(coupons.templateId, t.id));
  const now = s.now();
  const paying = t.firstOrderOnly
    ? await payingCustomers(s.db, [...new Set(rows.map((r) => r.c.userId))])
    : null;
  return {
    list: rows.map((r) => {
      const { template: _template, ...coupon } = couponOut(r.c, t, now, paying?.has(r.c.userId));
      return {
        ...coupon,
        order_rid: r.orderRid,
        order_no: r.orderNo,
        customer: {
          rid: r.u.rid,
          phone: r.u.phone,
          name: r.u.name,
          company: r.u.company,
        },
      };
    }),
    total: total.n,
  };
}
