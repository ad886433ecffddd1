// Personal information self-service (PIPL): a customer's data as one download.
export { privacyRoutes } from './routes.ts';
