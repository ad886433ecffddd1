import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';
import { ok, readBody, readParam } from '../envelope.ts';
import { requireUser } from '../middleware/auth.ts';
import {
  evaluateSchema,
  feedbackSchema,
  orderAddSchema,
  orderListSchema,
  orderRidSchema,
  paySchema,
  recycleAddSchema,
} from '../../../shared/order.ts';
import { PageRequestSchema } from '../../../shared/pagination.ts';
import { ORDER_STATUS_TEXT } from '../../../shared/order-status.ts';
import {
  addRecycle,
  cancelOrder,
  countByStatus,
  evaluate,
  findOwnOrder,
  historyForUser,
  listOrders,
  listRecycles,
  orderDetail,
  payOrder,
  placeOrders,
  readyToPay,
  reportFeedback,
  testRecord,
} from '../../services/orders/index.ts';
import { placeDemand } from '../../services/orders/demand.ts';
import { agreementPdf } from '../../services/agreement/index.ts';
import { contentDisposition } from '../../services/files/index.ts';
import { demandSchema } from '../../../shared/demand.ts';
import { attachProtocolFile, listProtocolFiles, relatedEquipment } from '../../services/orders/protocol.ts';
import { listMessages, markRead } from '../../services/notify/messages.ts';
import { balanceOf, listEntries } from '../../services/ledger/index.ts';
import { z } from '../../../shared/zod.ts';
import { ridField } from '../../../shared/order.ts';

/** The customer's orders under /api/auth (spec section 7 paths). */
export function orderRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/order/add', async (c) => {
    const me = requireUser(c);
    const list = await placeOrders(c.var.services, me.id, await readBody(c, orderAddSchema));
    return ok(c, { list }, '提交成功');
  });

  // A quote request from /experiment/demand: an order in 待报价 (no path in the spec; see
  // docs/decisions/0011-demand-and-contract.md).
  r.post('/order/demand', async (c) => {
    const me = requireUser(c);
    return ok(c, await placeDemand(c.var.services, me.id, await readBody(c, demandSchema)), '提交成功');
  });

  r.post('/order/list4person', async (c) => {
    const me = requireUser(c);
    const f = await readBody(c, orderListSchema);
    return ok(c, await listOrders(c.var.services.db, { ...f, userId: me.id }));
  });

  r.post('/order/count4person', async (c) => {
    const me = requireUser(c);
    const counts = await countByStatus(c.var.services.db, me.id);
    return ok(c, { counts, total: Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) });
  });

  r.post('/order/detail', async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    return ok(c, await orderDetail(c.var.services.db, await findOwnOrder(c.var.services.db, me.id, rid)));
  });

  r.post('/order/cancel', async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    const o = await findOwnOrder(c.var.services.db, me.id, rid);
    const moved = await cancelOrder(c.var.services, o, {
      actor: 'customer',
      actorId: me.id,
      reason: '客户取消',
    });
    return ok(c, { status: moved.status, status_text: ORDER_STATUS_TEXT[moved.status] }, '订单已取消');
  });

  r.post('/web/order/ready2pay', async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    return ok(c, await readyToPay(c.var.services, me.id, rid));
  });

  r.post('/web/order/pay', async (c) => {
    const me = requireUser(c);
    const { rid, idempotency_key } = await readBody(c, paySchema);
    return ok(c, await payOrder(c.var.services, me.id, rid, idempotency_key || undefined), '支付成功');
  });

  r.post('/order/history4user', async (c) => {
    const me = requireUser(c);
    const { page, size } = await readBody(c, PageRequestSchema);
    return ok(c, await historyForUser(c.var.services, me.id, page, size));
  });

  r.post('/order/testRecord', async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    return ok(c, await testRecord(c.var.services, me.id, rid));
  });

  r.post('/order/reportOrderFeedback', async (c) => {
    const me = requireUser(c);
    const { rid, content } = await readBody(c, feedbackSchema);
    await reportFeedback(c.var.services, me.id, rid, content);
    return ok(c, null, '提交成功');
  });

  r.post('/evaluate/add', async (c) => {
    const me = requireUser(c);
    const { rid, score, content } = await readBody(c, evaluateSchema);
    await evaluate(c.var.services, me.id, rid, score, content);
    return ok(c, null, '提交成功');
  });

  r.post('/sample4recycle/add', async (c) => {
    const me = requireUser(c);
    return ok(c, await addRecycle(c.var.services, me.id, await readBody(c, recycleAddSchema)), '提交成功');
  });

  r.post('/sample4recycle/list4person', async (c) => {
    const me = requireUser(c);
    const { page, size, order_rid } = await readBody(
      c,
      PageRequestSchema.extend({ order_rid: ridField().optional() }),
    );
    return ok(c, await listRecycles(c.var.services, me.id, page, size, order_rid));
  });

  r.post('/order/listProtocolFile', async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    return ok(c, await listProtocolFiles(c.var.services, me.id, rid));
  });

  // The agreement generated as a PDF (no path in the spec; decision 0011). GET, so the browser
  // can fetch it as a file; the owner and staff only.
  r.get('/order/protocol/:rid', async (c) => {
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

  r.post('/order/updateProtocolFile', async (c) => {
    const me = requireUser(c);
    const { rid, file_rid } = await readBody(
      c,
      z.object({ rid: ridField(), file_rid: ridField('文件') }, { error: '请求参数格式不正确' }),
    );
    return ok(c, await attachProtocolFile(c.var.services, me.id, rid, file_rid), '提交成功');
  });

  r.post('/order/relateEquipment', async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, orderRidSchema);
    return ok(c, await relatedEquipment(c.var.services, me.id, rid));
  });

  // In-system messages (written by the notification worker) and the balance ledger: the
  // customer-side reads of what orders produce.
  r.post('/message/list', async (c) => {
    const me = requireUser(c);
    const { page, size } = await readBody(c, PageRequestSchema);
    return ok(c, await listMessages(c.var.services, me.id, page, size));
  });

  r.post('/message/read', async (c) => {
    const me = requireUser(c);
    const { rids } = await readBody(
      c,
      z.object(
        {
          rids: z.array(z.string().trim().min(1).max(64), { error: '[消息]格式不正确' }).max(100).optional(),
        },
        { error: '请求参数格式不正确' },
      ),
    );
    return ok(c, { unread: await markRead(c.var.services, me.id, rids) });
  });

  r.post('/balance/ledger', async (c) => {
    const me = requireUser(c);
    const { page, size } = await readBody(c, PageRequestSchema);
    const [entries, balance_fen] = await Promise.all([
      listEntries(c.var.services.db, me.id, page, size),
      balanceOf(c.var.services.db, me.id),
    ]);
    return ok(c, { ...entries, balance_fen });
  });

  return r;
}
