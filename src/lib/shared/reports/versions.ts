// A report's versions (issue 31, decision 0077): a released version is never edited; 修改 issues
// the next one (A1, A2…) with a reason and marks the one before 已被替换; 撤销 withdraws a version
// with a reason. The statuses, their words, the requests and what the calls answer.
import { z } from '../zod.ts';
import { dateOut, ridOut } from '../responses.ts';
import { optText, ridField } from '../orders/order.ts';
import {
  CODE_MALFORMED,
  REPORT_NO_MISSING,
  VERIFY_STATES,
  normaliseCode,
  normaliseReportNo,
} from './verify.ts';

export const VERSION_STATUSES = ['valid', 'superseded', 'revoked'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const VERSION_STATUS_TEXT: Record<VersionStatus, string> = {
  valid: '有效',
  superseded: '已被替换',
  revoked: '已撤销',
};

/** Years a version is kept from its issue (检验检测机构监督管理办法: six years). */
export const RETENTION_YEARS = 6;

export const REPORT_NOT_FOUND = '报告不存在';
export const REASON_NEEDED = '请填写修改原因（将告知客户）';
export const REVOKE_REASON_NEEDED = '请填写撤销原因（将告知客户）';
export const NO_BUILDER = '报告生成尚未配置（模板、签名证书），暂不能签发报告，请联系管理员';

const REQUEST_ERROR = '请求参数格式不正确';
const versionRid = () => ridField('报告版本');

/** report/list (customer), report/versions (staff): an order's versions, by the order's public id. */
export const orderReportsSchema = z.object({ rid: ridField() }, { error: REQUEST_ERROR });

/** report/pdf (staff): one version's signed PDF. */
export const versionRidSchema = z.object({ rid: versionRid() }, { error: REQUEST_ERROR });

/**
 * report/release (staff): issue the order's next version. `replaces` is the version the caller
 * saw as the latest (null for the first issue): when another release came first, the call is
 * refused instead of issuing a second version. A revision needs its reason.
 */
export const releaseSchema = z.object(
  {
    rid: ridField(),
    replaces: z.preprocess((v) => (v === '' || v === undefined ? null : v), versionRid().nullable()),
    reason: optText('修改原因', 200),
    /**
     * Departures from the methods or the agreed conditions the report must state (CNAS-CL01
     * 7.8.2.1, 偏离), one per line; empty prints 无.
     */
    deviations: optText('偏离说明', 1000),
  },
  { error: REQUEST_ERROR },
);
/** The deviations a release dialog's text states: one per non-empty line, 无 when there are none. */
export const deviationsOf = (text: string | undefined): string[] => {
  const lines = (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length ? lines : ['无'];
};
export type ReleaseRequest = z.output<typeof releaseSchema>;

/** report/revoke (staff): withdraw a valid version, with the reason the customer is told. */
export const revokeSchema = z.object(
  {
    rid: versionRid(),
    reason: optText('撤销原因', 200),
  },
  { error: REQUEST_ERROR },
);

/** report/verify (public): the number and the 防伪码 printed on a report, as typed. */
export const verifySchema = z.object(
  {
    report_no: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z
        .string({ error: REPORT_NO_MISSING })
        .transform(normaliseReportNo)
        .pipe(z.string().min(1, REPORT_NO_MISSING)),
    ),
    code: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z
        .string({ error: CODE_MALFORMED })
        .max(40, CODE_MALFORMED)
        .transform((s, ctx) => {
          const code = normaliseCode(s);
          if (code === null) {
            ctx.addIssue({ code: 'custom', message: CODE_MALFORMED });
            return z.NEVER;
          }
          return code;
        }),
    ),
  },
  { error: REQUEST_ERROR },
);
export type VerifyRequest = z.output<typeof verifySchema>;

/** One version as the customer's order page lists it. */
export const ReportVersionSchema = z.object({
  rid: ridOut,
  report_no: z.string(),
  version: z.number().int(),
  status: z.enum(VERSION_STATUSES),
  status_text: z.string(),
  issued_at: z.string(),
  /** The signed PDF's SHA-256 (hex). */
  sha256: z.string(),
  /** The number of the version that replaced it (已被替换), else null. */
  replaced_by: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  /** Why this revision was issued ('' for the original). */
  change_reason: z.string(),
});
export type ReportVersion = z.output<typeof ReportVersionSchema>;

/** One version as the console shows it: also who approved and revoked it, and until when it is kept. */
export const StaffReportVersionSchema = ReportVersionSchema.extend({
  approver: z.string(),
  revoked_by: z.string().nullable(),
  revoked_at: z.string().nullable(),
  retain_until: dateOut,
  size: z.number().int(),
});
export type StaffReportVersion = z.output<typeof StaffReportVersionSchema>;

/**
 * What release answers: the version, and once only its 防伪码 (printed on the PDF; the server keeps
 * only a hash of it), so the approver can read it out without opening the file.
 */
export const ReleasedVersionSchema = StaffReportVersionSchema.extend({ code: z.string() });

export const ReportListSchema = z.object({ list: z.array(ReportVersionSchema) });

export const StaffReportListSchema = z.object({
  /** The order's report number (without a version suffix), or null before the first issue. */
  base_no: z.string().nullable(),
  list: z.array(StaffReportVersionSchema),
  /** Whether the caller may release: a builder is configured and they are a signatory of the template. */
  can_release: z.boolean(),
});

/**
 * What a released version keeps for /verify (decision 0085), copied from its document: the lab,
 * the issue date, the items' names and the customer as printed (organisation, else name),
 * unmasked; the answer masks it.
 */
export type VersionSummary = { lab: string; issued_on: string; items: string[]; customer: string };

/** A document's summary for /verify. */
export function versionSummary(doc: {
  lab: { name: string };
  issued_on: string;
  items: { name: string }[];
  customer: { name: string; organisation: string };
}): VersionSummary {
  return {
    lab: doc.lab.name,
    issued_on: doc.issued_on,
    items: doc.items.map((i) => i.name),
    customer: doc.customer.organisation || doc.customer.name,
  };
}

/** What /verify answers: the state, and for a version that exists its public summary and hash. */
export const VerifyAnswerSchema = z.object({
  state: z.enum(VERIFY_STATES),
  /** The number as looked up (normalised). */
  report_no: z.string(),
  /** For 已被替换: the number of the report's latest version. */
  current_report_no: z.string().optional(),
  revoke_reason: z.string().optional(),
  summary: z
    .object({
      lab: z.string(),
      report_no: z.string(),
      issued_on: dateOut,
      items: z.array(z.string()),
      /** The customer as printed, masked (张*明, 北京**大学). */
      customer: z.string(),
    })
    .optional(),
  sha256: z.string().optional(),
});
export type VerifyAnswer = z.output<typeof VerifyAnswerSchema>;
