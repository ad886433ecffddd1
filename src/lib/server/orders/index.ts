export { placeOrders } from './place.ts';
export { countByStatus, findOwnOrder, findOrder, orderDetail, listOrders, timelineOf } from './read.ts';
export {
  readyToPay,
  payOrder,
  cancelOrder,
  testRecord,
  reportFeedback,
  evaluate,
  historyForUser,
  addRecycle,
  listRecycles,
} from './customer.ts';
export { quoteOrder, staffStep, staffCancel, type StaffStep } from './staff.ts';
