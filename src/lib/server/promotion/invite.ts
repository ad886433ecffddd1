// Invitations: my code and link, the people I invited, and their orders as an inviter may see them.
import { and, count, desc, eq, inArray, ne, or, gt, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { promoterRebateEntries, promoters } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { orderStatusText } from '../../shared/orders/order-status.ts';
import { bindingEnd, bpToPercentText, NOT_INVITED_BY_YOU } from '../../shared/promotion/promotion.ts';
import { rateOf } from './purse.ts';
import { userDirectory } from '../accounts/index.ts';
import { orderDirectory, orderLineDirectory } from '../orders/index.ts';

const person = userDirectory('person');
const order = orderDirectory('order');
const line = orderLineDirectory('line');

/** An order that counts as "ordered": anything but one cancelled before it was paid. */
const realOrder = or(ne(order.status, 'cancelled'), gt(order.paidFen, 0));

export async function invitedCounts(db: Db, userId: number) {
  const [invited] = await db.select({ n: count() }).from(person).where(eq(person.inviterId, userId));
  const [ordered] = await db
    .select({ n: sql<number>`count(distinct ${order.userId})::int` })
    .from(order)
    .innerJoin(person, eq(person.id, order.userId))
    .where(and(eq(person.inviterId, userId), realOrder));
  return { invited: invited.n, ordered: ordered.n };
}

export async function inviteInit(s: Services, userId: number) {
  const [me] = await s.db
    .select({ code: person.inviteCode, status: promoters.status, rateBp: promoters.rateBp })
    .from(person)
    .leftJoin(promoters, eq(promoters.userId, person.id))
    .where(eq(person.id, userId));
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
  const where = eq(person.inviterId, userId);
  const [rows, [total]] = await Promise.all([
    s.db
      .select({ id: person.id, rid: person.rid, phone: person.phone, createdAt: person.createdAt })
      .from(person)
      .where(where)
      .orderBy(desc(person.createdAt), desc(person.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ n: count() }).from(person).where(where),
  ]);
  const ordered = rows.length
    ? await s.db
        .selectDistinct({ userId: order.userId })
        .from(order)
        .where(
          and(
            inArray(
              order.userId,
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
    .select({ id: person.id, phone: person.phone, createdAt: person.createdAt, inviterId: person.inviterId })
    .from(person)
    .where(eq(person.rid, q.user_rid));
  if (!invitee || invitee.inviterId !== userId) throw new DomainError(NOT_INVITED_BY_YOU, 200, 'NOT_FOUND');
  const w = pageWindow(q.page, q.size);
  const where = and(eq(order.userId, invitee.id), realOrder);
  const [rows, [total]] = await Promise.all([
    s.db
      .select({ id: order.id, status: order.status, typeId: order.typeId, createdAt: order.createdAt })
      .from(order)
      .where(where)
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ n: count() }).from(order).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [items, rebates] = ids.length
    ? await Promise.all([
        s.db
          .select({ orderId: line.orderId, name: line.name })
          .from(line)
          .where(inArray(line.orderId, ids))
          .orderBy(line.id),
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
      status_text: orderStatusText(r.status, r.typeId),
      rebate_fen: rebateOf.get(r.id) ?? null,
    })),
    total: total.n,
  };
}
