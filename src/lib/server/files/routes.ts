import { contract } from '../platform/http/contract.ts';
import { UploadLimitsSchema, UploadedSchema, staffFileSchema } from '../../shared/files/responses.ts';
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody, readParam } from '../platform/http/envelope.ts';
import { readUpload } from '../platform/http/uploads.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  contentDisposition,
  fileForDownload,
  maxBytes,
  staffFile,
  publicMedia,
  storeFile,
  type FileKind,
  type OrderFiles,
  uploadLimit,
} from './index.ts';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT, type UploadLimits } from '../../shared/orders/demand.ts';

/** Customer uploads (upload4file, upload4pic) and downloads under /api/auth/file/*. */
const UPLOAD_FIELDS = {
  file: '文件',
  rid: '所属订单编号（可选）',
  kind: 'protocol：签署后的委托协议（可选）',
};

/** A private file as a download: never cached, never sniffed. */
const sendFile = (c: Context<ApiEnv>, f: { name: string; mime: string; bytes: Uint8Array }) =>
  c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': f.mime,
    'content-disposition': contentDisposition(f.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });

export function fileRoutes(orders: OrderFiles) {
  const r = new Hono<ApiEnv>();

  const upload = (kind: 'attachment' | 'pic') => async (c: Context<ApiEnv>) => {
    const me = requireUser(c);
    const { file, name, fields } = await readUpload(c);
    // An attachment may name its order (rid) and be the signed agreement (kind=protocol).
    const orderId = fields.rid ? await orders.orderForUpload(c.var.services, me.id, fields.rid) : null;
    const fileKind: FileKind = kind === 'attachment' && fields.kind === 'protocol' ? 'protocol' : kind;
    const stored = await storeFile(c.var.services, {
      ownerId: me.id,
      uploaderId: me.id,
      ...(orderId === null ? { orderId } : { orderId, recordUpload: orders.recordUpload }),
      kind: fileKind,
      name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return ok(c, { ...stored, url: `/api/auth/file/download/${stored.rid}` }, '上传成功');
  };

  r.post('/file/limits', contract({ response: UploadLimitsSchema }), (c) => {
    requireUser(c);
    const limits: UploadLimits = {
      file_max_bytes: maxBytes(c.var.services, 'attachment'),
      pic_max_bytes: maxBytes(c.var.services, 'pic'),
      types_text: UPLOAD_TYPES_TEXT,
      accept: UPLOAD_ACCEPT,
    };
    return ok(c, limits);
  });

  r.post(
    '/file/upload4file',
    contract({ multipart: UPLOAD_FIELDS, response: UploadedSchema }),
    uploadLimit('attachment'),
    upload('attachment'),
  );
  r.post(
    '/file/upload4pic',
    contract({ multipart: UPLOAD_FIELDS, response: UploadedSchema }),
    uploadLimit('pic'),
    upload('pic'),
  );

  const send = (thumb: boolean) => async (c: Context<ApiEnv>) => {
    const me = requireUser(c);
    const rid = readParam(c, 'rid');
    return sendFile(c, await fileForDownload(c.var.services, orders, me.id, rid, thumb));
  };
  r.get(
    '/file/download/:rid',
    contract({ produces: 'the file (Content-Disposition: attachment)' }),
    send(false),
  );
  // A receipt photo's thumbnail (WebP, at most 320 px a side); other files answer themselves.
  r.get('/file/thumb/:rid', contract({ produces: 'a small WebP of the picture' }), send(true));

  return r;
}

/** Public pictures staff uploaded for the catalogue, under /api/open/media/* (anyone may read). */
export function mediaOpenRoutes() {
  const r = new Hono<ApiEnv>();
  r.get('/media/:rid', contract({ produces: 'the picture' }), async (c) => {
    const f = await publicMedia(c.var.services, readParam(c, 'rid'));
    // A picture never changes under its id: browsers and CDNs keep it.
    return c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': f.mime,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
  return r;
}

/**
 * Under /api/admin: media/upload (catalogue.edit), a picture for the public pages, answering its url;
 * file/download, any customer file for the console, with the permission of what it belongs to.
 */
export function fileAdminRoutes() {
  const r = new Hono<ApiEnv>();
  // POST with the rid in the body, like invoice/zip: the guard names calls by path.
  r.post(
    '/file/download',
    contract({ body: staffFileSchema, produces: 'the file (Content-Disposition: attachment)' }),
    async (c) => {
      const { rid, thumb } = await readBody(c, staffFileSchema);
      return sendFile(c, await staffFile(c.var.services, c.get('staffRole')!, rid, thumb));
    },
  );
  r.post(
    '/media/upload',
    contract({ multipart: { file: '图片（PNG、JPG、WEBP、GIF）' }, response: UploadedSchema }),
    uploadLimit('media'),
    async (c) => {
      const me = requireUser(c);
      const { file, name } = await readUpload(c);
      const stored = await storeFile(c.var.services, {
        ownerId: me.id,
        uploaderId: me.id,
        orderId: null,
        kind: 'media',
        name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      return ok(c, { ...stored, url: `/api/open/media/${stored.rid}` }, '上传成功');
    },
  );
  return r;
}
