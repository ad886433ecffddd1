import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok, readParam } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { invoicesApi } from '../../shared/invoices/api.ts';
import { deleteTitle, listTitles, saveTitle, setDefaultTitle } from './titles.ts';
import { applyInvoice, editInvoice } from './applications.ts';
import { invoiceHistory, invoiceableOrders } from './invoiceable.ts';
import { applicationDetail, listApplications, ownApplication } from './view.ts';
import { sendDocument } from './send.ts';

/** The customer's invoice calls under /api/auth (decision 0030). */
export function invoiceRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, invoicesApi.titles, async (c) => {
    const me = requireUser(c);
    return ok(c, await listTitles(c.var.services.db, me.id));
  });

  route(r, invoicesApi.titleAdd, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(
      c,
      await saveTitle(c.var.services.db, me.id, { ...input, rid: undefined }, c.var.services.now()),
      '添加成功',
    );
  });

  route(r, invoicesApi.titleEdit, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    if (!input.rid)
      return ok(c, await saveTitle(c.var.services.db, me.id, input, c.var.services.now()), '添加成功');
    return ok(c, await saveTitle(c.var.services.db, me.id, input, c.var.services.now()), '保存成功');
  });

  route(r, invoicesApi.titleDelete, async (c, { body }) => {
    const me = requireUser(c);
    const { rid } = await body();
    await deleteTitle(c.var.services.db, me.id, rid);
    return ok(c, null, '删除成功');
  });

  route(r, invoicesApi.titleDefault, async (c, { body }) => {
    const me = requireUser(c);
    const { rid } = await body();
    await setDefaultTitle(c.var.services.db, me.id, rid);
    return ok(c, null, '已设为默认');
  });

  route(r, invoicesApi.apply, async (c, { body }) => {
    const me = requireUser(c);
    return ok(c, await applyInvoice(c.var.services, me.id, await body()), '申请已提交，请等待审核');
  });

  route(r, invoicesApi.edit, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await editInvoice(c.var.services, me.id, input.rid, input), '修改成功，已重新提交审核');
  });

  route(r, invoicesApi.list, async (c, { body }) => {
    const me = requireUser(c);
    const f = await body();
    const { list, total } = await listApplications(c.var.services.db, { ...f, userId: me.id });
    return ok(c, { list: list.map(({ customer: _customer, ...a }) => a), total });
  });

  route(r, invoicesApi.detail, async (c, { body }) => {
    const me = requireUser(c);
    const { rid } = await body();
    return ok(
      c,
      await applicationDetail(c.var.services.db, await ownApplication(c.var.services.db, me.id, rid)),
    );
  });

  route(r, invoicesApi.orders, async (c, { body }) => {
    const me = requireUser(c);
    const { statement_rid } = await body();
    return ok(c, await invoiceableOrders(c.var.services, me.id, statement_rid));
  });

  route(r, invoicesApi.history, async (c) => {
    const me = requireUser(c);
    return ok(c, await invoiceHistory(c.var.services, me.id));
  });

  // Files (GET, so the browser saves them): the issued invoice, and the reimbursement ZIP.
  route(r, invoicesApi.file, async (c) => {
    const me = requireUser(c);
    const a = await ownApplication(c.var.services.db, me.id, readParam(c, 'rid'));
    return sendDocument(c, 'invoice', a, me.id);
  });

  route(r, invoicesApi.zip, async (c) => {
    const me = requireUser(c);
    const a = await ownApplication(c.var.services.db, me.id, readParam(c, 'rid'));
    return sendDocument(c, 'zip', a, me.id);
  });

  return r;
}
