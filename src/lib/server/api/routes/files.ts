import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnv } from '../app.ts';
import { ok } from '../envelope.ts';
import { requireUser } from '../middleware/auth.ts';
import { DomainError } from '../../errors.ts';
import {
  contentDisposition,
  fileForDownload,
  maxBytes,
  ownOrderForUpload,
  storeFile,
  type FileKind,
} from '../../services/files/index.ts';
import { staffRole } from '../../services/staff/index.ts';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT, type UploadLimits } from '../../../shared/demand.ts';

/** Room for the multipart envelope around the file itself. */
const OVERHEAD = 64 * 1024;

/** A size limit on the raw request before anything is parsed. */
export const uploadLimit = (kind: FileKind) => async (c: Context<ApiEnv>, next: () => Promise<void>) =>
  bodyLimit({
    maxSize: maxBytes(c.var.services, kind) + OVERHEAD,
    onError: (cc) =>
      cc.json(
        { code: 0, msg: `文件不能超过${maxBytes(c.var.services, kind) / 1024 / 1024}MB`, data: null },
        413,
      ),
  })(c, next);

/** Reads the multipart `file` field and the text fields of an upload. */
export async function readUpload(
  c: Context<ApiEnv>,
): Promise<{ file: File; fields: Record<string, string> }> {
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
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') fields[k] = v.trim().slice(0, 64);
  return { file, fields };
}

/** Customer uploads (upload4file, upload4pic) and downloads under /api/auth/file/*. */
export function fileRoutes() {
  const r = new Hono<ApiEnv>();

  const upload = (kind: 'attachment' | 'pic') => async (c: Context<ApiEnv>) => {
    const me = requireUser(c);
    const { file, fields } = await readUpload(c);
    // An attachment may name its order (rid) and be the signed agreement (kind=protocol).
    const orderId = fields.rid ? await ownOrderForUpload(c.var.services, me.id, fields.rid) : null;
    const fileKind: FileKind = kind === 'attachment' && fields.kind === 'protocol' ? 'protocol' : kind;
    const stored = await storeFile(c.var.services, {
      ownerId: me.id,
      uploaderId: me.id,
      orderId,
      kind: fileKind,
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return ok(c, { ...stored, url: `/api/auth/file/download/${stored.rid}` }, '上传成功');
  };

  r.post('/file/limits', (c) => {
    requireUser(c);
    const limits: UploadLimits = {
      file_max_bytes: maxBytes(c.var.services, 'attachment'),
      pic_max_bytes: maxBytes(c.var.services, 'pic'),
      types_text: UPLOAD_TYPES_TEXT,
      accept: UPLOAD_ACCEPT,
    };
    return ok(c, limits);
  });

  r.post('/file/upload4file', uploadLimit('attachment'), upload('attachment'));
  r.post('/file/upload4pic', uploadLimit('pic'), upload('pic'));

  r.get('/file/download/:rid', async (c) => {
    const me = requireUser(c);
    const rid = c.req.param('rid').slice(0, 64);
    const isStaff = (await staffRole(c.var.services.db, me.id)) !== null;
    const f = await fileForDownload(c.var.services, me.id, isStaff, rid);
    return c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': f.mime,
      'content-disposition': contentDisposition(f.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  return r;
}
