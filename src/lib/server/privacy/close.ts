// Closing an account (China's PIPL, issue 19; decision 0044): personal data erased, business
// records kept without a person behind them, and nothing left open that someone still owes.
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { addresses, samplings } from '../member/tables.ts';
import { creditApplications, prestoreApplications, transferApplications } from '../money/tables.ts';
import { groupMembers, researchGroups } from '../groups/tables.ts';
import { invoiceApplications, invoiceTitles } from '../invoices/tables.ts';
import { orders } from '../orders/tables.ts';
import { promoters, promoterWithdrawals } from '../promotion/tables.ts';
import { reservations } from '../reservations/tables.ts';
import { sessions, users } from '../accounts/tables.ts';
import { staffMembers } from '../staff/tables.ts';
import { statements } from '../statements/tables.ts';
import { DomainError } from '../platform/errors.ts';
import { enforce, lockUser, verifyPassword } from '../accounts/index.ts';
import { accountOf } from '../money/index.ts';
import { formatFen } from '../../shared/money.ts';
import { CLOSE_BLOCKED } from '../../shared/privacy/close.ts';

const count = sql<number>`count(*)`.mapWith(Number);

/**
 * What must be settled before the account can close, in the words the customer reads. Money
 * owed either way, work under way and documents being issued keep an account open: closing
 * would leave a lab, a finance office or the customer without the person to settle with.
 */
export async function closeBlockers(db: Db | Tx, userId: number): Promise<string[]> {
  const [
    [user],
    [open],
    [booked],
    [pickups],
    [wallet],
    [topups],
    [transfers],
    [credits],
    [invoicing],
    [stmts],
    [promoter],
    [led],
  ] = await Promise.all([
    db
      .select({
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        staff: sql<boolean>`exists (select 1 from ${staffMembers} where ${staffMembers.userId} = ${users.id})`,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ n: count })
      .from(orders)
      .where(and(eq(orders.userId, userId), notInArray(orders.status, ['completed', 'cancelled']))),
    db
      .select({ n: count })
      .from(reservations)
      .where(and(eq(reservations.userId, userId), inArray(reservations.status, ['pending', 'confirmed']))),
    db
      .select({ n: count })
      .from(samplings)
      .where(and(eq(samplings.userId, userId), inArray(samplings.status, ['pending', 'picked']))),
    accountOf(db, 'user', userId).then((a) =>
      a ? [{ cash: a.cashFen, bonus: a.bonusFen, credit: a.creditUsedFen }] : [],
    ),
    db
      .select({ n: count })
      .from(prestoreApplications)
      .where(
        and(
          eq(prestoreApplications.userId, userId),
          inArray(prestoreApplications.status, ['unpaid', 'reviewing']),
        ),
      ),
    db
      .select({ n: count })
      .from(transferApplications)
      .where(and(eq(transferApplications.userId, userId), eq(transferApplications.status, 'reviewing'))),
    db
      .select({ n: count })
      .from(creditApplications)
      .where(and(eq(creditApplications.userId, userId), eq(creditApplications.status, 'reviewing'))),
    db
      .select({ n: count })
      .from(invoiceApplications)
      .where(
        and(
          eq(invoiceApplications.userId, userId),
          inArray(invoiceApplications.status, ['reviewing', 'issuing', 'reversing']),
        ),
      ),
    db
      .select({ n: count })
      .from(statements)
      .where(and(eq(statements.userId, userId), inArray(statements.status, ['pending', 'disputed']))),
    db
      .select({
        balance: promoters.balanceFen,
        withdrawing:
          sql<number>`(select count(*) from ${promoterWithdrawals} where ${promoterWithdrawals.promoterId} = ${promoters.id} and ${promoterWithdrawals.status} = 'pending')`.mapWith(
            Number,
          ),
      })
      .from(promoters)
      .where(eq(promoters.userId, userId)),
    db
      .select({ names: sql<string>`string_agg(${researchGroups.name}, '、')` })
      .from(researchGroups)
      .where(and(eq(researchGroups.leaderId, userId), eq(researchGroups.status, 'active'))),
  ]);
  const blockers: string[] = [];
  if (user?.staff) blockers.push('这是平台员工账号，请先由管理员在「员工与角色」中移除员工身份');
  if (!user?.hasPassword) blockers.push('请先在账号安全中设置登录密码，注销时需要输入密码确认');
  if (open?.n) blockers.push(`还有 ${open.n} 个订单未完成，请等订单完成（含补差价、结算）或取消后再注销`);
  if (booked?.n) blockers.push(`还有 ${booked.n} 个仪器预约未结束，请先取消或等预约完成`);
  if (pickups?.n) blockers.push(`还有 ${pickups.n} 个上门取样未完成，请先取消或等取样完成`);
  if (wallet && wallet.cash + wallet.bonus > 0)
    blockers.push(`账户余额还有 ${formatFen(wallet.cash + wallet.bonus)}，请先申请退款或用完余额`);
  if (wallet && wallet.credit > 0) blockers.push(`信用额度还有 ${formatFen(wallet.credit)} 未还，请先还款`);
  if (topups?.n) blockers.push('还有未完成的预存申请，请先取消或等待财务审核');
  if (transfers?.n || credits?.n) blockers.push('还有待审核的转账或信用额度申请，请先撤回或等待审核');
  if (invoicing?.n) blockers.push('还有正在处理的发票申请，请等发票开具或红冲完成');
  if (stmts?.n) blockers.push('还有未确认或有异议的对账单，请先确认或等待处理');
  if (promoter && promoter.balance > 0)
    blockers.push(`推广佣金还有 ${formatFen(promoter.balance)} 未提现，请先提现`);
  if (promoter?.withdrawing) blockers.push('还有处理中的佣金提现，请等提现完成');
  if (led?.names) blockers.push(`您是课题组「${led.names}」的负责人，请先移交负责人或解散课题组`);
  return blockers;
}

/**
 * Closes the caller's account after their password, in one transaction under the user's row
 * lock (a payment or order racing with it waits, and the blockers are checked again inside).
 * Erased: name, e-mail, avatar, mobile (freed for a new registration), WeChat binding, password,
 * profile, addresses, invoice titles, pickup contacts; every session ends; memberships of groups
 * end. Kept, tied to the anonymised account: orders, the ledger, invoices, statements and their
 * files — accounting and tax records the law requires a company to keep (decision 0044).
 */
export async function closeAccount(s: Services, userId: number, password: string): Promise<void> {
  await enforce(s, `user:close:${userId}`, { limit: 5, seconds: 600 });
  const [user] = await s.db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw new DomainError('登录密码不正确');
  const now = new Date(s.now());
  await s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const blockers = await closeBlockers(tx, userId);
    if (blockers.length) throw new DomainError(`${CLOSE_BLOCKED}：${blockers.join('；')}`);
    const gone = `closed:${user.rid}`;
    await tx
      .update(users)
      .set({
        phone: gone,
        username: null,
        passwordHash: null,
        name: '',
        email: '',
        avatar: '',
        teacher: '',
        teacherPhone: '',
        teacherMail: '',
        companyLeader: '',
        companyLeaderPhone: '',
        province: '',
        city: '',
        area: '',
        addressCode: '',
        address: '',
        inviteCode: gone,
        wxOpenid: null,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.userId, userId));
    await tx
      .update(samplings)
      .set({ name: '已注销', phone: '', address: '' })
      .where(eq(samplings.userId, userId));
    await tx
      .update(groupMembers)
      .set({ status: 'left' })
      .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.status, ['pending', 'active'])));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  });
}
