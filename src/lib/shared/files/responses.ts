// What the file calls take and answer (decision 0020).
import { z } from '../zod.ts';
import { ridOut } from '../responses.ts';
import { ridField } from '../orders/order.ts';

/** A stored upload (an attachment, a picture, a signed agreement, a report, a receipt photo). */
export const StoredFileSchema = z.object({
  rid: ridOut,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  kind: z.enum(['attachment', 'pic', 'protocol', 'report', 'receipt', 'media']),
  created: z.string(),
});

/** file/upload4file and upload4pic: the stored file and where its owner downloads it. */
export const UploadedSchema = StoredFileSchema.extend({ url: z.string() });

/** POST /api/auth/file/limits: the upload limits in force on this server. */
export const UploadLimitsSchema = z.object({
  file_max_bytes: z.number().int(),
  pic_max_bytes: z.number().int(),
  types_text: z.string(),
  accept: z.string(),
});
export type UploadLimits = z.output<typeof UploadLimitsSchema>;

/** POST /api/admin/file/download: a file for the console; `thumb` asks for a receipt photo's thumbnail. */
export const staffFileSchema = z.object(
  { rid: ridField('文件'), thumb: z.boolean({ error: '[thumb]格式不正确' }).optional().default(false) },
  { error: '请求参数格式不正确' },
);
