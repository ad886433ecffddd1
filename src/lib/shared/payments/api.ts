// The payments calls (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { PaymentSchema, paymentCreateSchema, paymentStatusSchema } from '../payments.ts';
import {
  ReconciliationExceptionPageSchema,
  ReconciliationExceptionSchema,
  ReconciliationRunPageSchema,
  ReconciliationRunSchema,
  reconcileExceptionsSchema,
  reconcileListSchema,
  reconcileRerunSchema,
  reconcileResolveSchema,
} from '../reconciliation.ts';
import { z } from '../zod.ts';

const devPaySchema = z.object({
  trade_no: z.string().trim().min(1).max(64),
  action: z.enum(['pay', 'close']).default('pay'),
});
const DevPaidSchema = z.object({ result: z.enum(['settled', 'duplicate', 'closed', 'refused']) });

export const paymentsApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/auth/payment/create',
    access: 'signed-in',
    summary: '发起线上支付',
    body: paymentCreateSchema,
    response: PaymentSchema,
  }),
  status: endpoint({
    method: 'POST',
    path: '/api/auth/payment/status',
    access: 'signed-in',
    summary: '查询支付状态',
    body: paymentStatusSchema,
    response: PaymentSchema,
  }),
  notify: endpoint({
    method: 'POST',
    path: '/api/open/pay/notify/:provider',
    access: 'public',
    summary: '支付渠道的异步通知',
    produces: "the payment provider's acknowledgement (its protocol)",
  }),
  devConfirm: endpoint({
    method: 'POST',
    path: '/api/dev/pay/confirm',
    access: 'dev',
    summary: '模拟支付：确认或关闭支付单（仅开发环境）',
    body: devPaySchema,
    response: DevPaidSchema,
  }),
};

export const paymentsAdminApi = {
  reconcileList: endpoint({
    method: 'POST',
    path: '/api/admin/reconcile/list',
    access: 'payments.read',
    summary: '对账批次列表',
    body: reconcileListSchema,
    response: ReconciliationRunPageSchema,
  }),
  reconcileExceptions: endpoint({
    method: 'POST',
    path: '/api/admin/reconcile/exceptions',
    access: 'payments.read',
    summary: '对账差异列表',
    body: reconcileExceptionsSchema,
    response: ReconciliationExceptionPageSchema,
  }),
  reconcileRerun: endpoint({
    method: 'POST',
    path: '/api/admin/reconcile/rerun',
    access: 'payments.reconcile',
    summary: '重新对账',
    body: reconcileRerunSchema,
    response: ReconciliationRunSchema,
  }),
  reconcileResolve: endpoint({
    method: 'POST',
    path: '/api/admin/reconcile/resolve',
    access: 'payments.reconcile',
    summary: '标记对账差异已处理',
    body: reconcileResolveSchema,
    response: ReconciliationExceptionSchema,
  }),
};
