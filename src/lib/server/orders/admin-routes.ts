import { contract } from '../platform/http/contract.ts';
import {
  DashboardSchema,
  OrderPageSchema,
  StaffMovedSchema,
  StaffOrderDetailSchema,
  OrderRemarkSchema,
} from '../../shared/orders/responses.ts';
import { dashboard } from './dashboard.ts';
import { StoredFileSchema } from '../../shared/files/responses.ts';
import { fen } from '../../shared/responses.ts';
import { CustomerRefSchema } from '../../shared/accounts/responses.ts';
import { Hono } from 'hono';
import { z } from '../../shared/zod.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { findUserByPhone, referencedUser, userIdByRid } from '../accounts/index.ts';
import { phoneField } from '../../shared/accounts/auth.ts';
import {
  adminListSchema,
  orderRidSchema,
  finalPriceSchema,
  remarkSchema,
  staffCancelSchema,
  staffStepSchema,
} from '../../shared/orders/order.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import {
  findOrder,
  listOrders,
  orderDetail,
  quoteOrder,
  setFinalPrice,
  staffCancel,
  staffStep,
  staffTimelineOf,
  type StaffStep,
} from './index.ts';
import { userAccount } from '../money/index.ts';
import { storeFile, uploadLimit } from '../files/index.ts';
import { recordUpload } from './uploads.ts';
import { addRemark, listRemarks } from './remarks.ts';
import { readUpload } from '../platform/http/uploads.ts';
import { quoteSchema } from '../../shared/orders/quote.ts';
import { receiveSchema, rejectSchema } from '../../shared/orders/receipt.ts';
import { receiveSamples, rejectSamples, storeReceiptPhoto } from './receipts.ts';

/** The order a multipart upload names in its `rid` field. */
function uploadOrderRid(fields: Record<string, string>): string {
  const parsed = orderRidSchema.safeParse({ rid: fields.rid });
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? '[订单编号]不能为空');
  return parsed.data.rid;
}

const moved = (o: { rid: string; status: keyof typeof ORDER_STATUS_TEXT }) => ({
  rid: o.rid,
  status: o.status,
  status_text: ORDER_STATUS_TEXT[o.status],
});

/** The staff API under /api/admin: every order move goes through the state machine. */
const userFindSchema = z.object({ phone: phoneField });
const FoundUserSchema = CustomerRefSchema.extend({ balance_fen: fen });

export function adminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/dashboard', contract({ response: DashboardSchema }), async (c) =>
    ok(c, await dashboard(c.var.services)),
  );

  r.post('/order/list', contract({ body: adminListSchema, response: OrderPageSchema }), async (c) => {
    const { user_rid, ...f } = await readBody(c, adminListSchema);
    let userId: number | undefined;
    if (user_rid) {
      userId = await userIdByRid(c.var.services.db, user_rid);
      if (userId === undefined) return ok(c, { list: [], total: 0, owed_fen: 0 });
    }
    return ok(c, await listOrders(c.var.services.db, { ...f, userId }));
  });

  r.post('/order/detail', contract({ body: orderRidSchema, response: StaffOrderDetailSchema }), async (c) => {
    const { rid } = await readBody(c, orderRidSchema);
    const o = await findOrder(c.var.services.db, rid);
    const { rid: ownerRid, phone, name, company } = await referencedUser(c.var.services.db, o.userId);
    const [detail, remarks, timeline] = await Promise.all([
      orderDetail(c.var.services.db, o, c.var.services.now()),
      listRemarks(c.var.services.db, o.id),
      staffTimelineOf(c.var.services.db, o.id),
    ]);
    return ok(c, {
      ...detail,
      timeline,
      customer: { rid: ownerRid, phone, name, company },
      remarks,
      quote_valid_days: c.var.services.env.QUOTE_VALID_DAYS,
    });
  });

  // Internal remarks: a note for colleagues (a call with the customer, a sample's quirk), never shown to the customer.
  r.post(
    '/order/remark',
    contract({ body: remarkSchema, response: z.array(OrderRemarkSchema) }),
    async (c) => {
      const me = requireUser(c);
      const { rid, text } = await readBody(c, remarkSchema);
      return ok(c, await addRemark(c.var.services, me.id, rid, text), '备注已添加');
    },
  );

  r.post('/order/quote', contract({ body: quoteSchema, response: StaffMovedSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, moved(await quoteOrder(c.var.services, me.id, await readBody(c, quoteSchema))));
  });

  r.post('/order/finalPrice', contract({ body: finalPriceSchema, response: StaffMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, final_fen, note } = await readBody(c, finalPriceSchema);
    return ok(c, moved(await setFinalPrice(c.var.services, me.id, rid, final_fen, note)), '最终价格已设置');
  });

  // Samples arrive (decision 0039): received with a receipt record, or refused with a reason.
  r.post('/order/receive', contract({ body: receiveSchema, response: StaffMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, note, receipt } = await readBody(c, receiveSchema);
    return ok(c, moved(await receiveSamples(c.var.services, me.id, rid, note, receipt)));
  });
  r.post('/order/reject', contract({ body: rejectSchema, response: StaffMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, reason, receipt } = await readBody(c, rejectSchema);
    return ok(c, moved(await rejectSamples(c.var.services, me.id, rid, reason, receipt)), '已拒收样品');
  });
  /** multipart: rid + file (a photo of the samples, named later by order/receive or order/reject). */
  r.post(
    '/order/receipt/photo',
    contract({
      multipart: { file: '收样照片（PNG、JPG、WEBP、GIF）', rid: '订单编号' },
      response: StoredFileSchema,
    }),
    uploadLimit('receipt'),
    async (c) => {
      const me = requireUser(c);
      const { file, name, fields } = await readUpload(c);
      const stored = await storeReceiptPhoto(c.var.services, me.id, uploadOrderRid(fields), {
        name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      return ok(c, stored, '上传成功');
    },
  );

  for (const action of ['start', 'deliver', 'bill', 'complete', 'settle'] as StaffStep[]) {
    r.post(`/order/${action}`, contract({ body: staffStepSchema, response: StaffMovedSchema }), async (c) => {
      const me = requireUser(c);
      const { rid, note } = await readBody(c, staffStepSchema);
      return ok(c, moved(await staffStep(c.var.services, me.id, rid, action, note)));
    });
  }

  r.post('/order/cancel', contract({ body: staffCancelSchema, response: StaffMovedSchema }), async (c) => {
    const me = requireUser(c);
    const { rid, reason } = await readBody(c, staffCancelSchema);
    return ok(c, moved(await staffCancel(c.var.services, me.id, rid, reason)), '订单已取消');
  });

  /** multipart: rid + file (a report for the customer; allowed from 检测中 on). */
  r.post(
    '/order/report',
    contract({ multipart: { file: '检测报告文件', rid: '订单编号' }, response: StoredFileSchema }),
    uploadLimit('report'),
    async (c) => {
      const me = requireUser(c);
      const { file, name, fields } = await readUpload(c);
      const o = await findOrder(c.var.services.db, uploadOrderRid(fields));
      if (!['testing', 'delivered', 'unsettled', 'completed'].includes(o.status))
        throw new DomainError('检测开始后才能上传报告');
      const stored = await storeFile(c.var.services, {
        ownerId: o.userId,
        uploaderId: me.id,
        orderId: o.id,
        recordUpload,
        kind: 'report',
        name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      return ok(c, stored, '上传成功');
    },
  );

  r.post('/user/find', contract({ body: userFindSchema, response: FoundUserSchema }), async (c) => {
    const { phone } = await readBody(c, userFindSchema);
    const u = await findUserByPhone(c.var.services.db, phone);
    if (!u) throw new DomainError('用户不存在', 200, 'NOT_FOUND');
    return ok(c, {
      rid: u.rid,
      phone: u.phone,
      name: u.name,
      company: u.company,
      balance_fen: await userAccount(c.var.services.db, u.id, c.var.services.now()).then(
        (a) => a.cashFen + a.bonusFen,
      ),
    });
  });

  return r;
}
