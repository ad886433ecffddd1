// The reports domain's public face (issue 31, decision 0077). Reports sit above orders, accounts,
// notify and files: an order's report is a sequence of immutable versions, each a signed PDF with
// its SHA-256 and a frozen document, kept six years; /verify reads a version's public summary.
import './document-builder.ts';
export { reportRoutes } from './routes.ts';
export { reportAdminRoutes } from './admin-routes.ts';
// What the composition wires after merging results, the renderer and the signer: one builder
// that turns an order's reviewed results into a signed PDF (the staff release route calls it),
// or the release itself from another flow (e.g. the final review).
export {
  /** @public */ registerReportBuilder,
  /** @public */ type ReportBuilder,
  /** @public */ type ReportBuild,
  /** @public */ type ReportBuildInput,
  /** @public */ type BuiltReport,
} from './versions-builder.ts';
export {
  /** @public */ releaseReport,
  /** @public */ revokeReport,
  /** @public */ versionsOf,
  validReportPdfs,
  /** @public */ type ReleaseInput,
} from './versions.ts';
export { verifyReport, pageAddress } from './verify.ts';
