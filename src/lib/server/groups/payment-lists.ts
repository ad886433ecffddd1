// The lists of a research group's payments: the caller's requests still waiting, and a group's
// payments by month (managers see everyone's).
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { groupPayments, researchGroups } from './tables.ts';
import { orderDirectory } from '../orders/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { addMonths, shanghaiMidnight } from '../../shared/slots.ts';
import { GROUP_PAYMENT_STATUSES, GROUP_PAYMENT_TEXT } from '../../shared/groups/groups.ts';
import { asMember, type Group } from './access.ts';

type PaymentStatus = (typeof GROUP_PAYMENT_STATUSES)[number];

const paidOrder = orderDirectory('paid_order');
const payer = userDirectory('payer');

const paymentOut = (
  p: typeof groupPayments.$inferSelect,
  extra: { order_no: string; order_rid: string; name: string; phone: string },
) => ({
  rid: p.rid,
  order_rid: extra.order_rid,
  order_no: extra.order_no,
  member: extra.name || maskPhone(extra.phone),
  amount_fen: p.amountFen,
  label: p.label,
  status: p.status,
  status_text: GROUP_PAYMENT_TEXT[p.status],
  reason: p.reason,
  created: p.createdAt.toISOString(),
  decided: p.decidedAt?.toISOString() ?? null,
});

/** cluster/waiting: the caller's requests that wait for a group's approval (the order lists mark them). */
export async function myWaitingRequests(s: Services, userId: number) {
  const rows = await s.db
    .select({ p: groupPayments, orderRid: paidOrder.rid, groupName: researchGroups.name })
    .from(groupPayments)
    .innerJoin(paidOrder, eq(paidOrder.id, groupPayments.orderId))
    .innerJoin(researchGroups, eq(researchGroups.id, groupPayments.groupId))
    .where(and(eq(groupPayments.userId, userId), eq(groupPayments.status, 'pending')))
    .orderBy(desc(groupPayments.id));
  return {
    list: rows.map((r) => ({
      rid: r.p.rid,
      order_rid: r.orderRid,
      group_name: r.groupName,
      amount_fen: r.p.amountFen,
      created: r.p.createdAt.toISOString(),
    })),
  };
}

/**
 * cluster/payments: the group's payments by month (managers: everyone's, for the CSV export too;
 * members: their own), with the month's total.
 */
export async function groupPaymentsList(
  s: Services,
  userId: number,
  f: {
    rid: string;
    month: string;
    status?: PaymentStatus;
    page?: number;
    size?: number;
  },
) {
  const { group, me } = await asMember(s.db, f.rid, userId);
  return paymentsOf(s, group, me.role === 'member' ? userId : null, f);
}

/** A group's payment requests (or, with `onlyUserId`, that member's), filtered and paged. */
export async function paymentsOf(
  s: Services,
  group: Group,
  onlyUserId: number | null,
  f: { month: string; status?: PaymentStatus; page?: number; size?: number },
) {
  const w = pageWindow(f.page, f.size);
  const monthStart = f.month ? shanghaiMidnight(`${f.month}-01`)! : null;
  const nextMonth = f.month ? shanghaiMidnight(addMonths(`${f.month}-01`, 1))! : null;
  const where = and(
    eq(groupPayments.groupId, group.id),
    onlyUserId === null ? undefined : eq(groupPayments.userId, onlyUserId),
    f.status ? eq(groupPayments.status, f.status) : undefined,
    monthStart !== null ? gte(groupPayments.createdAt, new Date(monthStart)) : undefined,
    nextMonth !== null ? lt(groupPayments.createdAt, new Date(nextMonth)) : undefined,
  );
  const rows = await s.db
    .select({
      p: groupPayments,
      orderNo: paidOrder.orderNo,
      orderRid: paidOrder.rid,
      name: payer.name,
      phone: payer.phone,
    })
    .from(groupPayments)
    .innerJoin(paidOrder, eq(paidOrder.id, groupPayments.orderId))
    .innerJoin(payer, eq(payer.id, groupPayments.userId))
    .where(where)
    .orderBy(desc(groupPayments.id))
    .limit(w.size)
    .offset(w.offset);
  const [totals] = await s.db
    .select({
      n: count(),
      paid: sql<string>`coalesce(sum(${groupPayments.amountFen}) filter (where ${groupPayments.status} = 'paid'), 0)`,
    })
    .from(groupPayments)
    .where(where);
  return {
    list: rows.map((r) =>
      paymentOut(r.p, { order_no: r.orderNo, order_rid: r.orderRid, name: r.name, phone: r.phone }),
    ),
    total: totals.n,
    paid_fen: Number(totals.paid),
  };
}
