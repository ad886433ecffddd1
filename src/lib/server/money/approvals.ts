// Four eyes on large manual credits (issue 18; decision 0045): a 人工入账 of
// MONEY_SECOND_APPROVAL_YUAN or more becomes a request, and money moves only when a staff
// member other than the requester approves it — in one transaction, exactly once.
import { and, count, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { moneyApprovals } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { formatFen } from '../../shared/money.ts';
import type { MoneyApproval } from '../../shared/money/responses.ts';
import { adjust, postAdjust } from './asset.ts';
import { moneyTransaction, userAccount } from './ledger.ts';
import { lockAccount } from './pay.ts';
import { userDirectory, userIdByRid } from '../accounts/index.ts';

type CreditInput = {
  userRid: string;
  amountFen: number;
  idempotencyKey: string;
  note: string;
  staffId: number;
};

/** The threshold in fen, and how the requester is told. */
export const secondApprovalFen = (s: Services) => s.env.MONEY_SECOND_APPROVAL_YUAN * 100;
export const pendingMessage = (s: Services) =>
  `金额达到 ${formatFen(secondApprovalFen(s))}，已提交复核，需另一位同事批准后入账`;

/** balance/credit: below the threshold the money moves at once; at or above it, a request waits. */
export async function creditOrRequest(s: Services, input: CreditInput) {
  if (input.amountFen < secondApprovalFen(s)) {
    // A key already holding a request is that request, whatever amount is sent with it again.
    const [held] = await s.db
      .select({ id: moneyApprovals.id })
      .from(moneyApprovals)
      .where(eq(moneyApprovals.idempotencyKey, input.idempotencyKey));
    if (held) throw new DomainError('该请求标识已用于另一笔充值');
    return { ...(await adjust(s, input)), pending: false, approval_rid: null };
  }
  const userId = await userIdByRid(s.db, input.userRid);
  if (userId === undefined) throw new DomainError('用户不存在', 200, 'NOT_FOUND');
  const now = s.now();
  const [made] = await s.db
    .insert(moneyApprovals)
    .values({
      rid: newRid('moneyApproval'),
      userId,
      amountFen: input.amountFen,
      note: input.note,
      idempotencyKey: input.idempotencyKey,
      requestedBy: input.staffId,
      status: 'pending',
      createdAt: new Date(now),
    })
    .onConflictDoNothing({ target: moneyApprovals.idempotencyKey })
    .returning({ rid: moneyApprovals.rid });
  let rid = made?.rid;
  if (!rid) {
    // The same submission again (a double click, a retry) is the same request.
    const [earlier] = await s.db
      .select()
      .from(moneyApprovals)
      .where(eq(moneyApprovals.idempotencyKey, input.idempotencyKey));
    if (earlier.userId !== userId || earlier.amountFen !== input.amountFen)
      throw new DomainError('该请求标识已用于另一笔充值');
    rid = earlier.rid;
  }
  const account = await userAccount(s.db, userId, now);
  return {
    balance_fen: account.cashFen + account.bonusFen,
    duplicate: !made,
    pending: true,
    approval_rid: rid,
  };
}

/** The second pair of eyes: moves the money and closes the request in one transaction. */
export async function approveCredit(s: Services, staffId: number, rid: string) {
  const now = s.now();
  const [peek] = await s.db.select().from(moneyApprovals).where(eq(moneyApprovals.rid, rid));
  if (!peek) throw new DomainError('复核申请不存在', 200, 'NOT_FOUND');
  return moneyTransaction(s.db, async (tx) => {
    // The customer's wallet before the request: the money paths' lock order.
    const account = await userAccount(tx, peek.userId, now);
    await lockAccount(tx, account.id);
    const [a] = await tx.select().from(moneyApprovals).where(eq(moneyApprovals.id, peek.id)).for('update');
    if (a.status !== 'pending')
      throw new DomainError(a.status === 'approved' ? '该笔已批准入账' : '该笔已驳回');
    if (a.requestedBy === staffId) throw new DomainError('不能批准自己提交的入账，请另一位同事复核', 403);
    const credited = await postAdjust(tx, {
      accountId: account.id,
      userId: a.userId,
      amountFen: a.amountFen,
      idempotencyKey: a.idempotencyKey,
      note: a.note,
      staffId: a.requestedBy,
      now,
    });
    await tx
      .update(moneyApprovals)
      .set({ status: 'approved', decidedBy: staffId, decidedAt: new Date(now) })
      .where(eq(moneyApprovals.id, a.id));
    return { rid, status: 'approved' as const, balance_fen: credited.balance_fen };
  });
}

/** Refused (or withdrawn by the requester): nothing moves. */
export async function rejectCredit(s: Services, staffId: number, rid: string, reason: string) {
  const [done] = await s.db
    .update(moneyApprovals)
    .set({ status: 'rejected', decidedBy: staffId, decidedAt: new Date(s.now()), reason })
    .where(and(eq(moneyApprovals.rid, rid), eq(moneyApprovals.status, 'pending')))
    .returning({ rid: moneyApprovals.rid });
  if (done) return { rid, status: 'rejected' as const };
  const [a] = await s.db.select().from(moneyApprovals).where(eq(moneyApprovals.rid, rid));
  if (!a) throw new DomainError('复核申请不存在', 200, 'NOT_FOUND');
  throw new DomainError(a.status === 'approved' ? '该笔已批准入账' : '该笔已驳回');
}

const customer = userDirectory('customer');
const requester = userDirectory('requester');
const decider = userDirectory('decider');
/** A staff member as the list names them: the name, or the mobile number when there is none. */
const who = (u: { name: AnyColumn; phone: AnyColumn }) =>
  sql<string>`coalesce(nullif(${u.name}, ''), ${u.phone})`;

/** The requests, newest first, filtered by status. */
export async function listApprovals(
  s: Services,
  q: { status?: 'pending' | 'approved' | 'rejected'; page?: number; size?: number },
): Promise<{ list: MoneyApproval[]; total: number }> {
  const where = q.status ? eq(moneyApprovals.status, q.status) : undefined;
  const { size, offset } = pageWindow(q.page, q.size);
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({
        a: moneyApprovals,
        customer: {
          rid: customer.rid,
          phone: customer.phone,
          name: customer.name,
          company: customer.company,
        },
        requestedBy: who(requester),
        decidedBy: sql<
          string | null
        >`case when ${moneyApprovals.decidedBy} is null then null else ${who(decider)} end`,
      })
      .from(moneyApprovals)
      .innerJoin(customer, eq(customer.id, moneyApprovals.userId))
      .innerJoin(requester, eq(requester.id, moneyApprovals.requestedBy))
      .leftJoin(decider, eq(decider.id, moneyApprovals.decidedBy))
      .where(where)
      .orderBy(desc(moneyApprovals.id))
      .limit(size)
      .offset(offset),
    s.db.select({ total: count() }).from(moneyApprovals).where(where),
  ]);
  return {
    total,
    list: rows.map((r) => ({
      rid: r.a.rid,
      status: r.a.status,
      amount_fen: r.a.amountFen,
      note: r.a.note,
      reason: r.a.reason,
      customer: r.customer,
      requested_by: r.requestedBy,
      decided_by: r.decidedBy,
      created: r.a.createdAt.toISOString(),
      decided_at: r.a.decidedAt?.toISOString() ?? null,
    })),
  };
}
