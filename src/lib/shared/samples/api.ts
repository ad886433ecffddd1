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
