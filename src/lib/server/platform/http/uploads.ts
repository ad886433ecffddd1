import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnv } from './api-env.ts';
import type { Services } from '../services.ts';
import { DomainError } from '../errors.ts';
import { failure } from './envelope.ts';
import { cleanText } from '../../../shared/input.ts';

/** Room for the multipart envelope around the file itself. */
const OVERHEAD = 64 * 1024;

/** The size limit of an upload route, counted on the raw request before anything is parsed. */
export const uploadLimitOf =
  (maxBytes: (s: Services) => number) => async (c: Context<ApiEnv>, next: () => Promise<void>) =>
    bodyLimit({
      maxSize: maxBytes(c.var.services) + OVERHEAD,
      onError: (cc) =>
        cc.json(failure(`文件不能超过${maxBytes(c.var.services) / 1024 / 1024}MB`, 'BODY_TOO_LARGE'), 413),
    })(c, next);

/** The largest body any upload route accepts (the global limit lets multipart through up to it). */
// (files' largest kind, an attachment, may take UPLOAD_MAX_MB; pictures take less.)
export const largestUpload = (c: Context<ApiEnv>) =>
  c.var.services.env.UPLOAD_MAX_MB * 1024 * 1024 + OVERHEAD;

/** Reads the multipart `file` field and the text fields of an upload. */
export async function readUpload(
  c: Context<ApiEnv>,
): Promise<{ file: File; name: string; fields: Record<string, string> }> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data'))
    throw new DomainError('请使用 multipart/form-data 上传文件');
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new DomainError('上传数据格式错误');
  }
  const file = body.file;
  if (!(file instanceof File)) throw new DomainError('[文件]不能为空');
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body))
    if (typeof v === 'string') fields[k] = cleanText(v).trim().slice(0, 64);
  return { file, name: cleanText(file.name), fields };
}
