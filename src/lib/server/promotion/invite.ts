// Invitations: my code and link, the people I invited, and their orders as an inviter may see them.
import { and, count, desc, eq, inArray, ne, or, gt, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { orderItems, orders } from '../orders/tables.ts';
import { promoterRebateEntries, promoters } from './tables.ts';
import { users } from '../accounts/tables.ts';
import { DomainError } from '../platform/errors.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiDate } from '../../shared/slots.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import { bindingEnd, bpToPercentText, NOT_INVITED_BY_YOU } from '../../shared/promotion/promotion.ts';
import { rateOf } from './purse.ts';

/** An order that counts as "ordered": anything but one cancelled before it was paid. */
const realOrder = or(ne(orders.status, 'cancelled'), gt(orders.paidFen, 0));

export async function invitedCounts(db: Db, userId: number) {
  const [invited] = await db.select({ n: count() }).from(users).where(eq(users.inviterId, userId));
  const [ordered] = await db
    .select({ n: sql<number>`count(distinct ${orders.userId})::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.inviterId, userId), realOrder));
  return { invited: invited.n, ordered: ordered.n };
}

export async function inviteInit(s: Services, userId: number) {
  const [me] = await s.db
    .select({ code: users.inviteCode, status: promoters.status, rateBp: promoters.rateBp })
    .from(users)
    .leftJoin(promoters, eq(promoters.userId, users.id))
    .where(eq(users.id, userId));
  const counts = await invitedCounts(s.db, userId);
  const path = `/invited/${encodeURIComponent(me.code)}`;
  return {
    invite_code: me.code,
    invite_path: path,
    invite_url: new URL(path, s.env.PUBLIC_SITE_URL).toString(),
    invited_count: counts.invited,
    ordered_count: counts.ordered,
    promoter_status: me.status ?? ('none' as const),
    rebate_percent_text: bpToPercentText(rateOf({ rateBp: me.rateBp ?? null }, s.env)),
    bind_months: s.env.PROMOTION_BIND_MONTHS,
  };
}

export async function inviteList(s: Services, userId: number, q: { page?: number; size?: number }) {
  const w = pageWindow(q.page, q.size);
  const where = eq(users.inviterId, userId);
  const [rows, [total]] = await Promise.all([
    s.db
      .select({ id: users.id, rid: users.rid, phone: users.phone, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ n: count() }).from(users).where(where),
  ]);
  const ordered = rows.length
    ? await s.db
        .selectDistinct({ userId: orders.userId })
        .from(orders)
        .where(
          and(
            inArray(
              orders.userId,
              rows.map((r) => r.id),
            ),
            realOrder,
          ),
        )
    : [];
  const hasOrder = new Set(ordered.map((o) => o.userId));
  return {
    list: rows.map((r) => ({
      user_rid: r.rid,
      phone: maskPhone(r.phone),
      registered_at: r.createdAt.toISOString(),
      has_order: hasOrder.has(r.id),
      bound_until: new Date(bindingEnd(r.createdAt.getTime(), s.env.PROMOTION_BIND_MONTHS)).toISOString(),
    })),
    total: total.n,
  };
}

/**
 * An invitee's orders as their inviter may see them: when, which items, what state, and the
 * rebate each gave. No amounts, numbers or addresses. Someone I did not invite is refused.
 */
export async function inviteOrders(
  s: Services,
  userId: number,
  q: { user_rid: string; page?: number; size?: number },
) {
  const [invitee] = await s.db
    .select({ id: users.id, phone: users.phone, createdAt: users.createdAt, inviterId: users.inviterId })
    .from(users)
    .where(eq(users.rid, q.user_rid));
  if (!invitee || invitee.inviterId !== userId) throw new DomainError(NOT_INVITED_BY_YOU, 200, 'NOT_FOUND');
  const w = pageWindow(q.page, q.size);
  const where = and(eq(orders.userId, invitee.id), realOrder);
  const [rows, [total]] = await Promise.all([
    s.db
      .select({ id: orders.id, status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ n: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [items, rebates] = ids.length
    ? await Promise.all([
        s.db
          .select({ orderId: orderItems.orderId, name: orderItems.name })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(orderItems.id),
        s.db
          .select({
            orderId: promoterRebateEntries.orderId,
            sum: sql<string>`sum(${promoterRebateEntries.amountFen})`,
          })
          .from(promoterRebateEntries)
          .innerJoin(promoters, eq(promoters.id, promoterRebateEntries.promoterId))
          .where(
            and(
              eq(promoters.userId, userId),
              inArray(promoterRebateEntries.orderId, ids),
              inArray(promoterRebateEntries.kind, ['rebate', 'reverse']),
            ),
          )
          .groupBy(promoterRebateEntries.orderId),
      ])
    : [[], []];
  const rebateOf = new Map(rebates.map((r) => [r.orderId, Number(r.sum)]));
  return {
    invitee: { phone: maskPhone(invitee.phone), registered_at: invitee.createdAt.toISOString() },
    list: rows.map((r) => ({
      placed_on: shanghaiDate(r.createdAt),
      items: items.filter((i) => i.orderId === r.id).map((i) => i.name),
      status: r.status,
      status_text: ORDER_STATUS_TEXT[r.status],
      rebate_fen: rebateOf.get(r.id) ?? null,
    })),
    total: total.n,
  };
}
