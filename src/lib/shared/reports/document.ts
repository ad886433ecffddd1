// What a test report says, as one plain value (issue 31): the results domain's reviewed results and
// the order's samples are gathered into a ReportDocument; the release check reads it for the
// elements CNAS-CL01 7.8.2.1 requires; the renderer draws it; each released version freezes it.
// Pure data: no I/O, no database ids.

/** A result value as entered: a number with its unit, a text, or a file the analysis produced. */
export type ReportResultRow = {
  /** The result field's name, e.g. 比表面积. */
  name: string;
  /** The value as printed ('12.35', '合格', '见附件 xrd-01.xy'). */
  value: string;
  /** The unit ('m²/g'); '' for a dimensionless or textual value. */
  unit: string;
  /** The remark the technician gave (required when the value is outside the field's range). */
  remark: string;
  /** Outside the item's allowed range, printed with a mark. */
  out_of_range: boolean;
};

/** One item tested on one sample, with its rows. */
export type ReportResult = {
  sample_no: string;
  item_name: string;
  /** The method (standard) as printed, e.g. 'GB/T 19587-2017'. */
  method: string;
  /** The instrument's name and model. */
  instrument: string;
  /** The technician who entered the result (name as printed). */
  tested_by: string;
  /** When the test was done (ISO 8601 with offset). */
  tested_at: string;
  rows: ReportResultRow[];
  /**
   * Raw data files attached to the result: their names and SHA-256 (hex), frozen with the version;
   * `finished`: the analysis's own finished PDF, appended to the report as 附件 pages (decision 0081).
   */
  raw_files: { name: string; sha256: string; finished?: boolean }[];
};

export type ReportSample = {
  sample_no: string;
  /** The customer's name for the sample. */
  name: string;
  /** What the sample is (item ordered, form, quantity) as printed. */
  description: string;
  /** Its condition on receipt, e.g. 完好 / 包装破损 (from the custody trail). */
  condition: string;
};

export type ReportItem = {
  name: string;
  method: string;
  /** Within the lab's accreditation scope; an item that is not is marked on the report. */
  accredited: boolean;
  /** Tested by another lab; marked on the report with that lab's name. */
  subcontracted_to: string | null;
};

export type ReportSignatory = { name: string; title: string };

export type ReportDocument = {
  title: string;
  /** The printed number, the version's suffix included: BG2026112800001, BG2026112800001-A1. */
  report_no: string;
  /** The 8-character 防伪码 (Crockford base32, 40 bits). */
  code: string;
  /** Where the QR code points: `${origin}/verify?r=<report_no>&c=<code>`. */
  verify_url: string;
  lab: { name: string; address: string; phone: string; accreditation: string };
  customer: { name: string; organisation: string; address: string };
  order_no: string;
  samples: ReportSample[];
  /** When the lab received the samples (ISO date); null for analyses without samples. */
  received_on: string | null;
  /** The first and last test dates (ISO dates). */
  tested_from: string;
  tested_to: string;
  /** The issue date of this version (ISO date, Asia/Shanghai). */
  issued_on: string;
  items: ReportItem[];
  results: ReportResult[];
  /** Deviations from the method, additions or exclusions; ['无'] when there are none (never empty). */
  deviations: string[];
  /** The template's standard statements; must include that results relate only to the items tested. */
  statements: string[];
  /** Who reviewed the results (names as printed). */
  reviewed_by: string[];
  /** The authorised signatory who approves the release. */
  approver: ReportSignatory;
  /** For a revised version: the number it replaces and why. */
  revision: { replaces: string; reason: string } | null;
};

/** The statement 7.8.2.1 (o) requires on every report. */
export const RESULTS_RELATE_ONLY = '本报告检测结果仅对所检样品负责。';
