import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { readUpload } from '../platform/http/uploads.ts';
import { storeFile, uploadLimit } from '../files/index.ts';
import { StoredFileSchema } from '../../shared/files/responses.ts';
import {
  invoiceIssueSchema,
  invoiceListSchema,
  invoiceRejectSchema,
  invoiceReverseSchema,
  invoiceRidSchema,
} from '../../shared/invoices/invoices.ts';
import { InvoiceDetailSchema, StaffInvoicePageSchema } from '../../shared/invoices/responses.ts';
import {
  applicationDetail,
  approveInvoice,
  findApplication,
  issueTaxInvoice,
  listApplications,
  rejectInvoice,
  reverseInvoice,
} from './applications.ts';
import { sendDocument } from './send.ts';

/** Finance's side of invoices under /api/admin (decision 0030). */
export function invoiceAdminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/invoice/list',
    contract({ body: invoiceListSchema, response: StaffInvoicePageSchema }),
    async (c) => {
      const f = await readBody(c, invoiceListSchema);
      return ok(c, await listApplications(c.var.services.db, { ...f, userId: null }));
    },
  );

  r.post(
    '/invoice/detail',
    contract({ body: invoiceRidSchema, response: InvoiceDetailSchema }),
    async (c) => {
      const { rid } = await readBody(c, invoiceRidSchema);
      return ok(c, await applicationDetail(c.var.services.db, await findApplication(c.var.services.db, rid)));
    },
  );

  r.post(
    '/invoice/approve',
    contract({ body: invoiceRidSchema, response: InvoiceDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, invoiceRidSchema);
      const a = await approveInvoice(c.var.services, me.id, rid);
      return ok(c, a, a.status === 'issued' ? '已开具' : '已审核，请在税务平台开具后上传发票');
    },
  );

  r.post(
    '/invoice/reject',
    contract({ body: invoiceRejectSchema, response: InvoiceDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reason } = await readBody(c, invoiceRejectSchema);
      return ok(c, await rejectInvoice(c.var.services, me.id, rid, reason), '已驳回');
    },
  );

  r.post(
    '/invoice/issue',
    contract({ body: invoiceIssueSchema, response: InvoiceDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(
        c,
        await issueTaxInvoice(c.var.services, me.id, await readBody(c, invoiceIssueSchema)),
        '已开具',
      );
    },
  );

  r.post(
    '/invoice/reverse',
    contract({ body: invoiceReverseSchema, response: InvoiceDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const a = await reverseInvoice(c.var.services, me.id, await readBody(c, invoiceReverseSchema));
      return ok(c, a, a.status === 'reversing' ? '已申请红冲，请在税务平台开具红字发票后填写号码' : '已红冲');
    },
  );

  // The tax platform's invoice file (PDF, or OFD in its ZIP container), kept as the customer's.
  r.post(
    '/invoice/upload',
    contract({ multipart: { file: '发票文件', rid: '开票申请' }, response: StoredFileSchema }),
    uploadLimit('attachment'),
    async (c) => {
      const me = requireUser(c);
      const { file, name, fields } = await readUpload(c);
      const parsed = invoiceRidSchema.safeParse({ rid: fields.rid });
      if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? '[开票申请]不能为空');
      const a = await findApplication(c.var.services.db, parsed.data.rid);
      const stored = await storeFile(c.var.services, {
        ownerId: a.userId,
        uploaderId: me.id,
        orderId: null,
        kind: 'attachment',
        name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      return ok(c, stored, '上传成功');
    },
  );

  // POST with the rid in the body: the console fetches it as a file (the audit guard names calls by path).
  r.post(
    '/invoice/zip',
    contract({ body: invoiceRidSchema, produces: 'application/zip: the reimbursement materials' }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, invoiceRidSchema);
      return sendDocument(c, 'zip', await findApplication(c.var.services.db, rid), me.id);
    },
  );

  return r;
}
