// The reports domain's calls (issue 31, decision 0077): the customer's versions and downloads under
// /api/auth, the public 报告真伪查询 under /api/open, staff's versions, release, revoke and download
// under /api/admin. Release and revoke need the 审核 permission.
import { endpoint } from '../api/endpoint.ts';
import {
  orderReportsSchema,
  releaseSchema,
  ReleasedVersionSchema,
  ReportListSchema,
  revokeSchema,
  StaffReportListSchema,
  StaffReportVersionSchema,
  VerifyAnswerSchema,
  verifySchema,
  versionRidSchema,
} from './versions.ts';
import { OrderTrackingSchema } from './tracking.ts';

export const reportsApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/auth/report/list',
    access: 'signed-in',
    summary: '订单的检测报告（各版本）',
    body: orderReportsSchema,
    response: ReportListSchema,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/auth/report/pdf/:rid',
    access: 'signed-in',
    summary: '下载检测报告（签名 PDF）',
    produces: 'application/pdf: the signed PDF of one version of the customer’s own report',
  }),
  /** Each sample's stage, whereabouts, promised date and reports (decision 0093). */
  tracking: endpoint({
    method: 'POST',
    path: '/api/auth/order/tracking',
    access: 'signed-in',
    summary: '订单的样品进度（每个样品的阶段、位置、预计日期与报告）',
    body: orderReportsSchema,
    response: OrderTrackingSchema,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/open/report/verify',
    access: 'public',
    summary: '报告真伪查询',
    body: verifySchema,
    response: VerifyAnswerSchema,
  }),
};

export const reportsAdminApi = {
  versions: endpoint({
    method: 'POST',
    path: '/api/admin/report/versions',
    access: 'orders.read',
    summary: '订单的报告版本',
    body: orderReportsSchema,
    response: StaffReportListSchema,
  }),
  release: endpoint({
    method: 'POST',
    path: '/api/admin/report/release',
    access: 'results.review',
    summary: '签发报告（首次签发或修改为新版本）',
    body: releaseSchema,
    response: ReleasedVersionSchema,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/admin/report/revoke',
    access: 'results.review',
    summary: '撤销报告版本',
    body: revokeSchema,
    response: StaffReportVersionSchema,
  }),
  pdf: endpoint({
    method: 'POST',
    path: '/api/admin/report/pdf',
    access: 'orders.read',
    summary: '下载报告版本（签名 PDF）',
    body: versionRidSchema,
    produces: 'application/pdf: the signed PDF of one report version',
  }),
};
