// What a report says of an order's results (decision 0075): the approved results as the report
// document's ReportResult rows, who reviewed them, the test dates, and the items with their
// methods and accreditation marks. The reports domain gathers these into its ReportDocument.
import type { Db, Tx } from '../platform/db/client.ts';
import { missingResults, resultsOfOrder } from './records.ts';
import { gatherResults, latestEntries } from './read.ts';
import { orderLineDirectory } from '../orders/index.ts';
import { itemResultSpecs } from '../catalogue/index.ts';
import { eq } from 'drizzle-orm';
import { shanghaiDate, shanghaiIso } from '../../shared/time.ts';
import type { ReportItem, ReportResult } from '../../shared/reports/document.ts';

export type ReviewedResults = {
  /** Every result of the order approved, and at least one. */
  ready: boolean;
  /** How many results are not approved yet (those never opened included). */
  pending: number;
  results: ReportResult[];
  /** Who approved them (names as recorded), each once. */
  reviewers: string[];
  /** The first and last test dates (ISO dates, Asia/Shanghai); '' with no results. */
  tested_from: string;
  tested_to: string;
  /** The finished PDFs (成品报告) of these results, in report order: appended as 附件 (decision 0081). */
  finished: { file_rid: string; name: string; sha256: string }[];
};

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))];

/** The order's approved results as a report prints them. */
export async function reviewedResultsOf(db: Db | Tx, orderId: number): Promise<ReviewedResults> {
  const [rows, missing] = await Promise.all([resultsOfOrder(db, orderId), missingResults(db, orderId)]);
  const approved = rows.filter((r) => r.status === 'approved');
  const g = await gatherResults(db, approved);
  const dates: number[] = [];
  const reviewers: string[] = [];
  const out = approved.map((r): ReportResult & { line: number; finished: ReviewedResults['finished'] } => {
    const spec = g.specs.get(r.itemRid);
    const latest = latestEntries(g.entries.get(r.id) ?? [], spec).filter((e) => e.value.trim() !== '');
    const files = g.files.get(r.id) ?? [];
    const reviews = g.reviews.get(r.id) ?? [];
    reviewers.push(
      ...reviews.filter((v) => v.round === r.round && v.verdict === 'approve').map((v) => v.reviewerName),
    );
    const times = [...latest.map((e) => e.enteredAt.getTime()), ...files.map((f) => f.at.getTime())];
    dates.push(...times);
    const rowsOut = latest.map((e) => ({
      name: e.fieldName,
      value: e.value,
      unit: e.unit,
      remark: e.remark,
      out_of_range: e.outOfRange,
    }));
    if (rowsOut.length === 0 && files.length)
      rowsOut.push({
        name: '结果',
        value: `见附件 ${files.map((f) => f.name).join('、')}`,
        unit: '',
        remark: '',
        out_of_range: false,
      });
    const sample = r.sampleId === null ? undefined : g.samples.get(r.sampleId);
    return {
      line: r.orderItemId,
      sample_no: sample?.sampleNo ?? '',
      item_name: r.itemName,
      method: distinct(latest.map((e) => e.method))[0] ?? spec?.method ?? '',
      instrument: distinct(latest.map((e) => e.instrument)).join('、'),
      // A result that is only a file (a finished report) was made by whoever uploaded it.
      tested_by: distinct(
        latest.length ? latest.map((e) => e.technicianName) : files.map((f) => f.uploadedByName),
      ).join('、'),
      tested_at: times.length ? shanghaiIso(Math.max(...times)) : '',
      rows: rowsOut,
      raw_files: files.map((f) => ({
        name: f.name,
        sha256: f.sha256,
        ...(f.finished && { finished: true }),
      })),
      finished: files
        .filter((f) => f.finished)
        .map((f) => ({ file_rid: f.fileRid, name: f.name, sha256: f.sha256 })),
    };
  });
  out.sort((a, b) => a.sample_no.localeCompare(b.sample_no) || a.line - b.line);
  const pending = rows.length - approved.length + missing.length;
  return {
    ready: approved.length > 0 && pending === 0,
    pending,
    results: out.map(({ line: _line, finished: _finished, ...r }) => r),
    finished: out.flatMap((r) => r.finished),
    reviewers: distinct(reviewers),
    tested_from: dates.length ? shanghaiDate(Math.min(...dates)) : '',
    tested_to: dates.length ? shanghaiDate(Math.max(...dates)) : '',
  };
}

const line = orderLineDirectory('report_line');

/** The order's items (each once, in line order) with their methods and accreditation marks. */
export async function resultsItemsOf(db: Db | Tx, orderId: number): Promise<ReportItem[]> {
  const lines = await db
    .select({ itemRid: line.itemRid, name: line.name })
    .from(line)
    .where(eq(line.orderId, orderId))
    .orderBy(line.id);
  const [specs, reviewed] = await Promise.all([
    itemResultSpecs(
      db,
      lines.map((l) => l.itemRid),
    ),
    reviewedResultsOf(db, orderId),
  ]);
  const seen = new Set<string>();
  return lines.flatMap((l) => {
    if (seen.has(l.itemRid)) return [];
    seen.add(l.itemRid);
    const spec = specs.get(l.itemRid);
    const used = reviewed.results.find((r) => r.item_name === l.name && r.method)?.method;
    return [
      {
        name: l.name,
        method: used || spec?.method || '',
        accredited: spec?.accredited ?? true,
        subcontracted_to: spec?.subcontractedTo ?? null,
      },
    ];
  });
}
