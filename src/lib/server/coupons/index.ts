// Coupons (decision 0026): templates, the coupons customers hold, and their part in paying and
// cancelling an order.
export { giveWelcomeCoupons } from './give.ts';
export {
  couponOptions,
  orderCoupon,
  reserveCoupon,
  reservedCouponRid,
  returnOrderCoupon,
  useCoupon,
} from './pay.ts';
export { usableCouponCount, usableCouponsOf } from './mine.ts';
export { registerCouponOrderReads, type CouponOrderReads } from './order-reads.ts';
export { couponRoutes } from './routes.ts';
export { couponAdminRoutes } from './admin-routes.ts';
export { couponsOfPerson } from './personal.ts';
