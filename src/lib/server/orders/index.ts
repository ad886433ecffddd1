// Coupons sit below orders: loading orders registers what coupons read of it (a side effect,
// not an export, so nothing prunes it as unused).
import './coupon-reads.ts';
export { placeOrders } from './place.ts';
export {
  countByStatus,
  waitingOrdersOf,
  findOwnOrder,
  findOrder,
  orderDetail,
  staffTimelineOf,
} from './read.ts';
export { listOrders, listStaffOrders } from './list.ts';
export { readyToPay, payOrder, payLocked } from './paying.ts';
export { orderTradeAmount, settleOnlineOrder } from './online-pay.ts';
export { cancelOrder, testRecord, reportFeedback, evaluate, updateExpress } from './customer.ts';
export { historyForUser, addRecycle, listRecycles, markRecyclesSent, setLineSamples } from './samples.ts';
export {
  quoteOrder,
  setFinalPrice,
  billSessionUse,
  lockPayerOf,
  staffStep,
  staffCancel,
  deliverOnRelease,
  type StaffStep,
} from './staff.ts';
export { insertOrder, selfDelivery } from './place.ts';
export { cancelWithRefund, ORDER_REFUNDED, registerRefundCheck, type RefundCheck } from './cancel.ts';
export { registerHold, type ReleasedBy } from './holds.ts';
export {
  addEvent,
  applyTransition,
  lockOrder,
  ORDER_COMPLETED,
  ORDER_SETTLED,
  type OrderRow,
} from './transition.ts';
export { assertBasicInfo } from './basic-info.ts';
export { orderDirectory, orderEventDirectory, orderLineDirectory } from './directory.ts';
export { openOrderCount, ordersOfPerson } from './personal.ts';
export { orderFiles } from './uploads.ts';
export {
  registerSampleHooks,
  type ReceiptOutcome,
  type ReceiptStep,
  type SampleActor,
  type SampleLine,
  type SampleOrder,
} from './sample-hooks.ts';
export { orderReportFacts, type OrderReportFacts } from './report-facts.ts';
export { registerReleasedReport, hasReleasedReport } from './released-report.ts';
export { registerStartEstimator } from './start-estimates.ts';
export { orderDueRoutes } from './due-routes.ts';
export { backfillDueDates, DUE_BACKFILL } from './due.ts';
export { /** @public */ RECEIVED_STATUSES } from './due-fix.ts';
export { turnaroundOrderRefs } from './turnaround-facts.ts';
