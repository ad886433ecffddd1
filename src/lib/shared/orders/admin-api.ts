// The orders domain's staff calls under /api/admin (decision 0064): orders, pickups and service
// promises.
import { endpoint } from '../api/endpoint.ts';
import { z } from '../zod.ts';
import { fen } from '../responses.ts';
import { phoneField } from '../accounts/auth.ts';
import { CustomerRefSchema } from '../accounts/responses.ts';
import { StoredFileSchema } from '../files/responses.ts';
import {
  DashboardSchema,
  StaffOrderPageSchema,
  OrderRemarkSchema,
  StaffMovedSchema,
  StaffOrderDetailSchema,
} from './responses.ts';
import {
  adminListSchema,
  finalPriceSchema,
  orderRidSchema,
  remarkSchema,
  staffCancelSchema,
  staffStepSchema,
} from './order.ts';
import { quoteSchema } from './quote.ts';
import { receiveSchema, rejectSchema } from './receipt.ts';
import {
  orderMarkSchema,
  PickupMovedSchema,
  PickupPageSchema,
  pickupListSchema,
  pickupStepSchema,
  PromisePageSchema,
  promiseListSchema,
} from './operations.ts';

/** user/find: a customer by phone, with the cash they hold. */
const userFindSchema = z.object({ phone: phoneField });
const FoundUserSchema = CustomerRefSchema.extend({ balance_fen: fen });

export const ordersAdminApi = {
  dashboard: endpoint({
    method: 'POST',
    path: '/api/admin/dashboard',
    access: 'dashboard.read',
    summary: '工作台概览',
    response: DashboardSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/api/admin/order/list',
    access: 'orders.read',
    summary: '订单列表',
    body: adminListSchema,
    response: StaffOrderPageSchema,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/api/admin/order/detail',
    access: 'orders.read',
    summary: '订单详情（员工）',
    body: orderRidSchema,
    response: StaffOrderDetailSchema,
  }),
  remark: endpoint({
    method: 'POST',
    path: '/api/admin/order/remark',
    access: 'orders.read',
    summary: '添加内部备注',
    body: remarkSchema,
    response: z.array(OrderRemarkSchema),
    audit: 'write',
  }),
  quote: endpoint({
    method: 'POST',
    path: '/api/admin/order/quote',
    access: 'orders.quote',
    summary: '报价',
    body: quoteSchema,
    response: StaffMovedSchema,
  }),
  finalPrice: endpoint({
    method: 'POST',
    path: '/api/admin/order/finalPrice',
    access: 'orders.bill',
    summary: '设置最终价格',
    body: finalPriceSchema,
    response: StaffMovedSchema,
  }),
  receive: endpoint({
    method: 'POST',
    path: '/api/admin/order/receive',
    access: 'orders.process',
    summary: '确认收样',
    body: receiveSchema,
    response: StaffMovedSchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/admin/order/reject',
    access: 'orders.process',
    summary: '拒收样品',
    body: rejectSchema,
    response: StaffMovedSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/admin/order/cancel',
    access: 'orders.cancel',
    summary: '取消订单（员工）',
    body: staffCancelSchema,
    response: StaffMovedSchema,
  }),
  findUser: endpoint({
    method: 'POST',
    path: '/api/admin/user/find',
    access: 'customers.read',
    summary: '按手机号查找客户',
    body: userFindSchema,
    response: FoundUserSchema,
  }),
  pickups: endpoint({
    method: 'POST',
    path: '/api/admin/pickup/list',
    access: 'orders.read',
    summary: '上门取样列表',
    body: pickupListSchema,
    response: PickupPageSchema,
  }),
  picked: endpoint({
    method: 'POST',
    path: '/api/admin/pickup/picked',
    access: 'orders.process',
    summary: '标记已取样',
    body: pickupStepSchema,
    response: PickupMovedSchema,
  }),
  pickupReceive: endpoint({
    method: 'POST',
    path: '/api/admin/pickup/receive',
    access: 'orders.process',
    summary: '取样确认收样',
    body: pickupStepSchema,
    response: PickupMovedSchema,
  }),
  promises: endpoint({
    method: 'POST',
    path: '/api/admin/promise/list',
    access: 'orders.read',
    summary: '服务承诺逾期列表',
    body: promiseListSchema,
    response: PromisePageSchema,
  }),
  receiptPhoto: endpoint({
    method: 'POST',
    path: '/api/admin/order/receipt/photo',
    access: 'orders.process',
    summary: '上传收样照片',
    multipart: { file: '收样照片（PNG、JPG、WEBP、GIF）', rid: '订单编号' },
    response: StoredFileSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/admin/order/start',
    access: 'orders.process',
    summary: '开始检测',
    body: staffStepSchema,
    response: StaffMovedSchema,
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/api/admin/order/deliver',
    access: 'orders.process',
    summary: '出具数据（须已签发有效的检测报告）',
    body: staffStepSchema,
    response: StaffMovedSchema,
  }),
  bill: endpoint({
    method: 'POST',
    path: '/api/admin/order/bill',
    access: 'orders.bill',
    summary: '出账',
    body: staffStepSchema,
    response: StaffMovedSchema,
  }),
  complete: endpoint({
    method: 'POST',
    path: '/api/admin/order/complete',
    access: 'orders.bill',
    summary: '完成订单',
    body: staffStepSchema,
    response: StaffMovedSchema,
  }),
  settle: endpoint({
    method: 'POST',
    path: '/api/admin/order/settle',
    access: 'orders.bill',
    summary: '结清订单',
    body: staffStepSchema,
    response: StaffMovedSchema,
  }),
  called: endpoint({
    method: 'POST',
    path: '/api/admin/order/called',
    access: 'orders.quote',
    summary: '记录已致电客户',
    body: orderMarkSchema,
    response: StaffMovedSchema,
  }),
};
