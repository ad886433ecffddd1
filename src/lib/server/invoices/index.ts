// Invoices (decision 0030): titles, applications over orders or a top-up with what may be
// invoiced, finance's review, issue and red-letter reversal, our PDFs and the reimbursement ZIP.
// Loading invoices registers its refund check with orders (an invoiced order is not refunded).
import './refund-check.ts';

export { invoiceRoutes } from './routes.ts';
export { invoiceAdminRoutes } from './admin-routes.ts';
export { eraseInvoiceTitles, invoiceDataOf, openInvoiceCount } from './personal.ts';
