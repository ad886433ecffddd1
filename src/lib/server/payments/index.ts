// Online payment (decision 0025): intents, provider notices, the simulator, the sweeper.
export { closeExpiredPayments, CLOSE_EXPIRED_PAYMENTS, devTrade } from './intents.ts';
export { refundOrderToChannel, REFUND_QUERY } from './refunds.ts';
export { checkRefund } from './refund-query.ts';
export { RECONCILE, reconcileYesterday } from './reconcile.ts';
export { reconcileAdminRoutes } from './admin-routes.ts';
export { devPayRoutes, paymentNotifyRoutes, paymentRoutes } from './routes.ts';
