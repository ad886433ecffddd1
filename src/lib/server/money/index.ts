// Money (decision 0022): accounts with cash, bonus and credit, one balanced append-only ledger,
// the one pay and refund path, top-ups, transfers, credit lines and the asset centre.
// Decision 0058: money owns every movement. Other domains move money only through the named
// operations here and read the ledger only through reads.ts; post() and the ledger's tables are
// money's own, and every wallet lock runs inside moneyTransaction (the lock order, deadlock retry).
export { moneyTransaction, payingAccount, userAccount, type AccountRow } from './ledger.ts';
export {
  accountHistory,
  accountOf,
  balancesAt,
  customerMoneyRids,
  depositedCash,
  movementByKey,
  movementsBetween,
  ownersWithMovement,
  paidOnOrder,
  paidOnOrdersBy,
  pointsBonusBetween,
  userOfAccountRid,
  walletBalanceOf,
} from './reads.ts';
export { creditExchangedBonus, depositIntoGroup, groupAccount, openGroupAccount } from './moves.ts';
export {
  movedByKey,
  postChannelRefund,
  postChannelRefundFailed,
  postChannelRefundKept,
  postOnlineArrival,
} from './online.ts';
export {
  creditState,
  lockAccount,
  postOrderRefund,
  postPriceRefund,
  paidParts,
  payFromWallet,
  previewSplit,
  type PaidParts,
  type PayMethod,
  type Split,
} from './pay.ts';
export { orderMovementsBetween } from './order-movements.ts';
export { ledgerProblems, type AssetNeighbours } from './asset.ts';
export { secondApprovalFen } from './approvals.ts';
export { prestoreToPay } from './prestore.ts';
export { settleOnlineTopUp } from './prestore-review.ts';
export { repayToPay, settleOnlineRepay } from './credit.ts';
export { moneyRoutes } from './routes.ts';
export { moneyAdminRoutes } from './admin-routes.ts';
export { openMoneyRequests } from './personal.ts';
export { prestoreDirectory } from './directory.ts';
export { waitingForFinance } from './waiting.ts';
