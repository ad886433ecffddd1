// Online payment (decision 0025): intents, provider notices, the simulator, the sweeper.
export {
  closeExpiredPayments,
  CLOSE_EXPIRED_PAYMENTS,
  createPayment,
  devTrade,
  handleNotice,
  paymentStatus,
  refundOrderToChannel,
  REFUND_QUERY,
} from './intents.ts';
export { checkRefund } from './refund-query.ts';
export { RECONCILE, reconcileDay, reconcileYesterday } from './reconcile.ts';
export { reconcileAdminRoutes } from './admin-routes.ts';
export { devPayRoutes, paymentNotifyRoutes, paymentRoutes } from './routes.ts';
