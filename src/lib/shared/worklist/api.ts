// The worklist calls (decision 0082), all under /api/admin: the work needs orders.process, the
// dashboard's lists dashboard.read with orders.read.
import { endpoint } from '../api/endpoint.ts';
import { dueListSchema, workHandoverSchema, workListSchema, workRidSchema } from './requests.ts';
import { DuePageSchema, WorklistSchema, WorkRowSchema } from './responses.ts';
import { ResultSchema } from '../results/responses.ts';
import { startEstimateQuerySchema, StartEstimatesSchema } from './estimate.ts';

export const worklistAdminApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/admin/worklist/list',
    access: 'orders.process',
    summary: '我的工作：按仪器与项目排列的待检工作（交付日期最早的在前）',
    body: workListSchema,
    response: WorklistSchema,
    audit: 'read',
  }),
  take: endpoint({
    method: 'POST',
    path: '/api/admin/worklist/take',
    access: 'orders.process',
    summary: '领取待检工作（已被他人领取的须转交）',
    body: workRidSchema,
    response: WorkRowSchema,
  }),
  handover: endpoint({
    method: 'POST',
    path: '/api/admin/worklist/handover',
    access: 'orders.process',
    summary: '转交：接手他人领取的工作（须填原因）',
    body: workHandoverSchema,
    response: WorkRowSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/admin/worklist/start',
    access: 'orders.process',
    summary: '开始检测（订单随之进入检测中）',
    body: workRidSchema,
    response: WorkRowSchema,
  }),
  done: endpoint({
    method: 'POST',
    path: '/api/admin/worklist/done',
    access: 'orders.process',
    summary: '完成：提交检测结果审核',
    body: workRidSchema,
    response: ResultSchema,
  }),
  due: endpoint({
    method: 'POST',
    path: '/api/admin/worklist/due',
    access: 'orders.read',
    summary: '即将超期（24个工作小时内到期）与已超期的订单',
    body: dueListSchema,
    response: DuePageSchema,
  }),
  estimate: endpoint({
    method: 'POST',
    path: '/api/admin/worklist/estimate',
    access: 'orders.read',
    summary: '预计开始测试：按仪器排队与每周产能估算各项目收样后几个工作日内开始测试',
    body: startEstimateQuerySchema,
    response: StartEstimatesSchema,
  }),
};
