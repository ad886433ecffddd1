// Who builds a report's document and signed PDF (decision 0077). The reports domain keeps the
// versions; what a version says comes from the results (reviewed results, samples), the template
// and renderer, and the lab's signing key, which sit beside it. The composition registers one
// builder that joins them (registerReportBuilder); until it does, release is refused with a
// message for the admin rather than issuing an unsigned or empty report.
import type { Services } from '../platform/services.ts';
import type { ReportDocument } from '../../shared/reports/document.ts';

/** What the versions service fixes before a version is built: its number, code and QR link. */
export type ReportBuildInput = {
  /** The printed number, the version's suffix included. */
  report_no: string;
  /** The 8-character 防伪码 printed beside the QR code. */
  code: string;
  /** Where the QR code points: `${origin}/verify?r=<report_no>&c=<code>`. */
  verify_url: string;
  /** 0 for the original, n for the n-th revision (A<n>). */
  version: number;
  /** For a revision: the number it replaces and why (ReportDocument.revision). */
  revision: { replaces: string; reason: string } | null;
};

/** A built version: the document it says (doc.report_no and doc.code as given) and its signed PDF. */
/** @public */
export type BuiltReport = { doc: ReportDocument; pdf: Uint8Array };

/** Builds one version of one order's report (release calls it with the caller's ids). */
export type ReportBuild = (input: ReportBuildInput) => Promise<BuiltReport>;

/**
 * The installation's builder: the order, the approver, the deviations they state and the fixed
 * number, code and link.
 */
export type ReportBuilder = (
  s: Services,
  input: ReportBuildInput & { orderId: number; approverId: number; deviations: string[] },
) => Promise<BuiltReport>;

let builder: ReportBuilder | undefined;

/** Registers how this installation builds a report (results + renderer + signer). */
export function registerReportBuilder(b: ReportBuilder | undefined): void {
  builder = b;
}

/** The registered builder, if any. */
export const reportBuilder = (): ReportBuilder | undefined => builder;
