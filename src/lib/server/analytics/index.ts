// The analytics domain's public face (decision 0083): reports over what the other domains record.
// It keeps no copy of anything: every figure is read from the owners' published subqueries.
export { analyticsAdminRoutes } from './admin-routes.ts';
