// What the home page shows a logged-in customer (web/home/data, decision 0033).
export { homeRoutes } from './routes.ts';
