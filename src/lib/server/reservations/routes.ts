import { contract } from '../platform/http/contract.ts';
import {
  BlockAddedSchema,
  BlockPageSchema,
  OwnReservationPageSchema,
  RemovedSchema,
  ReservationAddedSchema,
  ReservationCancelledSchema,
  ReservationItemSchema,
  ReservationSettingsSchema,
  StaffDevicePageSchema,
  StaffDeviceSchema,
  StaffReservationPageSchema,
  StaffTempDevicePageSchema,
  TempDeviceItemSchema,
  TempDevicePageSchema,
} from '../../shared/reservations/responses.ts';
import { Hono } from 'hono';
import { z } from '../../shared/zod.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { PageRequestSchema } from '../../shared/pagination.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import { RESERVATION_STATUS_TEXT } from '../../shared/reservations/reservation-rules.ts';
import {
  adminReservationListSchema,
  adminTempDeviceListSchema,
  blockAddSchema,
  blockListSchema,
  blockRidSchema,
  deviceAddSchema,
  deviceEditSchema,
  deviceListSchema,
  reservationAddSchema,
  reservationListSchema,
  reservationRejectSchema,
  reservationRidSchema,
  reservationSettingSchema,
  reservationStepSchema,
  tempDeviceAddSchema,
  tempDeviceDeleteSchema,
  tempDeviceLinkSchema,
  tempDeviceReviewSchema,
} from '../../shared/reservations/reservation.ts';
import { addReservation, cancelReservation, findOwnReservation } from './book.ts';
import { sceneDateOf } from '../member/index.ts';
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

/** The customer's reservations and temp devices under /api/auth (decision 0012). */
const emptyBodySchema = z.object({}, { error: '请求参数格式不正确' });

export function reservationRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/reservation/add',
    contract({ body: reservationAddSchema, response: ReservationAddedSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, reservationAddSchema);
      return ok(c, await addReservation(c.var.services, me.id, input), '预约成功');
    },
  );

  r.post(
    '/reservation/cancel',
    contract({ body: reservationRidSchema, response: ReservationCancelledSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, reservationRidSchema);
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
    },
  );

  r.post(
    '/reservation/list4person',
    contract({ body: reservationListSchema, response: OwnReservationPageSchema }),
    async (c) => {
      const me = requireUser(c);
      const q = await readBody(c, reservationListSchema);
      const s = c.var.services;
      const now = s.now();
      const [page, scene] = await Promise.all([
        listOwnReservations(s.db, me.id, q, now),
        sceneDateOf(s.db, me.id, now),
      ]);
      return ok(c, { ...page, scene_date: scene });
    },
  );

  r.post(
    '/tempDevice/list',
    contract({ body: PageRequestSchema, response: TempDevicePageSchema }),
    async (c) => {
      const me = requireUser(c);
      const q = await readBody(c, PageRequestSchema);
      return ok(c, await listTempDevices(c.var.services, { ...q, userId: me.id }));
    },
  );

  r.post(
    '/tempDevice/add',
    contract({ body: tempDeviceAddSchema, response: TempDeviceItemSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, tempDeviceAddSchema);
      return ok(c, await addTempDevice(c.var.services, me.id, input), '提交成功，等待审核');
    },
  );

  r.post(
    '/tempDevice/addForReservation',
    contract({ body: tempDeviceLinkSchema, response: TempDeviceItemSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reservation_rid } = await readBody(c, tempDeviceLinkSchema);
      return ok(c, await linkTempDevice(c.var.services, me.id, rid, reservation_rid), '关联成功');
    },
  );

  r.post(
    '/tempDevice/operate',
    contract({ body: tempDeviceDeleteSchema, response: RemovedSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid } = await readBody(c, tempDeviceDeleteSchema);
      return ok(c, await deleteTempDevice(c.var.services, me.id, rid), '删除成功');
    },
  );

  return r;
}

/** Staff: instruments, blocks, reservations, temp devices and the booking settings under /api/admin. */
export function reservationAdminRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/device/list', contract({ body: deviceListSchema, response: StaffDevicePageSchema }), async (c) => {
    const q = await readBody(c, deviceListSchema);
    return ok(c, await listDevicesForStaff(c.var.services, q));
  });
  r.post('/device/add', contract({ body: deviceAddSchema, response: StaffDeviceSchema }), async (c) => {
    const input = await readBody(c, deviceAddSchema);
    return ok(c, await addDevice(c.var.services, input), '添加成功');
  });
  r.post('/device/edit', contract({ body: deviceEditSchema, response: StaffDeviceSchema }), async (c) => {
    const { rid, ...input } = await readBody(c, deviceEditSchema);
    return ok(c, await editDevice(c.var.services, rid, input), '保存成功');
  });

  r.post('/block/add', contract({ body: blockAddSchema, response: BlockAddedSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, blockAddSchema);
    return ok(c, await addBlock(c.var.services, me.id, input), '添加成功');
  });
  r.post('/block/list', contract({ body: blockListSchema, response: BlockPageSchema }), async (c) => {
    const q = await readBody(c, blockListSchema);
    return ok(c, await listBlocks(c.var.services, q));
  });
  r.post('/block/delete', contract({ body: blockRidSchema, response: RemovedSchema }), async (c) => {
    const { rid } = await readBody(c, blockRidSchema);
    return ok(c, await deleteBlock(c.var.services, rid), '删除成功');
  });

  r.post(
    '/reservation/list',
    contract({ body: adminReservationListSchema, response: StaffReservationPageSchema }),
    async (c) => {
      const q = await readBody(c, adminReservationListSchema);
      return ok(c, await listAllReservations(c.var.services.db, q, c.var.services.now()));
    },
  );
  const steps: [string, ReservationStep, string][] = [
    ['confirm', 'confirm', '预约已确认'],
    ['done', 'done', '已标记完成'],
    ['no_show', 'no_show', '已标记未到场'],
  ];
  for (const [path, step, msg] of steps) {
    r.post(
      `/reservation/${path}`,
      contract({ body: reservationStepSchema, response: ReservationItemSchema }),
      async (c) => {
        const me = requireUser(c);
        const { rid, note } = await readBody(c, reservationStepSchema);
        return ok(c, await staffReservationStep(c.var.services, me.id, rid, step, note), msg);
      },
    );
  }
  r.post(
    '/reservation/reject',
    contract({ body: reservationRejectSchema, response: ReservationItemSchema }),
    async (c) => {
      const me = requireUser(c);
      const { rid, reason } = await readBody(c, reservationRejectSchema);
      return ok(c, await rejectReservation(c.var.services, me.id, rid, reason), '预约已驳回');
    },
  );

  r.post(
    '/tempDevice/list',
    contract({ body: adminTempDeviceListSchema, response: StaffTempDevicePageSchema }),
    async (c) => {
      const q = await readBody(c, adminTempDeviceListSchema);
      return ok(c, await listTempDevices(c.var.services, q));
    },
  );
  r.post(
    '/tempDevice/operate',
    contract({ body: tempDeviceReviewSchema, response: TempDeviceItemSchema }),
    async (c) => {
      const me = requireUser(c);
      const input = await readBody(c, tempDeviceReviewSchema);
      return ok(c, await reviewTempDevice(c.var.services, me.id, input), '审核完成');
    },
  );

  r.post(
    '/reservationSetting/get',
    contract({ body: emptyBodySchema, response: ReservationSettingsSchema }),
    async (c) => {
      await readBody(c, emptyBodySchema);
      return ok(c, await getReservationSettings(c.var.services.db));
    },
  );
  r.post(
    '/reservationSetting/update',
    contract({ body: reservationSettingSchema, response: ReservationSettingsSchema }),
    async (c) => {
      const input = await readBody(c, reservationSettingSchema);
      return ok(c, await updateReservationSettings(c.var.services, input), '保存成功');
    },
  );

  return r;
}
