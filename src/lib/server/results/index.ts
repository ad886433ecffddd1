// The results domain's public face (decision 0075): its console routes, and what reports read of
// an order's reviewed results.
export { resultAdminRoutes } from './routes.ts';
export {
  /** @public */ reviewedResultsOf,
  /** @public */ resultsItemsOf,
  /** @public */ type ReviewedResults,
} from './report.ts';
export { submitResult } from './entries.ts';
export { resultDirectory, ensureReceivedResults, resultStatesOf } from './directory.ts';
