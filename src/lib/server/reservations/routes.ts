import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import { RESERVATION_STATUS_TEXT } from '../../shared/reservations/reservation-rules.ts';
import { reservationsAdminApi, reservationsApi } from '../../shared/reservations/api.ts';
import { addReservation, cancelReservation, findOwnReservation } from './book.ts';
import { sceneDateOf } from './scene-date.ts';
import { listAllReservations, listOwnReservations } from './read.ts';
import {
  addTempDevice,
  deleteTempDevice,
  linkTempDevice,
  listTempDevices,
  reviewTempDevice,
} from './temp.ts';
import {
  addBlock,
  addDevice,
  deleteBlock,
  editDevice,
  listBlocks,
  listDevicesForStaff,
  rejectReservation,
  staffReservationStep,
  type ReservationStep,
} from './staff.ts';
import { getReservationSettings, updateReservationSettings } from './settings.ts';
import {
  grantAuthorization,
  listAuthorizations,
  revokeAuthorization,
  searchCustomers,
} from './authorizations.ts';
import { userIdByRid } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';

/** The customer's reservations and temp devices under /api/auth (decision 0012). */
export function reservationRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, reservationsApi.add, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await addReservation(c.var.services, me.id, input), '预约成功');
  });

  route(r, reservationsApi.cancel, async (c, { body }) => {
    const me = requireUser(c);
    const { rid } = await body();
    const found = await findOwnReservation(c.var.services.db, me.id, rid);
    const { reservation, order } = await cancelReservation(c.var.services, found, {
      actor: 'customer',
      actorId: me.id,
      reason: '客户取消预约',
    });
    return ok(
      c,
      {
        rid: reservation.rid,
        status: reservation.status,
        status_text: RESERVATION_STATUS_TEXT[reservation.status],
        order_status: order.status,
        order_status_text: ORDER_STATUS_TEXT[order.status],
      },
      '预约已取消',
    );
  });

  route(r, reservationsApi.list, async (c, { body }) => {
    const me = requireUser(c);
    const q = await body();
    const s = c.var.services;
    const now = s.now();
    const [page, scene] = await Promise.all([
      listOwnReservations(s.db, me.id, q, now),
      sceneDateOf(s.db, me.id, now),
    ]);
    return ok(c, { ...page, scene_date: scene });
  });

  route(r, reservationsApi.tempDeviceList, async (c, { body }) => {
    const me = requireUser(c);
    const q = await body();
    return ok(c, await listTempDevices(c.var.services, { ...q, userId: me.id }));
  });

  route(r, reservationsApi.tempDeviceAdd, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await addTempDevice(c.var.services, me.id, input), '提交成功，等待审核');
  });

  route(r, reservationsApi.tempDeviceLink, async (c, { body }) => {
    const me = requireUser(c);
    const { rid, reservation_rid } = await body();
    return ok(c, await linkTempDevice(c.var.services, me.id, rid, reservation_rid), '关联成功');
  });

  route(r, reservationsApi.tempDeviceDelete, async (c, { body }) => {
    const me = requireUser(c);
    const { rid } = await body();
    return ok(c, await deleteTempDevice(c.var.services, me.id, rid), '删除成功');
  });

  return r;
}

/** Staff: instruments, blocks, reservations, temp devices and the booking settings under /api/admin. */
export function reservationAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, reservationsAdminApi.deviceList, async (c, { body }) => {
    const q = await body();
    return ok(c, await listDevicesForStaff(c.var.services, q));
  });
  route(r, reservationsAdminApi.deviceAdd, async (c, { body }) => {
    const input = await body();
    return ok(c, await addDevice(c.var.services, input), '添加成功');
  });
  route(r, reservationsAdminApi.deviceEdit, async (c, { body }) => {
    const { rid, ...input } = await body();
    return ok(c, await editDevice(c.var.services, rid, input), '保存成功');
  });

  route(r, reservationsAdminApi.blockAdd, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await addBlock(c.var.services, me.id, input), '添加成功');
  });
  route(r, reservationsAdminApi.blockList, async (c, { body }) => {
    const q = await body();
    return ok(c, await listBlocks(c.var.services, q));
  });
  route(r, reservationsAdminApi.blockDelete, async (c, { body }) => {
    const { rid } = await body();
    return ok(c, await deleteBlock(c.var.services, rid), '删除成功');
  });

  route(r, reservationsAdminApi.list, async (c, { body }) => {
    const q = await body();
    return ok(c, await listAllReservations(c.var.services.db, q, c.var.services.now()));
  });
  const steps: [(typeof reservationsAdminApi)['confirm' | 'noShow'], ReservationStep, string][] = [
    [reservationsAdminApi.confirm, 'confirm', '预约已确认'],
    [reservationsAdminApi.noShow, 'no_show', '已标记未到场'],
  ];
  for (const [call, step, msg] of steps) {
    route(r, call, async (c, { body }) => {
      const me = requireUser(c);
      const { rid, note } = await body();
      return ok(c, await staffReservationStep(c.var.services, me.id, rid, step, { note }), msg);
    });
  }
  route(r, reservationsAdminApi.done, async (c, { body }) => {
    const me = requireUser(c);
    const { rid, ...input } = await body();
    return ok(c, await staffReservationStep(c.var.services, me.id, rid, 'done', input), '已标记完成');
  });
  route(r, reservationsAdminApi.bookFor, async (c, { body }) => {
    const me = requireUser(c);
    const { user_rid, ...req } = await body();
    const s = c.var.services;
    const userId = await userIdByRid(s.db, user_rid);
    if (!userId) throw new DomainError('客户不存在', 200, 'NOT_FOUND');
    return ok(c, await addReservation(s, userId, { ...req, temp_device_rids: [] }, me.id), '预约成功');
  });
  route(r, reservationsAdminApi.customerSearch, async (c, { body }) => {
    const { kw } = await body();
    return ok(c, await searchCustomers(c.var.services, kw));
  });
  route(r, reservationsAdminApi.authorizationList, async (c, { body }) => {
    const q = await body();
    return ok(c, await listAuthorizations(c.var.services, q));
  });
  route(r, reservationsAdminApi.authorizationGrant, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await grantAuthorization(c.var.services, me.id, input), '已授权');
  });
  route(r, reservationsAdminApi.authorizationRevoke, async (c, { body }) => {
    const input = await body();
    return ok(c, await revokeAuthorization(c.var.services, input), '已取消授权');
  });
  route(r, reservationsAdminApi.reject, async (c, { body }) => {
    const me = requireUser(c);
    const { rid, reason } = await body();
    return ok(c, await rejectReservation(c.var.services, me.id, rid, reason), '预约已驳回');
  });

  route(r, reservationsAdminApi.tempDeviceList, async (c, { body }) => {
    const q = await body();
    return ok(c, await listTempDevices(c.var.services, q));
  });
  route(r, reservationsAdminApi.tempDeviceReview, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await reviewTempDevice(c.var.services, me.id, input), '审核完成');
  });

  route(r, reservationsAdminApi.settingGet, async (c, { body }) => {
    await body();
    return ok(c, await getReservationSettings(c.var.services.db));
  });
  route(r, reservationsAdminApi.settingUpdate, async (c, { body }) => {
    const input = await body();
    return ok(c, await updateReservationSettings(c.var.services, input), '保存成功');
  });

  return r;
}
