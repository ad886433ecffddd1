// Closing an account (China's PIPL, issue 19; decision 0044): personal data erased, business
// records kept without a person behind them, and nothing left open that someone still owes.
import { erasePlanData } from '../plan/index.ts';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { enforce, eraseUser, findUserById, lockUser, verifyPassword } from '../accounts/index.ts';
import { accountOf, openMoneyRequests } from '../money/index.ts';
import { eraseMemberData, openPickupCount } from '../member/index.ts';
import { leaveAllGroups, ledGroupNames } from '../groups/index.ts';
import { eraseInvoiceTitles, openInvoiceCount } from '../invoices/index.ts';
import { openOrderCount } from '../orders/index.ts';
import { promoterDues } from '../promotion/index.ts';
import { openReservationCount } from '../reservations/index.ts';
import { staffRole } from '../staff/index.ts';
import { openStatementCount } from '../statements/index.ts';
import { formatFen } from '../../shared/money.ts';
import { CLOSE_BLOCKED } from '../../shared/privacy/close.ts';

/**
 * What must be settled before the account can close, in the words the customer reads. Money
 * owed either way, work under way and documents being issued keep an account open: closing
 * would leave a lab, a finance office or the customer without the person to settle with.
 * Each domain answers for its own part.
 */
export async function closeBlockers(db: Db | Tx, userId: number): Promise<string[]> {
  const [found, role, open, booked, pickups, wallet, requests, invoicing, stmts, promoter, ledNames] =
    await Promise.all([
      findUserById(db, userId),
      staffRole(db, userId),
      openOrderCount(db, userId),
      openReservationCount(db, userId),
      openPickupCount(db, userId),
      accountOf(db, 'user', userId).then((a) =>
        a ? { cash: a.cashFen, bonus: a.bonusFen, credit: a.creditUsedFen } : undefined,
      ),
      openMoneyRequests(db, userId),
      openInvoiceCount(db, userId),
      openStatementCount(db, userId),
      promoterDues(db, userId),
      ledGroupNames(db, userId),
    ]);
  const user = found && { staff: role !== null, hasPassword: found.passwordHash !== null };
  const { topups, transfers, credits } = requests;
  const blockers: string[] = [];
  if (user?.staff) blockers.push('这是平台员工账号，请先由管理员在「员工与角色」中移除员工身份');
  if (!user?.hasPassword) blockers.push('请先在账号安全中设置登录密码，注销时需要输入密码确认');
  if (open) blockers.push(`还有 ${open} 个订单未完成，请等订单完成（含补差价、结算）或取消后再注销`);
  if (booked) blockers.push(`还有 ${booked} 个仪器预约未结束，请先取消或等预约完成`);
  if (pickups) blockers.push(`还有 ${pickups} 个上门取样未完成，请先取消或等取样完成`);
  if (wallet && wallet.cash + wallet.bonus > 0)
    blockers.push(`账户余额还有 ${formatFen(wallet.cash + wallet.bonus)}，请先申请退款或用完余额`);
  if (wallet && wallet.credit > 0) blockers.push(`信用额度还有 ${formatFen(wallet.credit)} 未还，请先还款`);
  if (topups) blockers.push('还有未完成的预存申请，请先取消或等待财务审核');
  if (transfers || credits) blockers.push('还有待审核的转账或信用额度申请，请先撤回或等待审核');
  if (invoicing) blockers.push('还有正在处理的发票申请，请等发票开具或红冲完成');
  if (stmts) blockers.push('还有未确认或有异议的对账单，请先确认或等待处理');
  if (promoter && promoter.balance > 0)
    blockers.push(`推广佣金还有 ${formatFen(promoter.balance)} 未提现，请先提现`);
  if (promoter?.withdrawing) blockers.push('还有处理中的佣金提现，请等提现完成');
  if (ledNames) blockers.push(`您是课题组「${ledNames}」的负责人，请先移交负责人或解散课题组`);
  return blockers;
}

/**
 * Closes the caller's account after their password, in one transaction under the user's row
 * lock (a payment or order racing with it waits, and the blockers are checked again inside).
 * Erased: name, e-mail, avatar, mobile (freed for a new registration), WeChat binding, password,
 * profile, addresses, invoice titles, pickup contacts, the plan and its saved templates; every session ends; memberships of groups
 * end. Kept, tied to the anonymised account: orders, the ledger, invoices, statements and their
 * files — accounting and tax records the law requires a company to keep (decision 0044) — and
 * every report version with the customer's name as printed, six years from issue (decision 0077).
 */
export async function closeAccount(s: Services, userId: number, password: string): Promise<void> {
  await enforce(s, `user:close:${userId}`, { limit: 5, seconds: 600 });
  const user = await findUserById(s.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw new DomainError('登录密码不正确');
  const now = new Date(s.now());
  await s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const blockers = await closeBlockers(tx, userId);
    if (blockers.length) throw new DomainError(`${CLOSE_BLOCKED}：${blockers.join('；')}`);
    await eraseUser(tx, user, now);
    await eraseMemberData(tx, userId);
    await eraseInvoiceTitles(tx, userId);
    await leaveAllGroups(tx, userId);
    await erasePlanData(tx, userId);
  });
}
