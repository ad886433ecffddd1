// A report's versions (issue 31, decision 0077): release issues the order's next version (the
// original, then A1, A2…), built by the caller's function with the number, 防伪码 and QR link
// fixed here; the signed PDF goes to the file store with its SHA-256, the document is frozen,
// the version before is marked 已被替换, the customer is told at once. Revoke withdraws a valid
// version with its reason. The database keeps every version (no edit, no delete).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { displayNameOf, referencedUser, userDirectory } from '../accounts/index.ts';
import { deliverOnRelease, orderDirectory, registerReleasedReport } from '../orders/index.ts';
import { CHANNELS, queueNotification, type NotifyPayload } from '../notify/index.ts';
import { reports, reportVersions } from './tables.ts';
import type { ReportBuild } from './versions-builder.ts';
import { shanghaiDate, shanghaiMonth } from '../../shared/time.ts';
import { CODE_ALPHABET, reportBaseNo, sha256Hex, versionReportNo } from '../../shared/reports/verify.ts';
import {
  REASON_NEEDED,
  REPORT_NOT_FOUND,
  RETENTION_YEARS,
  REVOKE_REASON_NEEDED,
  VERSION_STATUS_TEXT,
  type ReportVersion,
  type StaffReportVersion,
  versionSummary,
} from '../../shared/reports/versions.ts';

type VersionRow = typeof reportVersions.$inferSelect;

/** A fresh 防伪码: 40 random bits as 8 Crockford base32 characters. */
export function newReportCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = 0; i < 8; i++) code = CODE_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)] + code;
  return code;
}

/** What is stored to check a code: SHA-256 of the number and the code (the code itself is not kept). */
export const codeHashOf = (reportNo: string, code: string) =>
  createHash('sha256').update(`${reportNo}:${code}`).digest('hex');

/** The last day a version issued on `issuedOn` (YYYY-MM-DD) must be kept; 29 Feb keeps to 28 Feb. */
function retainUntil(issuedOn: string): string {
  const [y, m, d] = issuedOn.split('-');
  return `${Number(y) + RETENTION_YEARS}-${m}-${m === '02' && d === '29' ? '28' : d}`;
}

/** Where the QR code of a version points. */
const verifyUrl = (s: Services, reportNo: string, code?: string) =>
  `${s.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/verify?r=${encodeURIComponent(reportNo)}${code ? `&c=${code}` : ''}`;

const order = orderDirectory('report_order');
const approver = userDirectory('report_approver');
const revoker = userDirectory('report_revoker');

type ReportOrder = { id: number; rid: string; orderNo: string; userId: number; status: string };

async function orderById(db: Db | Tx, orderId: number): Promise<ReportOrder> {
  const [row] = await db
    .select({
      id: order.id,
      rid: order.rid,
      orderNo: order.orderNo,
      userId: order.userId,
      status: order.status,
    })
    .from(order)
    .where(eq(order.id, orderId));
  if (!row) throw new DomainError('订单不存在', 200, 'NOT_FOUND');
  return row;
}

/** The latest version of an order's report, if any. */
async function latestOf(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select({ v: reportVersions })
    .from(reportVersions)
    .innerJoin(reports, eq(reports.id, reportVersions.reportId))
    .where(eq(reports.orderId, orderId))
    .orderBy(desc(reportVersions.version))
    .limit(1);
  return row?.v;
}

// 出具数据 by hand needs a valid released version (decision 0081): orders ask through this.
registerReleasedReport(async (db, orderId) => {
  const [row] = await db
    .select({ id: reportVersions.id })
    .from(reportVersions)
    .innerJoin(reports, eq(reports.id, reportVersions.reportId))
    .where(and(eq(reports.orderId, orderId), eq(reportVersions.status, 'valid')))
    .limit(1);
  return row !== undefined;
});

/** The refusal when the report is not where the caller saw it (another release came first). */
function conflict(current: VersionRow | undefined): DomainError {
  return new DomainError(
    current
      ? `报告已有新的版本 ${current.reportNo}（${VERSION_STATUS_TEXT[current.status]}），请刷新后再操作`
      : '所选报告版本不存在，请刷新后再操作',
    200,
    'CONFLICT',
  );
}

/** Queues the customer's message about a version (SMS, e-mail when they have one, the inbox). */
async function tellCustomer(
  tx: Tx,
  o: ReportOrder,
  template: NotifyPayload['template'],
  note: string,
  key: string,
  now: number,
): Promise<void> {
  const user = await referencedUser(tx, o.userId);
  await queueNotification(tx, {
    channels: CHANNELS[template].filter((c) => c !== 'email' || Boolean(user?.email)),
    userId: o.userId,
    orderId: o.id,
    eventId: 0,
    key,
    template,
    vars: { order_no: o.orderNo, order_rid: o.rid, amount_fen: '0', note, recycle: '0' },
    now,
  });
}

export type ReleaseInput = {
  orderId: number;
  approverId: number;
  /** The version the caller saw as the latest (its rid), or null for the first issue. */
  replaces: string | null;
  /** Why the revision is issued; required for every version after the original. */
  reason?: string;
  build: ReportBuild;
};

/**
 * Issues the order's next version. The number, 防伪码 and QR link are fixed first and the build
 * runs outside any transaction (rendering and signing take a while, and may read the database);
 * then, under the report row's lock, the version is written only if the report is still where the
 * caller saw it. Two staff releasing at once: one version; the other is told who came first.
 */
export async function releaseReport(
  s: Services,
  input: ReleaseInput,
): Promise<StaffReportVersion & { code: string }> {
  const o = await orderById(s.db, input.orderId);
  if (o.status === 'cancelled') throw new DomainError('订单已取消，不能签发报告');
  const reason = (input.reason ?? '').trim();
  const seen = await latestOf(s.db, o.id);
  if ((seen?.rid ?? null) !== input.replaces) throw conflict(seen);
  const version = seen ? seen.version + 1 : 0;
  if (version > 0 && !reason) throw new DomainError(REASON_NEEDED);

  const base = reportBaseNo(o.orderNo);
  const reportNo = versionReportNo(base, version);
  const code = newReportCode();
  const built = await input.build({
    report_no: reportNo,
    code,
    verify_url: verifyUrl(s, reportNo, code),
    version,
    revision: seen ? { replaces: seen.reportNo, reason } : null,
  });
  if (built.doc.report_no !== reportNo || built.doc.code !== code)
    throw new Error(`report build: the document says ${built.doc.report_no}, not ${reportNo} with its code`);
  if (Buffer.from(built.pdf.subarray(0, 5)).toString('latin1') !== '%PDF-')
    throw new Error('report build: the answer is not a PDF');

  const now = s.now();
  const issuedAt = new Date(now);
  const sha256 = await sha256Hex(built.pdf as Uint8Array<ArrayBuffer>);
  const key = `reports/${shanghaiMonth(now)}/${randomBytes(16).toString('hex')}.pdf`;
  await s.storage.put(key, built.pdf);
  try {
    const rid = await s.db.transaction(async (tx) => {
      await tx
        .insert(reports)
        .values({ orderId: o.id, baseNo: base, createdAt: issuedAt })
        .onConflictDoNothing();
      const [report] = await tx.select().from(reports).where(eq(reports.orderId, o.id)).for('update');
      const current = await latestOf(tx, o.id);
      if ((current?.rid ?? null) !== input.replaces || (current ? current.version + 1 : 0) !== version)
        throw conflict(current);
      const rid = newRid('reportVersion');
      await tx.insert(reportVersions).values({
        rid,
        reportId: report.id,
        version,
        reportNo,
        codeHash: codeHashOf(reportNo, code),
        changeReason: version > 0 ? reason : '',
        // The code and the QR link are the holder's key to /verify: not kept in the copy.
        document: { ...built.doc, code: '', verify_url: verifyUrl(s, reportNo) },
        summary: versionSummary(built.doc),
        pdfKey: key,
        pdfSha256: sha256,
        pdfSize: built.pdf.byteLength,
        approverId: input.approverId,
        issuedAt,
        retainUntil: retainUntil(shanghaiDate(issuedAt)),
      });
      if (current?.status === 'valid')
        await tx
          .update(reportVersions)
          .set({ status: 'superseded', replacedByVersion: version })
          .where(eq(reportVersions.id, current.id));
      // The first version of an order in 检测中 is its data delivered (decision 0080): the
      // customer hears 检测数据已出具 once, not that and 报告已签发 as well.
      const delivered =
        version === 0 &&
        (await deliverOnRelease(tx, o.id, input.approverId, `检测报告 ${reportNo} 已签发`, now));
      if (!delivered)
        await tellCustomer(
          tx,
          o,
          version === 0 ? 'report_issued' : 'report_revised',
          version === 0 ? reportNo : `${reportNo}（原因：${reason}）`,
          `report:${rid}`,
          now,
        );
      return rid;
    });
    return { ...(await staffVersion(s.db, rid)), code };
  } catch (error) {
    await s.storage.delete(key);
    throw error;
  }
}

/** Withdraws a valid version: its reason, who and when; the customer is told at once. */
export async function revokeReport(
  s: Services,
  staffId: number,
  versionRid: string,
  reason: string,
): Promise<StaffReportVersion> {
  const why = reason.trim();
  if (!why) throw new DomainError(REVOKE_REASON_NEEDED);
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ v: reportVersions, orderId: reports.orderId })
      .from(reportVersions)
      .innerJoin(reports, eq(reports.id, reportVersions.reportId))
      .where(eq(reportVersions.rid, versionRid));
    if (!found) throw new DomainError(REPORT_NOT_FOUND, 200, 'NOT_FOUND');
    // The report's lock, as release takes it: a revoke and a revision of one report take turns.
    await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, found.v.reportId)).for('update');
    const [v] = await tx.select().from(reportVersions).where(eq(reportVersions.id, found.v.id));
    if (v.status !== 'valid')
      throw new DomainError(`报告 ${v.reportNo} ${VERSION_STATUS_TEXT[v.status]}，不能撤销`);
    await tx
      .update(reportVersions)
      .set({ status: 'revoked', revokeReason: why, revokedBy: staffId, revokedAt: new Date(now) })
      .where(eq(reportVersions.id, v.id));
    const o = await orderById(tx, found.orderId);
    await tellCustomer(
      tx,
      o,
      'report_revoked',
      `${v.reportNo}（原因：${why}）`,
      `report:${v.rid}:revoked`,
      now,
    );
  });
  return staffVersion(s.db, versionRid);
}

const versionColumns = {
  v: reportVersions,
  base: reports.baseNo,
  approver: sql<string>`coalesce(${displayNameOf(approver)}, '')`,
  revoker: sql<string | null>`${displayNameOf(revoker)}`,
};

function toVersion(v: VersionRow, replacedBy: string | null): ReportVersion {
  return {
    rid: v.rid,
    report_no: v.reportNo,
    version: v.version,
    status: v.status,
    status_text: VERSION_STATUS_TEXT[v.status],
    issued_at: v.issuedAt.toISOString(),
    sha256: v.pdfSha256,
    replaced_by: replacedBy,
    revoke_reason: v.revokeReason,
    change_reason: v.changeReason,
  };
}

type VersionJoin = { v: VersionRow; base: string; approver: string; revoker: string | null };

function toStaffVersion(r: VersionJoin): StaffReportVersion {
  const replacedBy = r.v.replacedByVersion === null ? null : versionReportNo(r.base, r.v.replacedByVersion);
  return {
    ...toVersion(r.v, replacedBy),
    approver: r.approver,
    revoked_by: r.v.revokedBy === null ? null : (r.revoker ?? ''),
    revoked_at: r.v.revokedAt?.toISOString() ?? null,
    retain_until: r.v.retainUntil,
    size: r.v.pdfSize,
  };
}

const joined = (db: Db | Tx) =>
  db
    .select(versionColumns)
    .from(reportVersions)
    .innerJoin(reports, eq(reports.id, reportVersions.reportId))
    .innerJoin(approver, eq(approver.id, reportVersions.approverId))
    .leftJoin(revoker, eq(revoker.id, reportVersions.revokedBy));

async function staffVersion(db: Db | Tx, rid: string): Promise<StaffReportVersion> {
  const [row] = await joined(db).where(eq(reportVersions.rid, rid));
  return toStaffVersion(row);
}

/** An order's versions, newest first, as the console lists them (one statement). */
export async function staffVersionsOf(db: Db | Tx, orderId: number): Promise<StaffReportVersion[]> {
  const rows = await joined(db).where(eq(reports.orderId, orderId)).orderBy(desc(reportVersions.version));
  return rows.map(toStaffVersion);
}

/** An order's versions, newest first, as the customer's order page lists them. */
export async function versionsOf(db: Db | Tx, orderId: number): Promise<ReportVersion[]> {
  const rows = await db
    .select({ v: reportVersions, base: reports.baseNo })
    .from(reportVersions)
    .innerJoin(reports, eq(reports.id, reportVersions.reportId))
    .where(eq(reports.orderId, orderId))
    .orderBy(desc(reportVersions.version));
  return rows.map((r) =>
    toVersion(r.v, r.v.replacedByVersion === null ? null : versionReportNo(r.base, r.v.replacedByVersion)),
  );
}

/** The order's report number, once a version has been issued. */
export async function baseNoOf(db: Db | Tx, orderId: number): Promise<string | null> {
  const [row] = await db.select({ base: reports.baseNo }).from(reports).where(eq(reports.orderId, orderId));
  return row?.base ?? null;
}

/**
 * One version's signed PDF: for the customer (`userId`) only of their own order, and not once
 * revoked (it may be another order's file); staff any. Anything else reads as not found.
 */
export async function versionPdf(
  s: Services,
  versionRid: string,
  userId?: number,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const [row] = await s.db
    .select({ v: reportVersions, owner: order.userId })
    .from(reportVersions)
    .innerJoin(reports, eq(reports.id, reportVersions.reportId))
    .innerJoin(order, eq(order.id, reports.orderId))
    .where(
      and(eq(reportVersions.rid, versionRid), userId === undefined ? undefined : eq(order.userId, userId)),
    );
  if (!row) throw new DomainError(REPORT_NOT_FOUND, 404, 'NOT_FOUND');
  if (userId !== undefined && row.v.status === 'revoked')
    throw new DomainError(`报告 ${row.v.reportNo} 已撤销，不能下载`, 200, 'REFUSED');
  const bytes = await s.storage.get(row.v.pdfKey);
  if (!bytes) throw new DomainError('报告文件无法读取，请联系客服', 404, 'NOT_FOUND');
  return { bytes, filename: `检测报告-${row.v.reportNo}.pdf` };
}

/**
 * The valid signed report of each of these orders (revoked and replaced versions left out), as a
 * finance office's reimbursement package takes them.
 */
export async function validReportPdfs(
  s: Services,
  orderIds: readonly number[],
): Promise<{ orderId: number; filename: string; bytes: Uint8Array }[]> {
  if (orderIds.length === 0) return [];
  const rows = await s.db
    .select({ orderId: reports.orderId, reportNo: reportVersions.reportNo, key: reportVersions.pdfKey })
    .from(reportVersions)
    .innerJoin(reports, eq(reports.id, reportVersions.reportId))
    .where(and(inArray(reports.orderId, [...orderIds]), eq(reportVersions.status, 'valid')))
    .orderBy(reports.orderId, reportVersions.version);
  const found = [];
  for (const r of rows) {
    const bytes = await s.storage.get(r.key);
    if (bytes) found.push({ orderId: r.orderId, filename: `检测报告-${r.reportNo}.pdf`, bytes });
  }
  return found;
}
