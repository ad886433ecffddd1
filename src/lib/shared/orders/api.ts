// The orders domain's customer calls under /api/auth (decision 0064); the staff's are in
// admin-api.ts.
import { endpoint } from '../api/endpoint.ts';
import { z } from '../zod.ts';
import { NoData } from '../responses.ts';
import { PageRequestSchema } from '../pagination.ts';
import {
  DemandResultSchema,
  ExpressSchema,
  KeptSamplesPageSchema,
  OrderCountsSchema,
  OrderDetailSchema,
  OrderFilesSchema,
  OrderMovedSchema,
  OrderPageSchema,
  PaidSchema,
  PlacedOrdersSchema,
  ReadyToPaySchema,
  RecycleAddedSchema,
  RecyclePageSchema,
  RelatedDevicesSchema,
  TestRecordSchema,
} from './responses.ts';
import {
  evaluateSchema,
  expressSchema,
  feedbackSchema,
  orderAddSchema,
  orderListSchema,
  orderRidSchema,
  paySchema,
  readyToPaySchema,
  recycleAddSchema,
  ridField,
} from './order.ts';
import { demandSchema } from './demand.ts';
import { FilledPlanSchema, repeatSchema, templateFromOrderSchema } from '../plan/templates.ts';

/** sample4recycle/list4person: a page, optionally one order's requests. */
const recycleListSchema = PageRequestSchema.extend({ order_rid: ridField().optional() });

/** order/updateProtocolFile: the order and the uploaded signed agreement. */
const protocolFileSchema = z.object(
  { rid: ridField(), file_rid: ridField('文件') },
  { error: '请求参数格式不正确' },
);

export const ordersApi = {
  add: endpoint({
    method: 'POST',
    path: '/api/auth/order/add',
    access: 'signed-in',
    summary: '提交订单',
    body: orderAddSchema,
    response: PlacedOrdersSchema,
  }),
  demand: endpoint({
    method: 'POST',
    path: '/api/auth/order/demand',
    access: 'signed-in',
    summary: '提交检测需求（待报价订单）',
    body: demandSchema,
    response: DemandResultSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/api/auth/order/list4person',
    access: 'signed-in',
    summary: '我的订单列表',
    body: orderListSchema,
    response: OrderPageSchema,
  }),
  counts: endpoint({
    method: 'POST',
    path: '/api/auth/order/count4person',
    access: 'signed-in',
    summary: '各状态订单数',
    response: OrderCountsSchema,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/api/auth/order/detail',
    access: 'signed-in',
    summary: '订单详情',
    body: orderRidSchema,
    response: OrderDetailSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/auth/order/cancel',
    access: 'signed-in',
    summary: '取消订单',
    body: orderRidSchema,
    response: OrderMovedSchema,
  }),
  readyToPay: endpoint({
    method: 'POST',
    path: '/api/auth/web/order/ready2pay',
    access: 'signed-in',
    summary: '支付前确认（应付金额、可用优惠券）',
    body: readyToPaySchema,
    response: ReadyToPaySchema,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/auth/web/order/pay',
    access: 'signed-in',
    summary: '支付订单',
    body: paySchema,
    response: PaidSchema,
  }),
  history: endpoint({
    method: 'POST',
    path: '/api/auth/order/history4user',
    access: 'signed-in',
    summary: '留样记录',
    body: PageRequestSchema,
    response: KeptSamplesPageSchema,
  }),
  testRecord: endpoint({
    method: 'POST',
    path: '/api/auth/order/testRecord',
    access: 'signed-in',
    summary: '检测记录',
    body: orderRidSchema,
    response: TestRecordSchema,
  }),
  feedback: endpoint({
    method: 'POST',
    path: '/api/auth/order/reportOrderFeedback',
    access: 'signed-in',
    summary: '报告问题反馈',
    body: feedbackSchema,
    response: NoData,
  }),
  evaluate: endpoint({
    method: 'POST',
    path: '/api/auth/evaluate/add',
    access: 'signed-in',
    summary: '评价订单',
    body: evaluateSchema,
    response: NoData,
  }),
  recycleAdd: endpoint({
    method: 'POST',
    path: '/api/auth/sample4recycle/add',
    access: 'signed-in',
    summary: '申请样品回收',
    body: recycleAddSchema,
    response: RecycleAddedSchema,
  }),
  recycleList: endpoint({
    method: 'POST',
    path: '/api/auth/sample4recycle/list4person',
    access: 'signed-in',
    summary: '样品回收申请列表',
    body: recycleListSchema,
    response: RecyclePageSchema,
  }),
  protocolFiles: endpoint({
    method: 'POST',
    path: '/api/auth/order/listProtocolFile',
    access: 'signed-in',
    summary: '订单协议文件',
    body: orderRidSchema,
    response: OrderFilesSchema,
  }),
  updateExpress: endpoint({
    method: 'POST',
    path: '/api/auth/order/updateExpress',
    access: 'signed-in',
    summary: '填写寄样快递',
    body: expressSchema,
    response: ExpressSchema,
  }),
  updateProtocolFile: endpoint({
    method: 'POST',
    path: '/api/auth/order/updateProtocolFile',
    access: 'signed-in',
    summary: '上传签署后的委托协议',
    body: protocolFileSchema,
    response: OrderFilesSchema,
  }),
  relatedEquipment: endpoint({
    method: 'POST',
    path: '/api/auth/order/relateEquipment',
    access: 'signed-in',
    summary: '订单相关仪器',
    body: orderRidSchema,
    response: RelatedDevicesSchema,
  }),
  /** 再来一单 (decision 0089): the order's lines, delivery and remark into the plan at today's prices. */
  repeat: endpoint({
    method: 'POST',
    path: '/api/auth/order/repeat',
    access: 'signed-in',
    summary: '再来一单',
    body: repeatSchema,
    response: FilledPlanSchema,
  }),
  saveTemplate: endpoint({
    method: 'POST',
    path: '/api/auth/order/saveTemplate',
    access: 'signed-in',
    summary: '订单存为常用模板',
    body: templateFromOrderSchema,
    response: z.object({ rid: z.string() }),
  }),
};
