// Rebates (decision 0031): a promoter earns a share of the cash their invitees pay on orders that
// reach 已完成 within the binding window; frozen for the refund window; taken back by a refund.
import { orderInUsersGroup } from '../groups/index.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { promoterRebateEntries } from './tables.ts';
import { moneyTransaction, paidOnOrder } from '../money/index.ts';
import { maskPhone } from '../../shared/accounts/mask.ts';
import { bindingEnd, bpToPercentText, rebateFor } from '../../shared/promotion/promotion.ts';
import { addEntry, DAY_MS, lockPromoter, lockPromoterOfUser, rateOf } from './purse.ts';
import { userDirectory } from '../accounts/index.ts';
import { orderDirectory, orderEventDirectory } from '../orders/index.ts';

const customer = userDirectory('customer');
const ord = orderDirectory('ord');
const event = orderEventDirectory('event');

/**
 * What the customer paid on the order from their own money, net of what came back (money's
 * paidOnOrder; 赠送金 and a coupon's part earn nothing), never below zero.
 */
async function cashPaidOn(tx: Tx, orderId: number): Promise<number> {
  return Math.max(0, await paidOnOrder(tx, orderId));
}

/**
 * Whether the order belongs to a research group the promoter is in (issue 17: no rebate on a
 * group's orders among its own members; decision 0033).
 */
async function orderOfPromotersGroup(tx: Tx, promoterUserId: number, orderId: number): Promise<boolean> {
  return orderInUsersGroup(tx, promoterUserId, orderId);
}

/** The rebates an order has given so far (credited less taken back). */
async function rebatedOn(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${promoterRebateEntries.amountFen}), 0)` })
    .from(promoterRebateEntries)
    .where(
      and(
        eq(promoterRebateEntries.orderId, orderId),
        inArray(promoterRebateEntries.kind, ['rebate', 'reverse']),
      ),
    );
  return Number(row.sum);
}

/**
 * The 'orders.completed' job's rebate part: credits the inviter's rebate on a completed order,
 * once (the entry's key is the order). Nothing when the customer was not invited, the inviter is
 * not an approved promoter, the order completed after the binding window, it is the promoter's
 * own order or their group's, or nothing was paid in cash or credit.
 */
export async function creditOrderRebate(s: Services, orderRid: string): Promise<void> {
  const [order] = await s.db
    .select({
      id: ord.id,
      userId: ord.userId,
      status: ord.status,
      inviterId: customer.inviterId,
      registeredAt: customer.createdAt,
      phone: customer.phone,
    })
    .from(ord)
    .innerJoin(customer, eq(customer.id, ord.userId))
    .where(eq(ord.rid, orderRid));
  if (!order || order.status !== 'completed' || order.inviterId === null) return;
  // No rebate on one's own orders (an inviter cannot invite themselves, but a rule is a rule).
  if (order.inviterId === order.userId) return;
  const [completed] = await s.db
    .select({ at: event.at })
    .from(event)
    .where(and(eq(event.orderId, order.id), eq(event.toStatus, 'completed')))
    .orderBy(desc(event.id))
    .limit(1);
  const completedAt = completed?.at.getTime() ?? s.now();
  if (completedAt > bindingEnd(order.registeredAt.getTime(), s.env.PROMOTION_BIND_MONTHS)) return;
  const now = s.now();
  await moneyTransaction(s.db, async (tx) => {
    if (await orderOfPromotersGroup(tx, order.inviterId!, order.id)) return;
    const promoter = await lockPromoterOfUser(tx, order.inviterId!);
    if (!promoter || promoter.status !== 'approved') return;
    const base = await cashPaidOn(tx, order.id);
    const rate = rateOf(promoter, s.env);
    const fen = rebateFor(base, rate);
    if (fen <= 0 || (await rebatedOn(tx, order.id)) !== 0) return;
    await addEntry(tx, promoter, {
      kind: 'rebate',
      amountFen: fen,
      key: `rebate:${order.id}`,
      now,
      availableAt: now + Math.round(s.env.PROMOTION_FREEZE_DAYS * DAY_MS),
      orderId: order.id,
      baseFen: base,
      rateBp: rate,
      note: `邀请用户 ${maskPhone(order.phone)} 的订单已完成，返利 ${bpToPercentText(rate)}`,
    });
  });
}

/**
 * After money of a completed order came back (a refund posted in `tx`), takes back the part of
 * its rebate that money earned: what was credited beyond the rebate on what is now paid, at the
 * rate of the rebate. It stays in the rebate's freeze, so a reversal within the refund window
 * only shrinks the frozen part; after it the balance may go below zero if the money was already
 * withdrawn. Runs again harmlessly: the key is the order and the level it brings the rebate to.
 */
export async function reverseOrderRebate(tx: Tx, orderId: number, now: number): Promise<{ fen: number }> {
  const [rebate] = await tx
    .select()
    .from(promoterRebateEntries)
    .where(and(eq(promoterRebateEntries.orderId, orderId), eq(promoterRebateEntries.kind, 'rebate')));
  if (!rebate) return { fen: 0 };
  const promoter = await lockPromoter(tx, rebate.promoterId);
  const base = await cashPaidOn(tx, orderId);
  const target = rebateFor(base, rebate.rateBp ?? 0);
  const owed = (await rebatedOn(tx, orderId)) - target;
  if (owed <= 0) return { fen: 0 };
  const entry = await addEntry(tx, promoter, {
    kind: 'reverse',
    amountFen: -owed,
    key: `reverse:${orderId}:${target}`,
    now,
    availableAt: rebate.availableAt.getTime(),
    orderId,
    baseFen: base,
    rateBp: rebate.rateBp ?? 0,
    note: `订单退款，扣回返利`,
  });
  return { fen: entry ? owed : 0 };
}
