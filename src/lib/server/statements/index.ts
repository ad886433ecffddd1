// Monthly statements (对账单, decision 0029): issued per customer and Shanghai month from the
// ledger and the orders' timelines, frozen, confirmed or disputed by the customer, answered and
// reissued by staff, confirmed automatically when left unanswered; settling what they say is owed.
export {
  autoConfirm,
  issueMonth,
  queueMonthlyStatements,
  STATEMENTS_AUTO_CONFIRM,
  STATEMENTS_ISSUE,
  STATEMENTS_MONTHLY,
} from './issue.ts';
export { statementOrdersForInvoice, statementRefOf } from './customer.ts';
export { statementDocument } from './pdf.ts';
export { statementRoutes } from './routes.ts';
export { statementAdminRoutes } from './admin-routes.ts';
export { openStatementCount } from './personal.ts';
