// Invoices (decision 0030): invoice titles with the unified social credit code's check digit,
// the four invoice types, application states, and the calls' requests.
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { optText, required, ridField } from '../orders/order.ts';

/** The spec's invoice types. */
export const INVOICE_TYPE_NAMES = {
  1: '电子普通发票',
  3: '电子专用发票',
  5: '形式发票',
  6: '收据',
} as const;
export type InvoiceType = 1 | 3 | 5 | 6;
export const INVOICE_TYPES = [1, 3, 5, 6] as const;
/** Tax invoices come from the tax platform; proforma and receipt are ours. */
export const isTaxInvoice = (type: number) => type === 1 || type === 3;

export const INVOICE_STATUS_TEXT = {
  reviewing: '待审核',
  issuing: '开具中',
  issued: '已开具',
  rejected: '已驳回',
  reversing: '红冲中',
  reversed: '已红冲',
} as const;

export const TITLE_KIND_TEXT = { 1: '单位', 2: '个人' } as const;

/** The title as an application keeps it. */
export type InvoiceTitleData = {
  kind: 1 | 2;
  name: string;
  tax_no: string;
  address: string;
  phone: string;
  bank: string;
  bank_account: string;
};

/** Reimbursement materials on an application (file rids of the customer's uploads). */
export type InvoiceMaterials = { contract_file_rid: string; other_file_rids: string[] };

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (GB 32100-2015): 18 characters whose last is the check digit. */
export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NP-RTUWXY]{18}$/.test(code)) return false;
  const sum = USCC_WEIGHTS.reduce((n, w, i) => n + USCC_CHARS.indexOf(code[i]) * w, 0);
  const check = (31 - (sum % 31)) % 31;
  return USCC_CHARS[check] === code[17];
}

const upper = (label: string, max: number) => optText(label, max).transform((v) => v.toUpperCase());

/** invoice/add and invoice/edit: an organisation needs its credit code; bank details are for type 3. */
export const invoiceTitleSchema = z
  .object(
    {
      rid: optText('抬头', 64).optional(),
      kind: z.preprocess(
        (v) => (typeof v === 'string' ? Number(v) : v),
        z.union([z.literal(1), z.literal(2)], { error: '[抬头类型]不正确' }),
      ),
      name: required('抬头名称', 100),
      tax_no: upper('税号', 18),
      address: optText('注册地址', 200),
      phone: optText('注册电话', 30),
      bank: optText('开户银行', 100),
      bank_account: optText('银行账号', 40).refine(
        (v) => !v || /^[0-9 -]{6,40}$/.test(v),
        '[银行账号]格式不正确',
      ),
      is_default: z.boolean({ error: '[默认抬头]格式不正确' }).default(false),
      /** A research group's title (decision 0046), added by its leader or an assistant. */
      group_rid: optText('课题组', 64).optional(),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine((t, ctx) => {
    if (t.kind === 1 && !t.tax_no) ctx.addIssue({ code: 'custom', message: '[税号]不能为空' });
    else if (t.kind === 1 && !isCreditCode(t.tax_no))
      ctx.addIssue({ code: 'custom', message: '[税号]格式不正确，请填写18位统一社会信用代码' });
  });

export const titleRidSchema = z.object({ rid: ridField('抬头') }, { error: '请求参数格式不正确' });

const invoiceType = z.preprocess(
  (v) => (typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(6)], { error: '[发票类型]不正确' }),
);

/** invoiceApply/add: over settled orders, or over one credited top-up. */
export const invoiceApplySchema = z
  .object(
    {
      type: invoiceType,
      title_rid: ridField('发票抬头'),
      order_rids: z
        .array(ridField('订单'), { error: '[订单]格式不正确' })
        .max(100, '一次最多100个订单')
        .default([]),
      prestore_rid: optText('预存', 64).optional(),
      /** A confirmed statement: its orders not yet invoiced. */
      statement_rid: optText('对账单', 64).optional(),
      email: optText('接收邮箱', 100).refine(
        (v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
        '[接收邮箱]格式不正确',
      ),
      remark: optText('备注', 200),
      contract_file_rid: optText('合同', 64),
      other_file_rids: z
        .array(ridField('附件'), { error: '[附件]格式不正确' })
        .max(10, '附件最多10个')
        .default([]),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine((a, ctx) => {
    const sources = [a.order_rids.length > 0, Boolean(a.prestore_rid), Boolean(a.statement_rid)];
    if (sources.filter(Boolean).length !== 1)
      ctx.addIssue({ code: 'custom', message: '请选择要开票的订单、预存记录或对账单' });
    if (new Set(a.order_rids).size !== a.order_rids.length)
      ctx.addIssue({ code: 'custom', message: '[订单]有重复' });
  });

export const invoiceEditSchema = invoiceApplySchema.and(
  z.object({ rid: ridField('开票申请') }, { error: '请求参数格式不正确' }),
);

/** invoiceApply/orders: all invoiceable orders, or those of one confirmed statement. */
export const invoiceableOrdersSchema = z.object(
  { statement_rid: optText('对账单', 64).optional() },
  { error: '请求参数格式不正确' },
);

export const invoiceRidSchema = z.object({ rid: ridField('开票申请') }, { error: '请求参数格式不正确' });
export const invoiceListSchema = PageRequestSchema.extend({
  status: z
    .enum(Object.keys(INVOICE_STATUS_TEXT) as [keyof typeof INVOICE_STATUS_TEXT], { error: '[状态]不正确' })
    .optional(),
});

// ---- staff ----

/** The staff list: the same filter, and one customer's applications (the customer's page). */
export const staffInvoiceListSchema = invoiceListSchema.extend({
  user_rid: z.preprocess((v) => (v === null || v === '' ? undefined : v), ridField('客户').optional()),
});

export const invoiceIssueSchema = z.object(
  {
    rid: ridField('开票申请'),
    /** Tax invoices: the 20-digit number and the file from the tax platform. */
    invoice_no: optText('发票号码', 20),
    file_rid: optText('发票文件', 64),
  },
  { error: '请求参数格式不正确' },
);
export const invoiceRejectSchema = z.object(
  { rid: ridField('开票申请'), reason: required('驳回原因', 200) },
  { error: '请求参数格式不正确' },
);
export const invoiceReverseSchema = z.object(
  {
    rid: ridField('开票申请'),
    reason: required('红冲原因', 200),
    /** Tax invoices: the red-letter invoice's number, once the tax platform issued it. */
    reversal_no: optText('红字发票号码', 20),
  },
  { error: '请求参数格式不正确' },
);
