// The report template (issue 31, decision 0076): read with its defaults, saved whole by an editor
// or administrator, its pictures stored as media files (converted to PNG, which a PDF embeds), its
// signatories checked to be current staff. The release flow reads it through reportTemplate() and
// templateArt(); only its signatories may approve a release.
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import { staffDirectory } from '../staff/index.ts';
import { filesByRid, publicMedia, storeFile, PICTURE_UNREADABLE } from '../files/index.ts';
import { reportTemplate as templates } from './template-tables.ts';
import type { ReportArt } from './render.ts';
import { PICTURE_TYPES, PICTURE_TYPES_REFUSED } from '../../shared/files/pictures.ts';
import {
  DEFAULT_REPORT_TITLE,
  DEFAULT_STATEMENTS,
  type ReportTemplate,
  type Signatory,
} from '../../shared/reports/template.ts';
import type { z } from '../../shared/zod.ts';
import type { templateSaveSchema } from '../../shared/reports/template.ts';

const ROW = 'default';
/** The longest side a logo or seal is kept at: sharp at 300 dpi for a 4 cm seal. */
const PICTURE_PX = 1000;
const mediaUrl = (rid: string | null) => (rid ? `/api/open/media/${rid}` : null);

type Row = typeof templates.$inferSelect;

const toTemplate = (row: Row | undefined): ReportTemplate =>
  row
    ? {
        lab_name: row.labName,
        address: row.address,
        phone: row.phone,
        accreditation: row.accreditation,
        title: row.title,
        logo_rid: row.logoRid,
        seal_rid: row.sealRid,
        logo_url: mediaUrl(row.logoRid),
        seal_url: mediaUrl(row.sealRid),
        statements: row.statements,
        signatories: row.signatories,
        updated: row.updatedAt.toISOString(),
      }
    : {
        lab_name: '',
        address: '',
        phone: '',
        accreditation: '',
        title: DEFAULT_REPORT_TITLE,
        logo_rid: null,
        seal_rid: null,
        logo_url: null,
        seal_url: null,
        statements: DEFAULT_STATEMENTS,
        signatories: [],
        updated: null,
      };

/** @public The template as saved, or its defaults (no lab name yet: the release check refuses such a report). */
export async function reportTemplate(db: Db | Tx): Promise<ReportTemplate> {
  const [row] = await db.select().from(templates).where(eq(templates.id, ROW));
  return toTemplate(row);
}

/** @public The template's logo and seal bytes (PNG or JPEG), for the renderer; a picture gone is left out. */
export async function templateArt(
  s: Services,
  t: Pick<ReportTemplate, 'logo_rid' | 'seal_rid'>,
): Promise<ReportArt> {
  const read = async (rid: string | null) => {
    if (!rid) return undefined;
    const file = await publicMedia(s, rid).catch(() => null);
    if (!file) return undefined;
    if (file.mime === 'image/png' || file.mime === 'image/jpeg') return file.bytes;
    return new Uint8Array(await sharp(file.bytes).png().toBuffer());
  };
  const [logo, seal] = await Promise.all([read(t.logo_rid), read(t.seal_rid)]);
  return { logo, seal };
}

/** Staff who may be named signatories: every current staff member, by name. */
export async function signatoryCandidates(db: Db) {
  const staff = staffDirectory('staff');
  const person = userDirectory('person');
  const rows = await db
    .select({ staff_rid: person.rid, name: displayNameOf(person), phone: person.phone, role: staff.role })
    .from(staff)
    .innerJoin(person, eq(person.id, staff.userId))
    .orderBy(person.id);
  return rows.map((r) => ({ ...r, phone: r.phone ?? '' }));
}

/** Saves the whole template; pictures must be media files, signatories current staff. */
export async function saveTemplate(
  s: Services,
  by: number,
  input: z.output<typeof templateSaveSchema>,
): Promise<ReportTemplate> {
  const rids = [input.logo_rid, input.seal_rid].filter((r): r is string => Boolean(r));
  const found = new Map((await filesByRid(s.db, rids)).map((f) => [f.rid, f]));
  for (const [rid, label] of [
    [input.logo_rid, '标志图片'],
    [input.seal_rid, '印章图片'],
  ] as const)
    if (rid && found.get(rid)?.kind !== 'media') throw new DomainError(`[${label}]不存在，请重新上传`);
  if (input.signatories.length > 0) {
    const staff = await signatoryCandidates(s.db);
    const current = new Set(staff.map((m) => m.staff_rid));
    const gone = input.signatories.find((m) => !current.has(m.staff_rid));
    if (gone) throw new DomainError(`授权签字人「${gone.name}」不是在职员工，请重新选择`);
  }
  const values = {
    labName: input.lab_name,
    address: input.address,
    phone: input.phone,
    accreditation: input.accreditation,
    title: input.title,
    logoRid: input.logo_rid ?? null,
    sealRid: input.seal_rid ?? null,
    statements: input.statements,
    signatories: input.signatories,
    updatedBy: by,
    updatedAt: new Date(s.now()),
  };
  const [row] = await s.db
    .insert(templates)
    .values({ id: ROW, ...values })
    .onConflictDoUpdate({ target: templates.id, set: values })
    .returning();
  return toTemplate(row);
}

/**
 * A logo or seal picture, checked (PNG, JPEG, WebP or GIF by its bytes), turned upright, made
 * at most 1000 px and stored as a PNG (transparency kept: a seal prints over the text) media file.
 */
export async function storeTemplatePicture(s: Services, by: number, name: string, bytes: Uint8Array) {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !PICTURE_TYPES.includes(type.mime)) throw new DomainError(PICTURE_TYPES_REFUSED);
  let png: Uint8Array;
  try {
    png = new Uint8Array(
      await sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(PICTURE_PX, PICTURE_PX, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer(),
    );
  } catch {
    throw new DomainError(PICTURE_UNREADABLE);
  }
  const stored = await storeFile(s, {
    ownerId: by,
    uploaderId: by,
    orderId: null,
    kind: 'media',
    name: name.replace(/\.[^.]*$/, '') + '.png',
    bytes: png,
  });
  return { rid: stored.rid, url: mediaUrl(stored.rid)! };
}

/**
 * @public The authorised signatory a staff account is on the template, or null: only they may approve a
 * release, and the report prints the name and title given here.
 */
export async function findSignatory(db: Db | Tx, staffRid: string): Promise<Signatory | null> {
  const t = await reportTemplate(db);
  return t.signatories.find((m) => m.staff_rid === staffRid) ?? null;
}
