// Points (积分, decision 0027): earned on completed orders, kept in lots that expire, spent oldest
// first on the exchange catalogue, given to other customers; the customer's and staff's calls.
export { awardInvitePoints, awardOrderPoints, reverseOrderPoints } from './earn.ts';
export { expirePoints, POINTS_EXPIRE } from './staff.ts';
export { balanceOf, pointsBalanceOf, pointsProblems } from './book.ts';
export { pointsRoutes } from './routes.ts';
export { pointsAdminRoutes } from './admin-routes.ts';
export { pointsEntriesOf } from './personal.ts';
