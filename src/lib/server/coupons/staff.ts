// Staff's side of coupons: define and retire templates, give coupons to customers, see usage.
import { and, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { couponIssueRequests, couponTemplates, coupons } from './tables.ts';
import { childCategoryName, itemDirectory } from '../catalogue/index.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { formatFen } from '../../shared/money.ts';
import { COUPON_NOT_FOUND, type couponTemplateSchema } from '../../shared/coupons/coupons.ts';
import type { z } from '../../shared/zod.ts';
import { couponOut, templateOut, windowOf, type Template } from './rows.ts';
import { issueCoupons } from './give.ts';
import { orderReads } from './order-reads.ts';

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

const scopedItem = itemDirectory('scoped_item');

/** What a scoped template applies to, by name; refused when it does not exist. */
async function scopeName(s: Services, scope: string, ref: string): Promise<string> {
  if (scope === 'all') return '';
  if (scope === 'category') {
    const id = Number(ref);
    const name = Number.isInteger(id) ? await childCategoryName(s.db, id) : undefined;
    if (name === undefined) throw new DomainError('[适用对象]类别不存在');
    return name;
  }
  const [i] = await s.db.select({ name: scopedItem.name }).from(scopedItem).where(eq(scopedItem.rid, ref));
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

const customer = userDirectory('customer');

/** Gives one coupon each to the customers with these mobile numbers; says who got none and why. */
async function giveByPhone(tx: Tx, templateId: number, phones: readonly string[], now: number) {
  const found = await tx
    .select({ id: customer.id, phone: customer.phone })
    .from(customer)
    .where(inArray(customer.phone, [...phones]));
  const idOf = new Map(found.map((u) => [u.phone, u.id]));
  const refused = phones.filter((p) => !idOf.has(p)).map((phone) => ({ phone, reason: '用户不存在' }));
  const ids = phones.filter((p) => idOf.has(p)).map((p) => idOf.get(p)!);
  const result = await issueCoupons(tx, templateId, ids, now);
  const phoneOf = new Map(found.map((u) => [u.id, u.phone]));
  return {
    given: result.given.length,
    refused: [
      ...refused,
      ...result.refused.map((r) => ({ phone: phoneOf.get(r.user_id) ?? '', reason: r.reason })),
    ],
  };
}

/**
 * What one coupon of a template can take off: its amount, or a percentage coupon's cap; null for
 * a percentage without a cap, which has no upper bound and so always counts as large.
 */
const faceValueFen = (t: Template) => (t.kind === 'amount' || t.valueFen > 0 ? t.valueFen : null);

const thresholdFen = (s: Services) => s.env.MONEY_SECOND_APPROVAL_YUAN * 100;
export const issuePendingMessage = (s: Services) =>
  `发放面额合计达到 ${formatFen(thresholdFen(s))}，已提交复核，需另一位同事批准后发放`;

/**
 * coupon/issue. Coupons whose face value, or total over the customers named, is
 * MONEY_SECOND_APPROVAL_YUAN or more are money given away like a manual credit: they become a
 * request another staff member approves (issue 28; decision 0048).
 */
export async function issueByPhone(s: Services, staffId: number, rid: string, phones: readonly string[]) {
  const [t] = await s.db.select().from(couponTemplates).where(eq(couponTemplates.rid, rid));
  if (!t) throw new DomainError(COUPON_NOT_FOUND, 200, 'NOT_FOUND');
  const unique = [...new Set(phones)];
  const face = faceValueFen(t);
  const total = face === null ? null : face * unique.length;
  if (total !== null && total < thresholdFen(s))
    return {
      ...(await s.db.transaction((tx) => giveByPhone(tx, t.id, unique, s.now()))),
      pending: false,
      approval_rid: null,
    };
  const [made] = await s.db
    .insert(couponIssueRequests)
    .values({
      rid: newRid('couponIssueRequest'),
      templateId: t.id,
      phones: unique,
      faceFen: face,
      totalFen: total,
      requestedBy: staffId,
      status: 'pending',
      createdAt: new Date(s.now()),
    })
    .returning({ rid: couponIssueRequests.rid });
  return { given: 0, refused: [], pending: true, approval_rid: made.rid };
}

const decidedText = (status: string) => (status === 'approved' ? '该批优惠券已发放' : '该批发放已驳回');

/** The second pair of eyes: gives the coupons and closes the request in one transaction. */
export async function approveIssue(s: Services, staffId: number, rid: string) {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(couponIssueRequests)
      .where(eq(couponIssueRequests.rid, rid))
      .for('update');
    if (!r) throw new DomainError('发放申请不存在', 200, 'NOT_FOUND');
    if (r.status !== 'pending') throw new DomainError(decidedText(r.status));
    if (r.requestedBy === staffId) throw new DomainError('不能批准自己提交的发放，请另一位同事复核', 403);
    const done = await giveByPhone(tx, r.templateId, r.phones, now);
    await tx
      .update(couponIssueRequests)
      .set({ status: 'approved', decidedBy: staffId, decidedAt: new Date(now), ...done })
      .where(eq(couponIssueRequests.id, r.id));
    return { rid, status: 'approved' as const, ...done };
  });
}

/** Refused (or withdrawn by the requester): nothing is given. */
export async function rejectIssue(s: Services, staffId: number, rid: string, reason: string) {
  const [done] = await s.db
    .update(couponIssueRequests)
    .set({ status: 'rejected', decidedBy: staffId, decidedAt: new Date(s.now()), rejectReason: reason })
    .where(and(eq(couponIssueRequests.rid, rid), eq(couponIssueRequests.status, 'pending')))
    .returning({ rid: couponIssueRequests.rid });
  if (done) return { rid, status: 'rejected' as const, given: 0, refused: [] };
  const [r] = await s.db.select().from(couponIssueRequests).where(eq(couponIssueRequests.rid, rid));
  if (!r) throw new DomainError('发放申请不存在', 200, 'NOT_FOUND');
  throw new DomainError(decidedText(r.status));
}

const requester = userDirectory('requester');
const decider = userDirectory('decider');

/** The requests, newest first, filtered by status. */
export async function listIssueRequests(
  s: Services,
  q: { status?: 'pending' | 'approved' | 'rejected'; page?: number; size?: number },
) {
  const where = q.status ? eq(couponIssueRequests.status, q.status) : undefined;
  const { size, offset } = pageWindow(q.page, q.size);
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({
        r: couponIssueRequests,
        t: couponTemplates,
        requestedBy: displayNameOf(requester),
        decidedBy: sql<
          string | null
        >`case when ${couponIssueRequests.decidedBy} is null then null else ${displayNameOf(decider)} end`,
      })
      .from(couponIssueRequests)
      .innerJoin(couponTemplates, eq(couponTemplates.id, couponIssueRequests.templateId))
      .innerJoin(requester, eq(requester.id, couponIssueRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, couponIssueRequests.decidedBy))
      .where(where)
      .orderBy(desc(couponIssueRequests.id))
      .limit(size)
      .offset(offset),
    s.db.select({ total: count() }).from(couponIssueRequests).where(where),
  ]);
  return {
    total,
    list: rows.map(({ r, t, requestedBy, decidedBy }) => ({
      rid: r.rid,
      status: r.status,
      template: { rid: t.rid, name: t.name, rule_text: templateOut(t).rule_text },
      phones: r.phones,
      face_fen: r.faceFen,
      total_fen: r.totalFen,
      reject_reason: r.rejectReason,
      given: r.given,
      refused: r.refused ?? [],
      requested_by: requestedBy,
      decided_by: decidedBy,
      created: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    })),
  };
}

/** Who holds coupons of a template and what they did with them. */
export async function usageOf(s: Services, f: { rid: string; page?: number; size?: number }) {
  const [t] = await s.db.select().from(couponTemplates).where(eq(couponTemplates.rid, f.rid));
  if (!t) throw new DomainError(COUPON_NOT_FOUND, 200, 'NOT_FOUND');
  const w = pageWindow(f.page, f.size);
  const { orderNoOf, orderRidOf, paidOrderOf } = orderReads();
  const rows = await s.db
    .select({
      c: coupons,
      u: { rid: customer.rid, phone: customer.phone, name: customer.name, company: customer.company },
      orderNo: orderNoOf(coupons.orderId),
      orderRid: orderRidOf(coupons.orderId),
      // Whose 首单 coupon is spent: the holder has paid for an order.
      paidBefore: t.firstOrderOnly ? paidOrderOf(coupons.userId) : sql<boolean>`false`,
    })
    .from(coupons)
    .innerJoin(customer, eq(customer.id, coupons.userId))
    .where(eq(coupons.templateId, t.id))
    .orderBy(desc(coupons.id))
    .limit(w.size)
    .offset(w.offset);
  const [total] = await s.db.select({ n: count() }).from(coupons).where(eq(coupons.templateId, t.id));
  const now = s.now();
  return {
    list: rows.map((r) => {
      const { template: _template, ...coupon } = couponOut(r.c, t, now, r.paidBefore);
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
