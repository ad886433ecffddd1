// The samples domain's calls (decision 0069): the customer's under /api/auth, staff's under
// /api/admin.
import { endpoint } from '../api/endpoint.ts';
import { OrderSampleSchema, SampleTrailSchema } from './responses.ts';
import { z } from '../zod.ts';
import { onSiteSamplesSchema, sampleEventSchema, sampleRenameSchema, sampleRidSchema } from './requests.ts';

export const samplesApi = {
  rename: endpoint({
    method: 'POST',
    path: '/api/auth/sample/rename',
    access: 'signed-in',
    summary: '修改样品名称（签收前）',
    body: sampleRenameSchema,
    response: OrderSampleSchema,
  }),
  trail: endpoint({
    method: 'POST',
    path: '/api/auth/sample/trail',
    access: 'signed-in',
    summary: '样品流转记录',
    body: sampleRidSchema,
    response: SampleTrailSchema,
  }),
  /**
   * A filled sample sheet on a placed order (decision 0093), before the lab receives the samples:
   * the item's samples take its rows, or a failure carries the problems and the annotated file.
   */
  sheet: endpoint({
    method: 'POST',
    path: '/api/auth/order/sheet',
    access: 'signed-in',
    summary: '订单上传样品信息表（签收前）',
    multipart: {
      rid: '订单',
      item_rid: '检测项目',
      file: '填写好的样品信息表（xlsx，行数与该项目的样品数相同）',
    },
    response: z.object({ rows: z.number().int(), list: z.array(OrderSampleSchema) }),
  }),
};

export const samplesAdminApi = {
  trail: endpoint({
    method: 'POST',
    path: '/api/admin/sample/trail',
    access: 'orders.read',
    summary: '样品流转记录（员工）',
    body: sampleRidSchema,
    response: SampleTrailSchema,
  }),
  onSite: endpoint({
    method: 'POST',
    path: '/api/admin/sample/onSite',
    access: 'orders.process',
    summary: '登记预约现场订单的客户自带样品',
    body: onSiteSamplesSchema,
    response: z.object({ list: z.array(OrderSampleSchema) }),
  }),
  event: endpoint({
    method: 'POST',
    path: '/api/admin/sample/event',
    access: 'orders.process',
    summary: '记录样品流转事件',
    body: sampleEventSchema,
    response: OrderSampleSchema,
  }),
};
