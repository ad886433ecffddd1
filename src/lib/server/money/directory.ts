import { QueryBuilder } from 'drizzle-orm/pg-core';
import { prestoreApplications } from './tables.ts';

/**
 * The top-ups as invoices read them beside their own lines (what a customer may invoice, a
 * line's top-up): a read-only subquery joined on `id` under the alias given (decision 0061).
 */
export const prestoreDirectory = (alias: string) =>
  new QueryBuilder()
    .select({
      id: prestoreApplications.id,
      rid: prestoreApplications.rid,
      userId: prestoreApplications.userId,
      status: prestoreApplications.status,
      amountFen: prestoreApplications.amountFen,
      refundFen: prestoreApplications.refundFen,
      invoiceType: prestoreApplications.invoiceType,
      invoiceTitle: prestoreApplications.invoiceTitle,
      createdAt: prestoreApplications.createdAt,
    })
    .from(prestoreApplications)
    .as(alias);
