// What the invoice calls answer (decisions 0020, 0030).
import { z } from '../zod.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { INVOICE_STATUS_TEXT } from './invoices.ts';

const TitleData = {
  kind: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  tax_no: z.string(),
  address: z.string(),
  phone: z.string(),
  bank: z.string(),
  bank_account: z.string(),
};

export const InvoiceTitleSchema = z.object({
  rid: ridOut,
  ...TitleData,
  is_default: z.boolean(),
  /** A research group's title (decision 0046): every member may use it. */
  group: z.object({ rid: ridOut, name: z.string() }).nullable(),
  /** Whether the caller may edit or delete it (their own, or a group they lead or assist). */
  can_edit: z.boolean(),
});
export const InvoiceTitleListSchema = z.object({ list: z.array(InvoiceTitleSchema) });

export const InvoiceApplicationSchema = z.object({
  rid: ridOut,
  type: z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(6)]),
  type_text: z.string(),
  title: z.object(TitleData),
  amount_fen: fen,
  source: z.enum(['orders', 'topup', 'statement']),
  email: z.string(),
  remark: z.string(),
  status: z.enum(Object.keys(INVOICE_STATUS_TEXT) as [keyof typeof INVOICE_STATUS_TEXT]),
  status_text: z.string(),
  reject_reason: z.string(),
  /** The tax platform's 20-digit number, or ours (PI/SJ + year + 6 digits). */
  invoice_no: z.string().nullable(),
  reversal_no: z.string().nullable(),
  /** The invoice can be downloaded (invoiceApply/file). */
  has_file: z.boolean(),
  created: z.string(),
  issued: z.string().nullable(),
});

export const InvoiceDetailSchema = InvoiceApplicationSchema.extend({
  lines: z.array(
    z.object({
      order_rid: ridOut.nullable(),
      order_no: z.string().nullable(),
      prestore_rid: ridOut.nullable(),
      amount_fen: fen,
    }),
  ),
  materials: z.object({ contract_file_rid: z.string(), other_file_rids: z.array(z.string()) }),
  /** The statement applied for (source statement). */
  statement: z.object({ rid: ridOut, month: z.string(), version: z.number().int() }).nullable(),
});

export const InvoicePageSchema = pagedOf(InvoiceApplicationSchema);
export const StaffInvoicePageSchema = pagedOf(
  InvoiceApplicationSchema.extend({ customer: CustomerRefSchema }),
);

/** asset/invoiceHistory. */
export const InvoiceHistorySchema = z.object({
  /** Money paid to the lab (top-ups, online, credited) plus credit owed. */
  paid_fen: fen,
  invoiced_fen: fen,
  available_fen: fen,
  months: z.array(z.object({ month: z.string(), amount_fen: fen, count: z.number().int() })),
});

/**
 * invoiceApply/orders: what the apply dialog offers — paid orders not yet invoiced, with their
 * items and what the customer paid for each (with `statement_rid`, only that statement's), and
 * credited top-ups not yet invoiced, with the invoice the customer asked for when topping up.
 */
export const InvoiceableOrdersSchema = z.object({
  list: z.array(
    z.object({
      rid: ridOut,
      order_no: z.string(),
      item_names: z.array(z.string()),
      created: z.string(),
      amount_fen: fen,
    }),
  ),
  topups: z.array(
    z.object({
      rid: ridOut,
      created: z.string(),
      /** Credited, less what was refunded. */
      amount_fen: fen,
      /** The wish on the top-up form: 0 none, or an invoice type; and the title typed there. */
      invoice_type: z.number().int(),
      invoice_title: z.string(),
    }),
  ),
});
