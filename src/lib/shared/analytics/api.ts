// The staff calls of the turnaround reports (decision 0083), declared once (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import {
  TurnaroundOrderPageSchema,
  turnaroundOrdersSchema,
  TurnaroundSchema,
  turnaroundSchema,
} from './turnaround.ts';
import { RevenueSchema, revenueSchema } from './revenue.ts';
import { EstimatesSchema, estimatesSchema } from './estimates.ts';
import {
  annualSchema,
  AnnualSchema,
  InstitutionSchema,
  institutionSaveSchema,
  UtilisationSchema,
  utilisationSchema,
} from './utilisation.ts';
import { exportAddSchema, ExportListSchema, exportRidSchema, ExportSchema } from './exports.ts';

export const analyticsAdminApi = {
  turnaround: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/turnaround',
    access: 'analytics.read',
    summary: '周期报表：各阶段用时（订单数、平均、中位数、P90、最长、按期率），按月份、项目、仪器或实验员',
    body: turnaroundSchema,
    response: TurnaroundSchema,
  }),
  orders: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/turnaround/orders',
    access: 'analytics.read',
    summary: '周期报表：某一数字背后的订单',
    body: turnaroundOrdersSchema,
    response: TurnaroundOrderPageSchema,
  }),
  revenue: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/revenue',
    access: 'analytics.read',
    summary:
      '营收报表：订单收款、补差价、退差价、退款与净收入（现金、赠送金、优惠券、信用），按月份、项目、仪器、客户类型、单位、课题组或推广人',
    body: revenueSchema,
    response: RevenueSchema,
  }),
  utilisation: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/utilisation',
    access: 'analytics.read',
    summary: '仪器使用率：开放、停机（按类别）、可用、预约与实际使用机时，对外服务机时，排队工作日',
    body: utilisationSchema,
    response: UtilisationSchema,
  }),
  estimates: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/estimates',
    access: 'analytics.read',
    summary: '预计与实际开始测试：下单（报价）时告知的预计开始工作日与收样到开始检测的实际工作日，按订单',
    body: estimatesSchema,
    response: EstimatesSchema,
  }),
  annual: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/annual',
    access: 'analytics.read',
    summary:
      '大型科研仪器开放共享年度统计（每台仪器：可用机时、有效工作机时、对外服务机时、共享率、服务收入）',
    body: annualSchema,
    response: AnnualSchema,
  }),
  annualXlsx: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/annual/xlsx',
    access: 'analytics.read',
    summary: '导出大型科研仪器开放共享年度统计（xlsx）',
    body: annualSchema,
    produces: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: the year's statistics",
  }),
  institution: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/institution',
    access: 'analytics.read',
    summary: '读取本单位名称（其他单位的客户计为对外服务）',
    response: InstitutionSchema,
  }),
  institutionSave: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/institution/save',
    access: 'instruments.edit',
    summary: '设置本单位名称（其他单位的客户计为对外服务）',
    body: institutionSaveSchema,
    response: InstitutionSchema,
    audit: { record: 'setting' },
  }),
  exportAdd: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/export/add',
    access: 'analytics.read',
    summary: '生成报表明细（后台任务）：如某时间范围内每一笔订单收退款的营收明细（xlsx）',
    body: exportAddSchema,
    response: ExportSchema,
    audit: 'write',
  }),
  exportList: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/export/list',
    access: 'analytics.read',
    summary: '我的报表导出记录（最近 20 条）：生成中、已完成或生成失败',
    response: ExportListSchema,
  }),
  exportDownload: endpoint({
    method: 'POST',
    path: '/api/admin/analytics/export/download',
    access: 'analytics.read',
    summary: '下载已生成的报表明细（xlsx）',
    body: exportRidSchema,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: the export',
  }),
};
