import { Hono, type Context } from 'hono';
import { route } from '../platform/http/route.ts';
import { filesAdminApi, filesApi } from '../../shared/files/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readParam } from '../platform/http/envelope.ts';
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

  route(r, filesApi.limits, (c) => {
    requireUser(c);
    const limits: UploadLimits = {
      file_max_bytes: maxBytes(c.var.services, 'attachment'),
      pic_max_bytes: maxBytes(c.var.services, 'pic'),
      types_text: UPLOAD_TYPES_TEXT,
      accept: UPLOAD_ACCEPT,
    };
    return ok(c, limits);
  });

  r.use(filesApi.uploadFile.path, uploadLimit('attachment'));
  route(r, filesApi.uploadFile, upload('attachment'));
  r.use(filesApi.uploadPic.path, uploadLimit('pic'));
  route(r, filesApi.uploadPic, upload('pic'));

  const send = (thumb: boolean) => async (c: Context<ApiEnv>) => {
    const me = requireUser(c);
    const rid = readParam(c, 'rid');
    return sendFile(c, await fileForDownload(c.var.services, orders, me.id, rid, thumb));
  };
  route(r, filesApi.download, send(false));
  // A receipt photo's thumbnail (WebP, at most 320 px a side); other files answer themselves.
  route(r, filesApi.thumb, send(true));

  return r;
}

/** Public pictures staff uploaded for the catalogue, under /api/open/media/* (anyone may read). */
export function mediaOpenRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, filesApi.media, async (c) => {
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
  route(r, filesAdminApi.download, async (c, input) => {
    const { rid, thumb } = await input.body();
    return sendFile(c, await staffFile(c.var.services, c.get('staffRole')!, rid, thumb));
  });
  r.use(filesAdminApi.mediaUpload.path, uploadLimit('media'));
  route(r, filesAdminApi.mediaUpload, async (c) => {
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
  });
  return r;
}
