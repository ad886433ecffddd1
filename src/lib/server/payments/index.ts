// Online payment (decision 0025): intents, provider notices, the simulator, the sweeper.
export {
  closeExpiredPayments,
  CLOSE_EXPIRED_PAYMENTS,
  createPayment,
  devTrade,
  handleNotice,
  paymentStatus,
  refundOrderToChannel,
} from './intents.ts';
export { devPayRoutes, paymentNotifyRoutes, paymentRoutes } from './routes.ts';
