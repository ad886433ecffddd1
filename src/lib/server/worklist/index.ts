// The worklist domain's public face (decision 0082): 我的工作's console calls, and the job that
// warns before due dates and records breaches.
export { worklistAdminRoutes } from './routes.ts';
export { DUE_WATCH, watchDue } from './due.ts';
export { startEstimates } from './estimate.ts';
export { testingSteps } from './steps.ts';
