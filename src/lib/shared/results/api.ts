// The results domain's calls (decision 0075), all under /api/admin: entry and submission need
// orders.process, a review results.review (审核), the setting an admin.
import { endpoint } from '../api/endpoint.ts';
import {
  resultOrderSchema,
  resultQueueSchema,
  resultReopenSchema,
  resultReviewSchema,
  resultRidSchema,
  resultSaveSchema,
  resultSettingsSchema,
} from './requests.ts';
import { OrderResultsSchema, ResultQueueSchema, ResultSchema, ResultSettingsSchema } from './responses.ts';

const RESULT_UPLOAD_FIELDS = { file: '原始数据文件（仪器导出的任意格式）', rid: '结果编号' };
const FINISHED_REPORT_FIELDS = { file: '成品报告（PDF，签发时附于检测报告之后）', rid: '结果编号' };

export const resultsAdminApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/admin/result/list',
    access: 'orders.read',
    summary: '订单的检测结果（样品 × 项目）',
    body: resultOrderSchema,
    response: OrderResultsSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/admin/result/save',
    access: 'orders.process',
    summary: '保存检测结果（草稿）',
    body: resultSaveSchema,
    response: ResultSchema,
  }),
  file: endpoint({
    method: 'POST',
    path: '/api/admin/result/file',
    access: 'orders.process',
    summary: '上传原始数据文件',
    multipart: RESULT_UPLOAD_FIELDS,
    response: ResultSchema,
  }),
  report: endpoint({
    method: 'POST',
    path: '/api/admin/result/report',
    access: 'orders.process',
    summary: '上传成品报告（PDF，随结果审核，签发时作为附件）',
    multipart: FINISHED_REPORT_FIELDS,
    response: ResultSchema,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/admin/result/submit',
    access: 'orders.process',
    summary: '提交审核',
    body: resultRidSchema,
    response: ResultSchema,
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/admin/result/review',
    access: 'results.review',
    summary: '审核检测结果（通过 / 退回）',
    body: resultReviewSchema,
    response: ResultSchema,
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/admin/result/reopen',
    access: 'orders.process',
    summary: '重测（已审核的结果退回草稿）',
    body: resultReopenSchema,
    response: ResultSchema,
  }),
  queue: endpoint({
    method: 'POST',
    path: '/api/admin/result/queue',
    access: 'results.review',
    summary: '待审核的检测结果',
    body: resultQueueSchema,
    response: ResultQueueSchema,
    audit: 'read',
  }),
  settings: endpoint({
    method: 'POST',
    path: '/api/admin/result/settings',
    access: 'orders.read',
    summary: '结果审核设置',
    response: ResultSettingsSchema,
  }),
  settingsSave: endpoint({
    method: 'POST',
    path: '/api/admin/result/settings/save',
    access: 'staff.manage',
    summary: '修改结果审核次数',
    body: resultSettingsSchema,
    response: ResultSettingsSchema,
    audit: 'write',
  }),
};
