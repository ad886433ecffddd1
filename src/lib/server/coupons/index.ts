// Coupons (decision 0026): templates, the coupons customers hold, and their part in paying and
// cancelling an order.
export {
  couponOptions,
  giveWelcomeCoupons,
  orderCoupon,
  reserveCoupon,
  reservedCouponRid,
  returnOrderCoupon,
  useCoupon,
  usableCouponCount,
  usableCouponsOf,
  type CouponOption,
} from './coupons.ts';
export { couponRoutes } from './routes.ts';
export { couponAdminRoutes } from './admin-routes.ts';
export { couponsOfPerson } from './personal.ts';
