import type { Context } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contentDisposition } from '../files/index.ts';
import { enforce } from '../accounts/index.ts';
import type { Application } from './view.ts';
import { invoiceFile, reimbursementZip } from './documents.ts';

/** Documents one user may generate per minute (PDFs cost the CPU). */
const DOCUMENT_LIMIT = { limit: 20, seconds: 60 };

/** Answers an application's invoice file or its reimbursement ZIP as a download. */
export async function sendDocument(
  c: Context<ApiEnv>,
  what: 'invoice' | 'zip',
  a: Application,
  requesterId: number,
) {
  const s = c.var.services;
  await enforce(s, `user:invoice-docs:${requesterId}`, DOCUMENT_LIMIT);
  const doc =
    what === 'invoice'
      ? await invoiceFile(s, a)
      : {
          name: `报销材料-${a.invoiceNo ?? a.rid}.zip`,
          bytes: await reimbursementZip(s, a, requesterId),
          mime: 'application/zip',
        };
  return c.body(doc.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': doc.mime,
    'content-disposition': contentDisposition(doc.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
}
