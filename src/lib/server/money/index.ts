// Money (decision 0022): accounts with cash, bonus and credit, one balanced append-only ledger,
// the one pay and refund path, top-ups, transfers, credit lines and the asset centre.
export {
  lockAccounts,
  moneyTransaction,
  payingAccount,
  post,
  systemAccount,
  userAccount,
  type AccountRow,
} from './ledger.ts';
export {
  creditState,
  lockAccount,
  movedByKey,
  postChannelRefund,
  postChannelRefundFailed,
  postChannelRefundKept,
  postOnlineArrival,
  postOrderPayment,
  postOrderRefund,
  postPriceRefund,
  ORDER_MONEY,
  paidParts,
  previewSplit,
  splitPayment,
  type PaidParts,
  type PayMethod,
  type Split,
} from './pay.ts';
export { ledgerProblems } from './asset.ts';
export { secondApprovalFen } from './approvals.ts';
export { prestoreToPay, settleOnlineTopUp } from './prestore.ts';
export { repayToPay, settleOnlineRepay } from './credit.ts';
export { moneyRoutes } from './routes.ts';
export { moneyAdminRoutes } from './admin-routes.ts';
