// The customers domain's public face (decision 0090): the console's customer list and page, and the
// 专属顾问 of institution and enterprise customers.
export { customerAdminRoutes, customerRoutes } from './routes.ts';
export { advisorRecord, assignByRotation, shownAdvisorOf } from './advisors.ts';
