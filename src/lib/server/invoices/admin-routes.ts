import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { readUpload } from '../platform/http/uploads.ts';
import { storeFile, uploadLimit } from '../files/index.ts';
import { userIdByRid } from '../accounts/index.ts';
import { invoiceRidSchema } from '../../shared/invoices/invoices.ts';
import { invoicesAdminApi } from '../../shared/invoices/api.ts';
import { applicationDetail, findApplication, listApplications } from './view.ts';
import { approveInvoice, issueTaxInvoice, rejectInvoice, reverseInvoice } from './review.ts';
import { sendDocument } from './send.ts';

/** Finance's side of invoices under /api/admin (decision 0030). */
export function invoiceAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, invoicesAdminApi.list, async (c, { body }) => {
    const { user_rid, ...f } = await body();
    // One customer's applications (the customer's page); an unknown customer has none.
    const userId = user_rid ? await userIdByRid(c.var.services.db, user_rid) : null;
    if (userId === undefined) return ok(c, { list: [], total: 0 });
    return ok(c, await listApplications(c.var.services.db, { ...f, userId }));
  });

  route(r, invoicesAdminApi.detail, async (c, { body }) => {
    const { rid } = await body();
    return ok(c, await applicationDetail(c.var.services.db, await findApplication(c.var.services.db, rid)));
  });

  route(r, invoicesAdminApi.approve, async (c, { body }) => {
    const me = requireUser(c);
    const { rid } = await body();
    const a = await approveInvoice(c.var.services, me.id, rid);
    return ok(c, a, a.status === 'issued' ? '已开具' : '已审核，请在税务平台开具后上传发票');
  });

  route(r, invoicesAdminApi.reject, async (c, { body }) => {
    const me = requireUser(c);
    const { rid, reason } = await body();
    return ok(c, await rejectInvoice(c.var.services, me.id, rid, reason), '已驳回');
  });

  route(r, invoicesAdminApi.issue, async (c, { body }) => {
    const me = requireUser(c);
    return ok(c, await issueTaxInvoice(c.var.services, me.id, await body()), '已开具');
  });

  route(r, invoicesAdminApi.reverse, async (c, { body }) => {
    const me = requireUser(c);
    const a = await reverseInvoice(c.var.services, me.id, await body());
    return ok(c, a, a.status === 'reversing' ? '已申请红冲，请在税务平台开具红字发票后填写号码' : '已红冲');
  });

  // The tax platform's invoice file (PDF, or OFD in its ZIP container), kept as the customer's.
  // The size limit runs on the raw request, before the handler reads the multipart body.
  r.use(invoicesAdminApi.upload.path, uploadLimit('attachment'));
  route(r, invoicesAdminApi.upload, async (c) => {
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
  });

  // POST with the rid in the body: the console fetches it as a file (the audit guard names calls by path).
  route(r, invoicesAdminApi.zip, async (c, { body }) => {
    const me = requireUser(c);
    const { rid } = await body();
    return sendDocument(c, 'zip', await findApplication(c.var.services.db, rid), me.id);
  });

  return r;
}
