import { randomBytes } from 'node:crypto';

import { newRid } from '../platform/ids.ts';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Services } from '../platform/services.ts';
import { uploadLimitOf } from '../platform/http/uploads.ts';
import { files } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { UPLOAD_TYPE_REFUSED } from '../../shared/orders/demand.ts';
import { PICTURE_TYPES, PICTURE_TYPES_REFUSED } from '../../shared/files/pictures.ts';
import { can, type Permission, type Role } from '../../shared/staff/permissions.ts';
import { shanghaiMonth } from '../../shared/time.ts';

export { PICTURE_TYPES_REFUSED };

/**
 * Writes a file's entry on its order's timeline, in the upload's transaction: orders' own
 * `recordUpload`, handed in by the caller (orders imports files, never the reverse).
 */
export type RecordUpload = (
  tx: Tx,
  upload: { orderId: number; kind: FileKind; uploaderId: number; name: string; now: number },
) => Promise<void>;

/** What the customer's file routes need of orders, given by the app that mounts them (app.ts). */
export type OrderFiles = {
  /** The customer's own open order they attach a file to, by its rid; its id. */
  orderForUpload(s: Services, userId: number, rid: string): Promise<number>;
  /** Who an order belongs to. */
  orderOwner(db: Services['db'], orderId: number): Promise<number | undefined>;
  recordUpload: RecordUpload;
};

/**
 * `media`: a picture staff put on the public pages (catalogue items, instruments, areas); anyone reads it.
 * `raw`: an instrument's raw data attached to a result (decision 0075): any format, staff only.
 */
export type FileKind = 'report' | 'protocol' | 'attachment' | 'pic' | 'receipt' | 'media' | 'raw';
const FILE_NOT_FOUND = '文件不存在';
const PIC_MAX_MB = 5;
export const PICTURE_UNREADABLE = '图片无法识别，请重新拍摄或选择其他图片';
/** The longest side of a receipt photo's thumbnail, in pixels (twice the console's 80 px tile, for sharp screens). */
const THUMB_PX = 320;
/** Kinds that must be pictures. */
const PICTURE_KINDS: readonly FileKind[] = ['pic', 'receipt', 'media'];
/** Where a picture's thumbnail lives in storage, beside the picture. */
const thumbKey = (key: string) => `${key}.thumb.webp`;

const PICTURES = new Set(PICTURE_TYPES);
/** Documents people send with a lab order: PDF, Office files, archives, pictures. */
const DOCUMENTS = new Set([
  ...PICTURES,
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb', // .doc / .xls
  'application/zip',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-7z-compressed',
  'image/tiff',
]);

export const maxBytes = (s: Services, kind: FileKind) =>
  (PICTURE_KINDS.includes(kind) ? Math.min(PIC_MAX_MB, s.env.UPLOAD_MAX_MB) : s.env.UPLOAD_MAX_MB) *
  1024 *
  1024;

/** The size limit of an upload route of this kind, counted on the raw request. */
export const uploadLimit = (kind: FileKind) => uploadLimitOf((s) => maxBytes(s, kind));

/**
 * A small WebP of a picture (EXIF orientation applied), or a refusal when the bytes do not decode:
 * a file whose first bytes look like a PNG is not yet a picture.
 */
async function thumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    throw new DomainError(PICTURE_UNREADABLE);
  }
}

/**
 * Instruments export every format (CSV, .xy, vendor binaries): raw data keeps whatever it is,
 * sniffed when the content says, else plain bytes. It is only ever sent back as a download.
 */
async function rawType(bytes: Uint8Array): Promise<{ mime: string; ext: string }> {
  return (await fileTypeFromBuffer(bytes)) ?? { mime: 'application/octet-stream', ext: 'bin' };
}

/** A display name without path parts or control characters, at most 120 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'file').slice(-120);
}

export type Stored = {
  rid: string;
  name: string;
  mime: string;
  size: number;
  kind: FileKind;
  created: string;
};

/**
 * Checks the bytes (size, type sniffed from the content) and stores them under a server-made
 * key. `orderId` attaches the file to an order (already checked by the caller).
 */
export async function storeFile(
  s: Services,
  input: {
    ownerId: number;
    kind: FileKind;
    name: string;
    bytes: Uint8Array;
    uploaderId: number;
  } & ({ orderId: null } | { orderId: number; recordUpload: RecordUpload }),
): Promise<Stored> {
  if (input.bytes.byteLength === 0) throw new DomainError('[文件]不能为空');
  const limit = maxBytes(s, input.kind);
  if (input.bytes.byteLength > limit) throw new DomainError(`文件不能超过${limit / 1024 / 1024}MB`, 413);
  const type = input.kind === 'raw' ? await rawType(input.bytes) : await fileTypeFromBuffer(input.bytes);
  const picture = PICTURE_KINDS.includes(input.kind);
  if (!type || (input.kind !== 'raw' && !(picture ? PICTURES : DOCUMENTS).has(type.mime)))
    throw new DomainError(picture ? PICTURE_TYPES_REFUSED : UPLOAD_TYPE_REFUSED);
  // Receipt photos are looked at as a row of small tiles: they get a thumbnail.
  const thumb = input.kind === 'receipt' ? await thumbnail(input.bytes) : null;
  const now = s.now();
  const key = `${shanghaiMonth(now)}/${randomBytes(16).toString('hex')}.${type.ext}`;
  await s.storage.put(key, input.bytes);
  if (thumb) await s.storage.put(thumbKey(key), thumb);
  const rid = newRid('file');
  const name = cleanName(input.name);
  try {
    await s.db.transaction(async (tx) => {
      await tx.insert(files).values({
        rid,
        ownerId: input.ownerId,
        orderId: input.orderId,
        kind: input.kind,
        storageKey: key,
        originalName: name,
        mime: type.mime,
        size: input.bytes.byteLength,
        createdAt: new Date(now),
      });
      if (input.orderId !== null)
        await input.recordUpload(tx, {
          orderId: input.orderId,
          kind: input.kind,
          uploaderId: input.uploaderId,
          name,
          now,
        });
    });
  } catch (error) {
    await s.storage.delete(key);
    if (thumb) await s.storage.delete(thumbKey(key));
    throw error;
  }
  return {
    rid,
    name,
    mime: type.mime,
    size: input.bytes.byteLength,
    kind: input.kind,
    created: new Date(now).toISOString(),
  };
}

/** A file by its public id. */
async function fileRow(s: Services, rid: string) {
  const [f] = await s.db.select().from(files).where(eq(files.rid, rid));
  if (!f) throw new DomainError(FILE_NOT_FOUND, 200, 'NOT_FOUND');
  return { f };
}

/** A stored file's bytes, or its thumbnail when asked for and it has one. */
async function fileBytes(s: Services, f: typeof files.$inferSelect, thumb: boolean) {
  if (thumb && f.kind === 'receipt') {
    const small = await s.storage.get(thumbKey(f.storageKey));
    if (small) return { name: f.originalName, mime: 'image/webp', bytes: small };
  }
  const bytes = await s.storage.get(f.storageKey);
  if (!bytes) throw new DomainError(FILE_NOT_FOUND, 200, 'NOT_FOUND');
  return { name: f.originalName, mime: f.mime, bytes };
}

/**
 * A file for its customer: its owner or the owner of its order; anyone else, staff included (the
 * console reads files through staffFile), reads "not found".
 * `thumb` asks for a picture's thumbnail (the picture itself when it has none).
 */
export async function fileForDownload(
  s: Services,
  orders: OrderFiles,
  userId: number,
  rid: string,
  thumb = false,
) {
  const row = await fileRow(s, rid);
  const mine =
    row.f.ownerId === userId ||
    (row.f.orderId !== null && (await orders.orderOwner(s.db, row.f.orderId)) === userId);
  if (!mine) throw new DomainError(FILE_NOT_FOUND, 200, 'NOT_FOUND');
  return fileBytes(s, row.f, thumb);
}

/**
 * The permission a staff member needs to read a file: that of what it belongs to. An order's
 * files (reports, agreements, attachments, receipt photos) are the order's; a customer's picture
 * outside an order is a bank-transfer voucher (money); a document outside an order is an invoice's
 * file or material (invoices); public pictures are anyone's.
 */
function staffFilePermission(f: { kind: string; orderId: number | null }): Permission | null {
  if (f.kind === 'media') return null;
  if (
    f.orderId !== null ||
    f.kind === 'receipt' ||
    f.kind === 'report' ||
    f.kind === 'protocol' ||
    f.kind === 'raw'
  )
    return 'orders.read';
  return f.kind === 'pic' ? 'money.read' : 'invoices.read';
}

/** A file for the console (staff session): refused unless the role may read what it belongs to. */
export async function staffFile(s: Services, role: Role, rid: string, thumb = false) {
  const row = await fileRow(s, rid);
  const needed = staffFilePermission(row.f);
  if (needed && !can(role, needed)) throw new DomainError('您的角色无权查看该文件', 403);
  return fileBytes(s, row.f, thumb);
}

/** A public picture (kind media) by its id, for any visitor; nothing else is reachable this way. */
export async function publicMedia(s: Services, rid: string) {
  const [f] = await s.db.select().from(files).where(eq(files.rid, rid));
  const bytes = f?.kind === 'media' ? await s.storage.get(f.storageKey) : null;
  if (!f || !bytes) throw new DomainError(FILE_NOT_FOUND, 404, 'NOT_FOUND');
  return { mime: f.mime, bytes };
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A picture the customer uploaded (upload4pic), named by a form such as a transfer voucher. */
export async function ownPicture(db: Services['db'], userId: number, rid: string, label: string) {
  const [f] = await db.select().from(files).where(eq(files.rid, rid));
  if (!f || f.ownerId !== userId) throw new DomainError(`[${label}]不存在，请重新上传`);
  if (f.kind !== 'pic' || !PICTURES.has(f.mime)) throw new DomainError(`[${label}]必须是图片`);
  return { rid: f.rid, name: f.originalName };
}

// What orders does with its customers' files: named here, since files owns the table (decision 0060).

/** A customer's uploads for a quote request still on no order, locked until the caller's transaction ends. */
export async function lockFreeAttachments(tx: Tx, ownerId: number, rids: string[]) {
  return tx
    .select({ id: files.id, originalName: files.originalName })
    .from(files)
    .where(
      and(
        inArray(files.rid, rids),
        eq(files.ownerId, ownerId),
        eq(files.kind, 'attachment'),
        isNull(files.orderId),
      ),
    )
    .for('update');
}

/** The named files, locked until the caller's transaction ends. */
export async function lockFilesByRid(tx: Tx, rids: string[]) {
  return tx.select().from(files).where(inArray(files.rid, rids)).for('update');
}

/** One of the owner's files by its public id, if it is theirs. */
export async function findOwnFile(tx: Tx, ownerId: number, rid: string) {
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.rid, rid), eq(files.ownerId, ownerId)));
  return file;
}

/** Puts files on an order (the caller checked they are its customer's and free). */
export async function attachFilesToOrder(tx: Tx, fileIds: number[], orderId: number) {
  await tx.update(files).set({ orderId }).where(inArray(files.id, fileIds));
}

/**
 * Makes a file the order's signed agreement, only if it is still on no order or already on this
 * one: of two requests racing to attach it to two orders, one wins. True when this one did.
 */
export async function claimAsProtocol(tx: Tx, fileId: number, orderId: number): Promise<boolean> {
  const attached = await tx
    .update(files)
    .set({ orderId, kind: 'protocol' })
    .where(and(eq(files.id, fileId), or(isNull(files.orderId), eq(files.orderId, orderId))))
    .returning({ id: files.id });
  return attached.length > 0;
}

/** The files a user uploaded or that belong to their orders, for the data export (privacy, decision 0044). */
export async function filesOfPerson(db: Services['db'], userId: number, orderIds: number[]) {
  return db
    .select()
    .from(files)
    .where(
      orderIds.length
        ? or(eq(files.ownerId, userId), inArray(files.orderId, orderIds))
        : eq(files.ownerId, userId),
    );
}

/** An order's files, oldest first, without its receipt photos (listed with their receipt). */
export async function filesOnOrder(db: Services['db'], orderId: number) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.orderId, orderId), ne(files.kind, 'receipt')))
    .orderBy(files.id);
}

/** The named photos that are on the order: rid, name, type and size. */
export async function photosOnOrder(db: Services['db'], orderId: number, rids: string[]) {
  return db
    .select({ rid: files.rid, name: files.originalName, mime: files.mime, size: files.size })
    .from(files)
    .where(and(inArray(files.rid, rids), eq(files.orderId, orderId)));
}

/** The files with these public ids (an invoice application's uploads, a tax invoice's file). */
export async function filesByRid(db: Services['db'] | Tx, rids: string[]) {
  return db.select().from(files).where(inArray(files.rid, rids));
}

/** The files of these kinds on these orders (their reports, their signed agreements). */
export async function filesOnOrders(db: Services['db'] | Tx, orderIds: number[], kinds: FileKind[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(inArray(files.orderId, orderIds), inArray(files.kind, kinds)));
}
