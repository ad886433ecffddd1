import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { agreementApi } from '../../shared/agreement/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { readParam } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { contentDisposition } from '../files/index.ts';
import { agreementPdf } from './index.ts';

/** The order's agreement (协议) as a PDF. */
export function agreementRoutes() {
  const r = new Hono<ApiEnv>();

  // The agreement generated as a PDF (no path in the spec; decision 0011). GET, so the browser
  // can fetch it as a file; the owner and staff only.
  route(r, agreementApi.pdf, async (c) => {
    const me = requireUser(c);
    const rid = readParam(c, 'rid');
    const pdf = await agreementPdf(c.var.services, me.id, rid);
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(pdf.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  return r;
}
