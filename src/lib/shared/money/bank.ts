// Bank statement import (银行流水对账, decision 0088): finance uploads the bank's CSV export, the
// incoming transfers are matched against top-ups waiting for review, finance confirms (the
// top-up's approval) or sets a row aside. Requests, answers and the calls.
import { z } from '../zod.ts';
import { endpoint } from '../api/endpoint.ts';
import { PageRequestSchema } from '../pagination.ts';
import { fen, pagedOf, ridOut } from '../responses.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { optText, required, ridField } from '../orders/order.ts';
import { PrestoreApprovedSchema, PrestoreSchema } from './responses.ts';

export const BANK_ROW_STATUS_TEXT = { open: '待处理', linked: '已对应', ignored: '已忽略' } as const;

/** The largest statement file accepted: a year of a busy account fits easily. */
export const BANK_FILE_MAX_BYTES = 2 * 1024 * 1024;

export const bankRowListSchema = PageRequestSchema.extend({
  status: z.enum(['open', 'linked', 'ignored'], { error: '[状态]不正确' }).optional(),
  /** Open rows with a proposed match only, or without any. */
  match: z.enum(['proposed', 'none'], { error: '[匹配]不正确' }).optional(),
});

export const bankConfirmSchema = z.object(
  {
    rid: ridField('银行流水'),
    /** The top-up it pays; the proposed one unless finance chose another. */
    prestore_rid: ridField('预存申请'),
    note: optText('说明', 200),
  },
  { error: '请求参数格式不正确' },
);

export const bankIgnoreSchema = z.object(
  { rid: ridField('银行流水'), reason: required('原因', 200) },
  { error: '请求参数格式不正确' },
);

const CandidateSchema = PrestoreSchema.extend({
  customer: CustomerRefSchema,
  score: z.number().int(),
  /** Why it fits, in words (户名一致, 附言/流水号对应…). */
  reasons: z.array(z.string()),
});

export const BankRowSchema = z.object({
  rid: ridOut,
  line: z.number().int(),
  booked_on: z.string(),
  booked_time: z.string(),
  amount_fen: fen,
  payer_name: z.string(),
  payer_account: z.string(),
  payer_bank: z.string(),
  remark: z.string(),
  serial: z.string(),
  status: z.enum(['open', 'linked', 'ignored']),
  status_text: z.string(),
  note: z.string(),
  decided: z.string().nullable(),
  file_name: z.string(),
  /** Open rows: the proposed top-up (one clear best fit), and every fit. */
  proposed: CandidateSchema.nullable(),
  candidates: z.array(CandidateSchema),
  /** Linked rows: the top-up it paid (credited, or awaiting its second approver). */
  prestore: PrestoreSchema.extend({ customer: CustomerRefSchema }).nullable(),
});

export const BankImportedSchema = z.object({
  rid: ridOut,
  file_name: z.string(),
  format: z.enum(['icbc', 'ccb', 'generic']),
  format_text: z.string(),
  /** The file was imported before (same content): nothing new. */
  repeated: z.boolean(),
  /** Incoming transfers in the file, those new to the system, and of them with a proposed match. */
  rows: z.number().int(),
  new_rows: z.number().int(),
  proposed: z.number().int(),
  outgoing: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});

export const BANK_FORMAT_TEXT = { icbc: '工商银行', ccb: '建设银行', generic: '通用格式' } as const;

export const bankAdminApi = {
  import: endpoint({
    method: 'POST',
    path: '/api/admin/bank/import',
    access: 'money.approve',
    summary: '导入银行流水（CSV）',
    multipart: { file: '网银导出的流水明细 CSV（UTF-8 或 GBK）' },
    response: BankImportedSchema,
  }),
  rows: endpoint({
    method: 'POST',
    path: '/api/admin/bank/rows',
    access: 'money.read',
    summary: '银行流水与匹配建议',
    body: bankRowListSchema,
    response: pagedOf(BankRowSchema),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/admin/bank/confirm',
    access: 'money.approve',
    summary: '确认流水对应预存并入账',
    body: bankConfirmSchema,
    response: PrestoreApprovedSchema,
  }),
  ignore: endpoint({
    method: 'POST',
    path: '/api/admin/bank/ignore',
    access: 'money.approve',
    summary: '忽略银行流水（非预存款项）',
    body: bankIgnoreSchema,
    response: BankRowSchema,
  }),
};
