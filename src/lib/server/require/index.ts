// The require domain's public face: requirements left on the home page (留言).
export { addIndexMsg } from './index-msg.ts';
export { requireAdminRoutes } from './admin-routes.ts';
