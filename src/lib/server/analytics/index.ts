// The analytics domain's public face (decision 0083): reports over what the other domains record.
// It keeps one derived row of moments per order (kept by triggers) and reads the rest from the
// owners' published subqueries.
export { analyticsAdminRoutes } from './admin-routes.ts';
export { ANALYTICS_EXPORT, runExport } from './exports.ts';
