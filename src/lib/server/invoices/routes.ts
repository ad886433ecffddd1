import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody, readParam } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { NoData } from '../../shared/responses.ts';
import {
  invoiceApplySchema,
  invoiceEditSchema,
  invoiceListSchema,
  invoiceRidSchema,
  invoiceableOrdersSchema,
  invoiceTitleSchema,
  titleRidSchema,
} from '../../shared/invoices/invoices.ts';
import {
  InvoiceDetailSchema,
  InvoiceHistorySchema,
  InvoiceableOrdersSchema,
  InvoicePageSchema,
  InvoiceTitleListSchema,
  InvoiceTitleSchema,
} from '../../shared/invoices/responses.ts';
import { deleteTitle, listTitles, saveTitle, setDefaultTitle } from './titles.ts';
import {
  applicationDetail,
  applyInvoice,
  editInvoice,
  invoiceHistory,
  invoiceableOrders,
  listApplications,
  ownApplication,
} from './applications.ts';
import { sendDocument } from './send.ts';

/** The customer's invoice calls under /api/auth (decision 0030). */
export function invoiceRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/invoice/list', contract({ response: InvoiceTitleListSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await listTitles(c.var.services.db, me.id));
  });

  r.post('/invoice/add', contract({ body: invoiceTitleSchema, response: InvoiceTitleSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, invoiceTitleSchema);
    return ok(
      c,
      await saveTitle(c.var.services.db, me.id, { ...input, rid: undefined }, c.var.services.now()),
      '添加成功',
    );
  });

  r.post('/invoice/edit', contract({ body: invoiceTitleSchema, response: InvoiceTitleSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, invoiceTitleSchema);
    if (!input.rid)
      return ok(c, await saveTitle(c.var.services.db, me.id, input, c.var.services.now()), '添加成功');
    return ok(c, await saveTitle(c.var.services.db, me.id, input, c.var.services.now()), '保存成功');
  });

  r.post('/invoice/del', contract({ body: titleRidSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, titleRidSchema);
    await deleteTitle(c.var.services.db, me.id, rid);
    return ok(c, null, '删除成功');
  });

  r.post('/invoice/default', contract({ body: titleRidSchema, response: NoData }), async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, titleRidSchema);
    await setDefaultTitle(c.var.services.db, me.id, rid);
    return ok(c, null, '已设为默认');
  });

  r.post(
    '/invoiceApply/add',
    contract({ body: invoiceApplySchema, response: InvoiceDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      return ok(
        c,
        await applyInvoice(c.var.services, me.id, await readBody(c, invoiceApplySchema)),
        '申请已提交，请等待审核',
      );
    },
  );

  r.post(
    '/invoiceApply/edit',
    contract({ body: invoiceEditSchema, response: InvoiceDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, invoiceEditSchema);
      return ok(c, await editInvoice(c.var.services, me.id, input.rid, input), '修改成功，已重新提交审核');
    },
  );

  r.post(
    '/invoiceApply/list4person',
    contract({ body: invoiceListSchema, response: InvoicePageSchema }),
    async (c) => {
      const me = requireUser(c);
      const f = await readBody(c, invoiceListSchema);
      const { list, total } = await listApplications(c.var.services.db, { ...f, userId: me.id });
      return ok(c, { list: list.map(({ customer: _customer, ...a }) => a), total });
    },
  );

  r.post(
    '/invoiceApply/info',
    contract({ body: invoiceRidSchema, response: InvoiceDetailSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, invoiceRidSchema);
      return ok(
        c,
        await applicationDetail(c.var.services.db, await ownApplication(c.var.services.db, me.id, rid)),
      );
    },
  );

  r.post(
    '/invoiceApply/orders',
    contract({ body: invoiceableOrdersSchema, response: InvoiceableOrdersSchema }),
    async (c) => {
      const me = requireUser(c);
      const { statement_rid } = await readBody(c, invoiceableOrdersSchema);
      return ok(c, await invoiceableOrders(c.var.services, me.id, statement_rid));
    },
  );

  r.post('/asset/invoiceHistory', contract({ response: InvoiceHistorySchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await invoiceHistory(c.var.services, me.id));
  });

  // Files (GET, so the browser saves them): the issued invoice, and the reimbursement ZIP.
  r.get('/invoiceApply/file/:rid', contract({ produces: 'the issued invoice (PDF, OFD…)' }), async (c) => {
    const me = requireUser(c);
    const a = await ownApplication(c.var.services.db, me.id, readParam(c, 'rid'));
    return sendDocument(c, 'invoice', a, me.id);
  });

  r.get(
    '/invoiceApply/zip/:rid',
    contract({ produces: 'application/zip: the reimbursement materials' }),
    async (c) => {
      const me = requireUser(c);
      const a = await ownApplication(c.var.services.db, me.id, readParam(c, 'rid'));
      return sendDocument(c, 'zip', a, me.id);
    },
  );

  return r;
}
