import { dashboard } from './dashboard.ts';
import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { ordersAdminApi } from '../../shared/orders/admin-api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { findUserByPhone, referencedUser, userIdByRid } from '../accounts/index.ts';
import { shownAdvisorOf } from '../customers/index.ts';
import { orderRidSchema } from '../../shared/orders/order.ts';
import { orderStatusText, type OrderStatus } from '../../shared/orders/order-status.ts';
import {
  findOrder,
  hasReleasedReport,
  listStaffOrders,
  orderDetail,
  quoteOrder,
  setFinalPrice,
  staffCancel,
  staffStep,
  staffTimelineOf,
  type StaffStep,
} from './index.ts';
import { userAccount } from '../money/index.ts';
import { uploadLimit } from '../files/index.ts';
import { addRemark, listRemarks } from './remarks.ts';
import { returnAddressOf } from './samples.ts';
import { readUpload } from '../platform/http/uploads.ts';
import { receiveSamples, rejectSamples, storeReceiptPhoto } from './receipts.ts';

/** The order a multipart upload names in its `rid` field. */
function uploadOrderRid(fields: Record<string, string>): string {
  const parsed = orderRidSchema.safeParse({ rid: fields.rid });
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? '[订单编号]不能为空');
  return parsed.data.rid;
}

const moved = (o: { rid: string; status: OrderStatus; typeId: number }) => ({
  rid: o.rid,
  status: o.status,
  status_text: orderStatusText(o.status, o.typeId),
});

/** The staff API under /api/admin: every order move goes through the state machine. */
export function adminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, ordersAdminApi.dashboard, async (c) => ok(c, await dashboard(c.var.services)));

  route(r, ordersAdminApi.list, async (c, input) => {
    const { user_rid, ...f } = await input.body();
    let userId: number | undefined;
    if (user_rid) {
      userId = await userIdByRid(c.var.services.db, user_rid);
      if (userId === undefined) return ok(c, { list: [], total: 0, owed_fen: 0 });
    }
    return ok(c, await listStaffOrders(c.var.services.db, { ...f, userId }));
  });

  route(r, ordersAdminApi.detail, async (c, input) => {
    const { rid } = await input.body();
    const o = await findOrder(c.var.services.db, rid);
    const u = await referencedUser(c.var.services.db, o.userId);
    const [detail, remarks, timeline, returnAddress, released, advisor] = await Promise.all([
      orderDetail(c.var.services.db, o, c.var.services.now()),
      listRemarks(c.var.services.db, o.id),
      staffTimelineOf(c.var.services.db, o.id),
      returnAddressOf(c.var.services, o.id),
      hasReleasedReport(c.var.services.db, o.id),
      shownAdvisorOf(c.var.services.db, o.userId),
    ]);
    return ok(c, {
      ...detail,
      timeline,
      customer: {
        rid: u.rid,
        phone: u.phone,
        name: u.name,
        company: u.company,
        organization: u.organization,
        pi: u.teacher || u.companyLeader,
      },
      return_address: returnAddress,
      advisor,
      remarks,
      quote_valid_days: c.var.services.env.QUOTE_VALID_DAYS,
      report_released: released,
    });
  });

  // Internal remarks: a note for colleagues (a call with the customer, a sample's quirk), never shown to the customer.
  route(r, ordersAdminApi.remark, async (c, input) => {
    const me = requireUser(c);
    const { rid, text } = await input.body();
    return ok(c, await addRemark(c.var.services, me.id, rid, text), '备注已添加');
  });

  route(r, ordersAdminApi.quote, async (c, input) => {
    const me = requireUser(c);
    return ok(c, moved(await quoteOrder(c.var.services, me.id, await input.body())));
  });

  route(r, ordersAdminApi.finalPrice, async (c, input) => {
    const me = requireUser(c);
    const { rid, final_fen, note } = await input.body();
    return ok(c, moved(await setFinalPrice(c.var.services, me.id, rid, final_fen, note)), '最终价格已设置');
  });

  // Samples arrive (decision 0039): received with a receipt record, or refused with a reason.
  route(r, ordersAdminApi.receive, async (c, input) => {
    const me = requireUser(c);
    const { rid, note, receipt, samples } = await input.body();
    return ok(c, moved(await receiveSamples(c.var.services, me.id, rid, note, receipt, samples)));
  });
  route(r, ordersAdminApi.reject, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason, receipt } = await input.body();
    return ok(c, moved(await rejectSamples(c.var.services, me.id, rid, reason, receipt)), '已拒收样品');
  });
  /** multipart: rid + file (a photo of the samples, named later by order/receive or order/reject). */
  r.use(ordersAdminApi.receiptPhoto.path, uploadLimit('receipt'));
  route(r, ordersAdminApi.receiptPhoto, async (c) => {
    const me = requireUser(c);
    const { file, name, fields } = await readUpload(c);
    const stored = await storeReceiptPhoto(c.var.services, me.id, uploadOrderRid(fields), {
      name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return ok(c, stored, '上传成功');
  });

  for (const action of ['start', 'deliver', 'bill', 'complete', 'settle'] as StaffStep[]) {
    route(r, ordersAdminApi[action], async (c, input) => {
      const me = requireUser(c);
      const { rid, note } = await input.body();
      return ok(c, moved(await staffStep(c.var.services, me.id, rid, action, note)));
    });
  }

  route(r, ordersAdminApi.cancel, async (c, input) => {
    const me = requireUser(c);
    const { rid, reason } = await input.body();
    return ok(c, moved(await staffCancel(c.var.services, me.id, rid, reason)), '订单已取消');
  });

  route(r, ordersAdminApi.findUser, async (c, input) => {
    const { phone } = await input.body();
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
