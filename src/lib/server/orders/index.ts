export { placeOrders } from './place.ts';
export {
  countByStatus,
  waitingOrdersOf,
  findOwnOrder,
  findOrder,
  orderDetail,
  listOrders,
  timelineOf,
  staffTimelineOf,
} from './read.ts';
export {
  readyToPay,
  payOrder,
  cancelOrder,
  testRecord,
  reportFeedback,
  evaluate,
  updateExpress,
  historyForUser,
  addRecycle,
  listRecycles,
  settleOnlineOrder,
  payLocked,
  orderTradeAmount,
} from './customer.ts';
export { quoteOrder, setFinalPrice, staffStep, staffCancel, type StaffStep } from './staff.ts';
export { insertOrder, selfDelivery } from './place.ts';
export { cancelWithRefund, ORDER_REFUNDED } from './cancel.ts';
export { registerHold, type ReleaseHold, type ReleasedBy } from './holds.ts';
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
export { orderFiles, recordUpload } from './uploads.ts';
export { couponOrderReads } from './coupon-reads.ts';
