// Invitations, promoters, rebates and withdrawals (decision 0031): the customer's and staff's
// calls, the rebate of a completed order (the 'orders.completed' job) and its reversal by a refund.
export { creditOrderRebate, reverseOrderRebate } from './rebates.ts';
export { promotionProblems } from './purse.ts';
export { promotionRoutes } from './routes.ts';
export { promotionAdminRoutes } from './admin-routes.ts';
export { promoterDues } from './personal.ts';
