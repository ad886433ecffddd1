// Research groups (课题组, decision 0033): membership and roles, a shared wallet members pay
// their orders from within the limits the leader sets, and approvals beyond them.
export { groupRoutes } from './routes.ts';
export { groupAdminRoutes } from './admin-routes.ts';
export { activeGroupsOf, managedGroup, managesGroup } from './access.ts';
export { homeGroupsOf } from './views.ts';
export { closeSettledRequests } from './payments.ts';
export { orderInUsersGroup } from './rebates.ts';
export { leaveAllGroups, ledGroupNames, membershipsOf } from './personal.ts';
export { groupDirectory } from './directory.ts';
