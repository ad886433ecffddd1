// Paying from a research group's wallet (issue 28): a member's deposit, paying an order within the
// limits the leader set, and the requests beyond them that a manager approves, rejects or that
// close themselves once the order is paid another way.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { groupPayments, researchGroups } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import {
  depositIntoGroup,
  groupAccount,
  lockAccount,
  moneyTransaction,
  userAccount,
} from '../money/index.ts';
import { findOwnOrder, orderDirectory, payLocked } from '../orders/index.ts';
import { fenToYuan, formatFen } from '../../shared/money.ts';
import { GROUP_NOT_FOUND, GROUP_PAYMENT_TEXT } from '../../shared/groups/groups.ts';
import {
  asManager,
  asMember,
  managersOf,
  membership,
  personOf,
  spentThisMonth,
  tell,
  type Group,
  type Payment,
} from './access.ts';
import { groupDetail } from './views.ts';

/** The order a request pays, read beside it. */
const paidOrder = orderDirectory('paid_order');

/** cluster/deposit: a member moves their own cash into the group wallet (the leader tops it up). */
export async function depositToGroup(
  s: Services,
  userId: number,
  input: { rid: string; amount_fen: number; idempotency_key: string },
) {
  const { group } = await asMember(s.db, input.rid, userId);
  const now = s.now();
  const mine = await userAccount(s.db, userId, now);
  const theirs = await groupAccount(s.db, group.id);
  const key = input.idempotency_key
    ? `group_deposit:${userId}:${input.idempotency_key}`
    : `group_deposit:${userId}:${now}`;
  await moneyTransaction(s.db, (tx) =>
    depositIntoGroup(tx, {
      fromAccountId: mine.id,
      groupAccountId: theirs.id,
      groupRid: group.rid,
      groupName: group.name,
      amountFen: input.amount_fen,
      key,
      actorId: userId,
      now,
    }),
  );
  return groupDetail(s, userId, input.rid);
}

/**
 * cluster/pay: a member pays an order of theirs from the group wallet. Under the group account's
 * lock the member's limits are checked against what they already spent this month, so concurrent
 * payments never pass a limit: within them the order is paid at once through the one pay path;
 * beyond them the request waits for the leader or an assistant.
 */
export async function payFromGroup(
  s: Services,
  userId: number,
  input: { rid: string; order_rid: string; label: string; idempotency_key: string },
) {
  const { group } = await asMember(s.db, input.rid, userId);
  const order = await findOwnOrder(s.db, userId, input.order_rid);
  const now = s.now();
  const account = await groupAccount(s.db, group.id);
  return moneyTransaction(s.db, async (tx) => {
    await lockAccount(tx, account.id);
    const me = await membership(tx, group.id, userId);
    if (!me) throw new DomainError(GROUP_NOT_FOUND, 200, 'NOT_FOUND');
    const [open] = await tx
      .select()
      .from(groupPayments)
      .where(and(eq(groupPayments.orderId, order.id), inArray(groupPayments.status, ['pending', 'paid'])));
    if (open?.status === 'pending') throw new DomainError('该订单已提交课题组支付申请，请等待审批');
    const owed = Math.max(0, order.amountFen - order.paidFen);
    const spent = await spentThisMonth(tx, group.id, userId, now);
    const within =
      me.role === 'leader' ||
      ((me.perOrderLimitFen === null || owed <= me.perOrderLimitFen) &&
        (me.monthlyLimitFen === null || spent + owed <= me.monthlyLimitFen));
    const base = {
      rid: newRid('groupPayment'),
      groupId: group.id,
      userId,
      orderId: order.id,
      amountFen: owed,
      label: input.label,
      createdAt: new Date(now),
    };
    if (!within) {
      await tx.insert(groupPayments).values({ ...base, status: 'pending' });
      await tell(
        tx,
        (await managersOf(tx, group.id)).filter((id) => id !== userId),
        {
          key: `group_payment:${base.rid}:pending`,
          title: '待审批的课题组支付',
          text: `${await personOf(tx, userId)}申请用「${group.name}」账户支付订单${order.orderNo}，金额${formatFen(owed)}${input.label ? `（${input.label}）` : ''}。请在课题组管理中审批。`,
        },
        now,
      );
      return { status: 'pending' as const, message: '超出课题组为您设置的支付限额，已提交组长审批' };
    }
    await payLocked(tx, {
      userId,
      order,
      accountId: account.id,
      now,
      idempotencyKey: input.idempotency_key || undefined,
      payer: `课题组「${group.name}」`,
    });
    await tx.insert(groupPayments).values({ ...base, status: 'paid', decidedAt: new Date(now) });
    return { status: 'paid' as const, message: `已由课题组支付 ${fenToYuan(owed)} 元` };
  });
}

/** Why a waiting request can no longer be paid: its order was paid another way or cancelled. */
function settledElsewhere(order: { status: string; amountFen: number; paidFen: number }): string | null {
  if (order.status === 'cancelled') return '订单已取消';
  if (order.amountFen - order.paidFen <= 0) return '订单已通过其他方式支付';
  return null;
}

/** Closes a waiting request (row locked by the caller) whose order needs no group money any more. */
async function closeRequest(tx: Tx, group: Group, row: Payment, why: string, now: number) {
  await tx
    .update(groupPayments)
    .set({ status: 'closed', reason: why, decidedAt: new Date(now) })
    .where(eq(groupPayments.id, row.id));
  const [order] = await tx
    .select({ no: paidOrder.orderNo })
    .from(paidOrder)
    .where(eq(paidOrder.id, row.orderId));
  await tell(
    tx,
    await managersOf(tx, group.id),
    {
      key: `group_payment:${row.rid}:closed`,
      title: '课题组支付申请已关闭',
      text: `订单${order.no}的课题组支付申请已关闭：${why}，无需再审批。`,
    },
    now,
  );
}

/**
 * A leader or assistant approves a waiting payment (paid now, whatever the limits) or rejects it.
 * If the order was paid another way or cancelled meanwhile, the request is closed instead.
 */
export async function decidePayment(
  s: Services,
  managerId: number,
  input: { rid: string; approve: boolean; reason: string },
) {
  const [p] = await s.db.select().from(groupPayments).where(eq(groupPayments.rid, input.rid));
  if (!p) throw new DomainError('支付申请不存在', 200, 'NOT_FOUND');
  const [g] = await s.db.select().from(researchGroups).where(eq(researchGroups.id, p.groupId));
  await asManager(s.db, g.rid, managerId);
  if (!input.approve && !input.reason) throw new DomainError('[原因]不能为空');
  const now = s.now();
  const account = await groupAccount(s.db, g.id);
  return moneyTransaction(s.db, async (tx) => {
    await lockAccount(tx, account.id);
    const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.id, p.id)).for('update');
    if (row.status !== 'pending') throw new DomainError('该申请已处理', 200, 'CONFLICT');
    const [order] = await tx.select().from(paidOrder).where(eq(paidOrder.id, row.orderId));
    const why = settledElsewhere(order);
    if (why) {
      await closeRequest(tx, g, row, why, now);
      return { status: 'closed' as const, message: `${why}，该支付申请已关闭` };
    }
    if (input.approve)
      await payLocked(tx, {
        userId: row.userId,
        order,
        accountId: account.id,
        now,
        payer: `课题组「${g.name}」`,
      });
    await tx
      .update(groupPayments)
      .set({
        status: input.approve ? 'paid' : 'rejected',
        reason: input.reason,
        deciderId: managerId,
        decidedAt: new Date(now),
      })
      .where(eq(groupPayments.id, row.id));
    await tell(
      tx,
      [row.userId],
      input.approve
        ? {
            key: `group_payment:${row.rid}:paid`,
            title: '课题组支付申请已批准',
            text: `「${g.name}」已批准并支付您的订单${order.orderNo}，金额${formatFen(row.amountFen)}。`,
          }
        : {
            key: `group_payment:${row.rid}:rejected`,
            title: '课题组支付申请未通过',
            text: `「${g.name}」未批准订单${order.orderNo}的支付申请，原因：${input.reason}。您可自行支付该订单。`,
          },
      now,
    );
    return input.approve
      ? { status: 'paid' as const, message: '已批准并支付' }
      : { status: 'rejected' as const, message: '已拒绝' };
  });
}

/** cluster/withdraw: the member who asked takes back a request that still waits. */
export async function withdrawPayment(s: Services, userId: number, rid: string) {
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.rid, rid)).for('update');
    if (!row || row.userId !== userId) throw new DomainError('支付申请不存在', 200, 'NOT_FOUND');
    if (row.status !== 'pending')
      throw new DomainError(`该申请${GROUP_PAYMENT_TEXT[row.status]}，不能撤回`, 200, 'CONFLICT');
    await tx
      .update(groupPayments)
      .set({ status: 'cancelled', decidedAt: new Date(now) })
      .where(eq(groupPayments.id, row.id));
    const [g] = await tx.select().from(researchGroups).where(eq(researchGroups.id, row.groupId));
    const [order] = await tx
      .select({ no: paidOrder.orderNo })
      .from(paidOrder)
      .where(eq(paidOrder.id, row.orderId));
    await tell(
      tx,
      await managersOf(tx, g.id),
      {
        key: `group_payment:${row.rid}:cancelled`,
        title: '课题组支付申请已撤回',
        text: `${await personOf(tx, userId)}撤回了订单${order.no}的课题组支付申请，无需再审批。`,
      },
      now,
    );
  });
}

/**
 * The ORDER_SETTLED job: an order was paid (or cancelled); its requests to group wallets that
 * still wait are closed, under each group account's lock as an approval would take it.
 */
export async function closeSettledRequests(s: Services, orderRid: string) {
  const waiting = await s.db
    .select({ id: groupPayments.id, groupId: groupPayments.groupId })
    .from(groupPayments)
    .innerJoin(paidOrder, eq(paidOrder.id, groupPayments.orderId))
    .where(and(eq(paidOrder.rid, orderRid), eq(groupPayments.status, 'pending')));
  for (const w of waiting) {
    const account = await groupAccount(s.db, w.groupId);
    await moneyTransaction(s.db, async (tx) => {
      await lockAccount(tx, account.id);
      const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.id, w.id)).for('update');
      if (row.status !== 'pending') return;
      const [order] = await tx.select().from(paidOrder).where(eq(paidOrder.id, row.orderId));
      const why = settledElsewhere(order);
      if (!why) return;
      const [g] = await tx.select().from(researchGroups).where(eq(researchGroups.id, row.groupId));
      await closeRequest(tx, g, row, why, s.now());
    });
  }
}
