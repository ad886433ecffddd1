// The quote request of /experiment/demand (POST /api/auth/order/demand) and the limits the page
// shows. One schema for the island and the server; the first message only, Chinese.
import { z } from '../zod.ts';

export const DEMAND_DESCRIPTION_MAX = 2000;
export const DEMAND_SAMPLE_NOTE_MAX = 500;
export const DEMAND_MAX_ITEMS = 10;
export const DEMAND_MAX_FILES = 10;
export const DEMAND_MAX_SAMPLES = 999;
/** Project types a demand may name: 送样检测 and 数据分析 (预约现场 goes through reservations). */
export const DEMAND_TYPES = [
  { id: 1, name: '送样检测' },
  { id: 3, name: '数据分析' },
] as const;
export type DemandTypeId = (typeof DEMAND_TYPES)[number]['id'];

export const DEMAND_FILE_NOT_FOUND = '附件不存在或已提交';

/** What upload4file accepts, as the page tells the user (the server sniffs the bytes). */
export const UPLOAD_TYPES_TEXT = 'PDF、Word/Excel/PPT、ZIP/RAR/7Z 压缩包、PNG/JPG/WEBP/GIF/TIFF 图片';
/** Refusal of a file whose type upload4file does not take (the server says the same). */
export const UPLOAD_TYPE_REFUSED = '不支持的文件类型，请上传 PDF、Office 文档、压缩包或图片';
/** Whether a file name's extension is in an `accept` list such as UPLOAD_ACCEPT. */
export function acceptsName(accept: string, name: string): boolean {
  const ext = /\.[^.]+$/.exec(name.toLowerCase())?.[0];
  return Boolean(ext) && accept.split(',').some((a) => a.trim().toLowerCase() === ext);
}
export const UPLOAD_ACCEPT =
  '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip,.rar,.7z,.png,.jpg,.jpeg,.webp,.gif,.tif,.tiff';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const blank = (v: unknown) => v === undefined || v === null || v === '';

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: `[${label}]格式不正确` })
      .trim()
      .max(max, `[${label}]最多${max}个字`)
      .refine((s) => !CONTROL.test(s), `[${label}]包含非法字符`),
  );
const required = (label: string, max: number) =>
  text(label, max).pipe(z.string().min(1, `[${label}]不能为空`));

const ridList = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(
        z
          .string({ error: `[${label}]格式不正确` })
          .trim()
          .min(1, `[${label}]格式不正确`)
          .max(64),
        {
          error: `[${label}]格式不正确`,
        },
      )
      .max(max, `[${label}]最多${max}个`)
      .transform((l) => [...new Set(l)]),
  );

export const demandSchema = z.object(
  {
    type_id: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.union([z.literal(1), z.literal(3)], {
        error: (iss) => (blank(iss.input) ? '[项目类型]不能为空' : '[项目类型]不正确'),
      }),
    ),
    item_rids: ridList('检测项目', DEMAND_MAX_ITEMS),
    description: required('需求描述', DEMAND_DESCRIPTION_MAX),
    sample_count: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: '[样品数量]应为整数' })
        .int('[样品数量]应为整数')
        .min(1, '[样品数量]至少为1')
        .max(DEMAND_MAX_SAMPLES, `[样品数量]最多${DEMAND_MAX_SAMPLES}`)
        .optional(),
    ),
    sample_note: text('样品说明', DEMAND_SAMPLE_NOTE_MAX),
    contact_name: required('联系人', 32),
    contact_phone: required('联系电话', 11).pipe(z.string().regex(/^1[3-9]\d{9}$/, '[联系电话]格式不正确')),
    file_rids: ridList('附件', DEMAND_MAX_FILES),
  },
  { error: '请求参数格式不正确' },
);
export type DemandRequest = z.output<typeof demandSchema>;
export type DemandInput = z.input<typeof demandSchema>;

export type { DemandInfo, DemandResult } from './responses.ts';
export type { UploadLimits } from '../files/responses.ts';
