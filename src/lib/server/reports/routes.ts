// The customer's report calls under /api/auth (their own orders only: another's reads as not
// found) and the public 报告真伪查询 under /api/open (decision 0077).
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok, readParam } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { clientIp } from '../platform/http/client-ip.ts';
import { contentDisposition } from '../files/index.ts';
import { findOwnOrder } from '../orders/index.ts';
import { reportsApi } from '../../shared/reports/api.ts';
import { versionPdf, versionsOf } from './versions.ts';
import { verifyReport } from './verify.ts';
import { orderTracking } from './tracking.ts';

/** A signed PDF as a download: Chinese file name (RFC 5987), never cached, never sniffed. */
export const sendReportPdf = (c: Context<ApiEnv>, pdf: { bytes: Uint8Array; filename: string }) =>
  c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/pdf',
    'content-disposition': contentDisposition(pdf.filename),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });

export function reportRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, reportsApi.list, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    const order = await findOwnOrder(c.var.services.db, me.id, rid);
    return ok(c, { list: await versionsOf(c.var.services.db, order.id) });
  });
  route(r, reportsApi.pdf, async (c) => {
    const me = requireUser(c);
    return sendReportPdf(c, await versionPdf(c.var.services, readParam(c, 'rid'), me.id));
  });
  route(r, reportsApi.tracking, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await orderTracking(c.var.services, me.id, (await input.body()).rid));
  });
  route(r, reportsApi.verify, async (c, input) => {
    const req = await input.body();
    return ok(c, await verifyReport(c.var.services, req, clientIp(c)));
  });
  return r;
}
