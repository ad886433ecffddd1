// The report template (issue 31, decision 0076): what every generated report prints about the lab
// (name, address, phone, accreditation, logo, seal), its title, the standard statements and the
// authorised signatories, kept as one editor-managed record. The requests with their Chinese
// messages and the answers, shared by the server and the console.
import { z } from '../zod.ts';
import { optText, required } from '../orders/order.ts';
import { RESULTS_RELATE_ONLY } from './document.ts';

export const DEFAULT_REPORT_TITLE = '检测报告';

/** The statements a new template starts with; RESULTS_RELATE_ONLY is printed whatever the list says. */
export const DEFAULT_STATEMENTS = [
  RESULTS_RELATE_ONLY,
  '本报告无批准人签字、未加盖检验检测专用章或数字签名无效的，报告无效。',
  '未经本实验室书面批准，不得部分复制本报告。',
  '对本报告有异议的，请于收到报告之日起十五日内向本实验室提出。',
];

export const MAX_STATEMENTS = 12;
export const MAX_SIGNATORIES = 20;

const ridText = (label: string) =>
  z
    .string({ error: `[${label}]格式不正确` })
    .trim()
    .min(1, `[${label}]不能为空`)
    .max(64, `[${label}]格式不正确`);

export const SignatorySchema = z.object(
  {
    /** The staff member's account (users.rid): only they may approve a release. */
    staff_rid: ridText('授权签字人'),
    /** The name as printed on reports. */
    name: required('签字人姓名', 20),
    /** The title as printed, e.g. 技术负责人. */
    title: required('签字人职务', 30),
  },
  { error: '[授权签字人]格式不正确' },
);
export type Signatory = z.output<typeof SignatorySchema>;

export const templateSaveSchema = z.object(
  {
    lab_name: required('实验室名称', 60),
    address: required('实验室地址', 120),
    phone: optText('联系电话', 40),
    accreditation: optText('资质说明', 300),
    title: z.preprocess(
      (v) =>
        v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? DEFAULT_REPORT_TITLE : v,
      required('报告标题', 30),
    ),
    logo_rid: ridText('标志图片').nullable().optional(),
    seal_rid: ridText('印章图片').nullable().optional(),
    statements: z
      .array(required('声明', 300), { error: '[声明]格式不正确' })
      .max(MAX_STATEMENTS, `[声明]最多${MAX_STATEMENTS}条`)
      .default([]),
    signatories: z
      .array(SignatorySchema, { error: '[授权签字人]格式不正确' })
      .max(MAX_SIGNATORIES, `[授权签字人]最多${MAX_SIGNATORIES}位`)
      .default([])
      .refine((list) => new Set(list.map((s) => s.staff_rid)).size === list.length, '[授权签字人]不能重复'),
  },
  { error: '请求参数格式不正确' },
);

export const ReportTemplateSchema = z.object({
  lab_name: z.string(),
  address: z.string(),
  phone: z.string(),
  accreditation: z.string(),
  title: z.string(),
  logo_rid: z.string().nullable(),
  seal_rid: z.string().nullable(),
  /** The pictures' public addresses (media), for the console's previews. */
  logo_url: z.string().nullable(),
  seal_url: z.string().nullable(),
  statements: z.array(z.string()),
  signatories: z.array(z.object({ staff_rid: z.string(), name: z.string(), title: z.string() })),
  /** When it was last saved; null while the defaults stand. */
  updated: z.string().nullable(),
});
export type ReportTemplate = z.output<typeof ReportTemplateSchema>;

/** The signing key the reports are signed with, as the template screen shows it. */
export const SigningKeyStatusSchema = z.object({
  /** REPORT_SIGN_P12 is set (else the install's own self-signed key). */
  configured: z.boolean(),
  self_signed: z.boolean(),
  /** The certificate's subject (CN, O), '' when it cannot be read. */
  subject: z.string(),
  /** Its expiry (ISO 8601), null when it cannot be read. */
  not_after: z.string().nullable(),
  /** Why a configured key cannot be used (releases are refused until it is fixed); null when it can. */
  problem: z.string().nullable(),
});
export type SigningKeyStatus = z.output<typeof SigningKeyStatusSchema>;

export const TemplateAnswerSchema = z.object({
  template: ReportTemplateSchema,
  key: SigningKeyStatusSchema,
});

/** Staff who may be chosen as signatories. */
export const SignatoryCandidatesSchema = z.object({
  list: z.array(z.object({ staff_rid: z.string(), name: z.string(), phone: z.string(), role: z.string() })),
});

export const TemplatePictureSchema = z.object({ rid: z.string(), url: z.string() });

export const SELF_SIGNED_WARNING =
  '当前使用自签名证书：报告可验证未被篡改，但阅读器会提示签名人身份未知。正式出具报告前，请管理员配置 CA 签发的机构证书（REPORT_SIGN_P12 与 REPORT_SIGN_PASSWORD）。';
