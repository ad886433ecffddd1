// Report exports (issue 35, decision 0099): the revenue report's detail — one row per order
// movement of a range, with its order, customer and parts — can run to 100,000 rows, more than a
// request should hold. A staff member asks for it; a background job writes the workbook to the
// file store a page of rows at a time; the console lists the requester's exports and downloads
// each once done. Files and rows older than EXPORT_KEEP_DAYS go when the same person asks again.
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Services } from '../platform/services.ts';
import type { Job } from '../platform/jobs.ts';
import { enqueue } from '../platform/jobs.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { orderMovementsBetween } from '../money/index.ts';
import { orderDirectory, orderLineDirectory } from '../orders/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { groupDirectory } from '../groups/index.ts';
import { reportExports } from './tables.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { fenToYuan } from '../../shared/money.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { CUSTOMER_KIND_TEXT, NO_GROUP, REVENUE_FIGURE_TEXT } from '../../shared/analytics/revenue.ts';
import {
  EXPORT_KEEP_DAYS,
  EXPORT_KIND_TEXT,
  EXPORT_STATUS_TEXT,
  REVENUE_DETAIL_COLUMNS,
  type Export,
  type ExportKind,
} from '../../shared/analytics/exports.ts';

export const ANALYTICS_EXPORT = 'analytics.export';
/** Rows read per statement while writing: memory stays flat however long the range. */
const PAGE = 5_000;
const EXPORT_NOT_FOUND = '导出记录不存在';

type Row = typeof reportExports.$inferSelect;

const toExport = (r: Row): Export => ({
  rid: r.rid,
  kind: r.kind,
  kind_text: EXPORT_KIND_TEXT[r.kind],
  from: r.params.from,
  to: r.params.to,
  status: r.status,
  status_text: EXPORT_STATUS_TEXT[r.status],
  rows: r.rows,
  filename: filenameOf(r),
  error: r.error,
  created: r.createdAt.toISOString(),
  finished: r.finishedAt?.toISOString() ?? null,
});

const filenameOf = (r: Row) => `${EXPORT_KIND_TEXT[r.kind]}-${r.params.from}至${r.params.to}.xlsx`;

/** Asks for an export: a queued row and its job, in one transaction. */
export async function requestExport(
  s: Services,
  by: number,
  q: { kind: ExportKind; from: string; to: string },
): Promise<Export> {
  const now = s.now();
  await pruneExports(s, by);
  return s.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportExports)
      .values({
        rid: newRid('reportExport'),
        kind: q.kind,
        params: { from: q.from, to: q.to },
        requestedBy: by,
        createdAt: new Date(now),
      })
      .returning();
    await enqueue(
      tx,
      [{ kind: ANALYTICS_EXPORT, payload: { rid: row.rid }, uniqueKey: `export:${row.rid}`, runAt: now }],
      now,
    );
    return toExport(row);
  });
}

/** The requester's exports, newest first. */
export async function listExports(s: Services, by: number): Promise<{ list: Export[] }> {
  const rows = await s.db
    .select()
    .from(reportExports)
    .where(eq(reportExports.requestedBy, by))
    .orderBy(desc(reportExports.id))
    .limit(20);
  return { list: rows.map(toExport) };
}

/** A finished export's file, for the person who asked for it. */
export async function exportFile(
  s: Services,
  by: number,
  rid: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const [row] = await s.db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.rid, rid), eq(reportExports.requestedBy, by)));
  if (!row) throw new DomainError(EXPORT_NOT_FOUND, 404, 'NOT_FOUND');
  if (row.status !== 'done' || !row.fileKey) throw new DomainError('明细尚未生成完成，请稍后再下载');
  const bytes = await s.storage.get(row.fileKey);
  if (!bytes) throw new DomainError('导出文件已过期，请重新生成', 404, 'NOT_FOUND');
  return { bytes, filename: filenameOf(row) };
}

/** The requester's exports past their keeping, files first. */
async function pruneExports(s: Services, by: number): Promise<void> {
  const before = new Date(s.now() - EXPORT_KEEP_DAYS * 86_400_000);
  const old = await s.db
    .select({ id: reportExports.id, key: reportExports.fileKey })
    .from(reportExports)
    .where(and(eq(reportExports.requestedBy, by), lt(reportExports.createdAt, before)));
  for (const r of old) {
    if (r.key) await s.storage.delete(r.key);
    await s.db.delete(reportExports).where(eq(reportExports.id, r.id));
  }
}

/** The job: writes the workbook, then marks the export done (or failed, with the reason). */
export async function runExport(s: Services, job: Job): Promise<void> {
  const [row] = await s.db
    .select()
    .from(reportExports)
    .where(eq(reportExports.rid, String(job.payload.rid)));
  if (!row || row.status !== 'queued') return;
  try {
    const { bytes, rows } = await revenueDetail(s, row.params.from, row.params.to);
    // Keys are lower-case (the local store's rule): the export's number, not its rid.
    const key = `exports/${row.params.from.slice(0, 7)}/${row.id}-${randomBytes(8).toString('hex')}.xlsx`;
    await s.storage.put(key, bytes);
    await s.db
      .update(reportExports)
      .set({ status: 'done', fileKey: key, rows, finishedAt: new Date(s.now()) })
      .where(eq(reportExports.id, row.id));
  } catch (error) {
    console.warn('[exports] failed:', (error as Error).message);
    await s.db
      .update(reportExports)
      .set({ status: 'failed', error: '生成失败，请重新生成', finishedAt: new Date(s.now()) })
      .where(eq(reportExports.id, row.id));
  }
}

const yuan = (fen: number) => Number(fenToYuan(fen));

/**
 * Every order movement made in [from, to] (Shanghai days), oldest first: its order, customer,
 * items, the group that paid and the customer's promoter, and its parts in yuan. The same
 * movements the revenue report sums, so the sheet's columns add up to the report's total.
 */
async function revenueDetail(
  s: Services,
  from: string,
  to: string,
): Promise<{ bytes: Uint8Array; rows: number }> {
  const m = orderMovementsBetween(shanghaiMidnight(from)!, shanghaiMidnight(addDays(to, 1))!);
  const o = orderDirectory('o');
  const u = userDirectory('u');
  const p = userDirectory('p');
  const g = groupDirectory('g');
  const l = orderLineDirectory('l');
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => sink.on('end', resolve).on('error', reject));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const ws = wb.addWorksheet(`营收明细 ${from}至${to}`);
  ws.columns = REVENUE_DETAIL_COLUMNS.map(([key, header]) => ({
    key,
    header,
    width: key === 'items' ? 30 : key === 'at' ? 20 : 14,
  }));
  ws.getRow(1).font = { bold: true };
  let written = 0;
  for (let last = 0; ;) {
    const page = await s.db
      .select({
        id: m.transferId,
        at: m.at,
        kind: m.kind,
        orderNo: o.orderNo,
        customerKind: o.customerKind,
        name: u.name,
        phone: u.phone,
        company: u.company,
        group: g.name,
        promoter: sql<string | null>`coalesce(nullif(${p.name}, ''), ${p.phone})`,
        items: sql<
          string | null
        >`(select string_agg(${l.name}, '、' order by ${l.id}) from ${l} where ${l.orderId} = ${m.orderId})`,
        net: m.revenue,
        cash: m.cash,
        bonus: m.bonus,
        coupon: m.coupon,
        credit: m.credit,
      })
      .from(m)
      .innerJoin(o, eq(o.id, m.orderId))
      .innerJoin(u, eq(u.id, o.userId))
      .leftJoin(p, eq(p.id, u.inviterId))
      .leftJoin(g, and(sql`${m.payerKind} = 'group'`, eq(g.id, m.payerId)))
      .where(gt(m.transferId, last))
      .orderBy(asc(m.transferId))
      .limit(PAGE);
    for (const r of page)
      ws.addRow({
        at: `${shanghaiDate(r.at.getTime())} ${r.at.toLocaleTimeString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}`,
        order_no: r.orderNo,
        kind: KIND_TEXT[r.kind] ?? r.kind,
        customer: r.name || r.phone,
        phone: r.phone,
        organisation: String(r.company ?? '').trim(),
        customer_kind: CUSTOMER_KIND_TEXT[r.customerKind] ?? r.customerKind,
        items: r.items ?? '',
        group: r.group ?? NO_GROUP,
        promoter: r.promoter ?? '',
        net: yuan(r.net),
        cash: yuan(r.cash),
        bonus: yuan(r.bonus),
        coupon: yuan(r.coupon),
        credit: yuan(r.credit),
      }).commit();
    written += page.length;
    if (page.length < PAGE) break;
    last = page[page.length - 1].id;
  }
  await wb.commit();
  await done;
  return { bytes: new Uint8Array(Buffer.concat(chunks)), rows: written };
}

/** A movement's kind as the report's columns name it. */
const KIND_TEXT: Record<string, string> = {
  payment: REVENUE_FIGURE_TEXT.paid_fen,
  price_payment: REVENUE_FIGURE_TEXT.price_paid_fen,
  price_refund: REVENUE_FIGURE_TEXT.price_refunded_fen,
  refund: REVENUE_FIGURE_TEXT.refunded_fen,
};
