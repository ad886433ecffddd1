// The console's login, its account, the staff list with roles and the audit log: the calls
// (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { passwordLoginSchema } from '../accounts/auth.ts';
import { LoginResultSchema } from '../accounts/responses.ts';
import {
  AuditPageSchema,
  auditListSchema,
  HistorySchema,
  historySchema,
  StaffMeSchema,
  StaffMemberSchema,
  StaffPageSchema,
  staffSaveSchema,
} from './staff.ts';
import { reauthSchema, ReauthSchema } from './reauth.ts';

export const staffApi = {
  /** The console's own login (a staff session, decision 0023). */
  login: endpoint({
    method: 'POST',
    path: '/api/open/staff/login',
    access: 'public',
    summary: '员工登录',
    body: passwordLoginSchema,
    response: LoginResultSchema,
  }),
};

export const staffAdminApi = {
  me: endpoint({
    method: 'POST',
    path: '/api/admin/me',
    access: 'dashboard.read',
    summary: '当前员工与权限',
    response: StaffMeSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/api/admin/staff/list',
    access: 'staff.manage',
    summary: '员工列表',
    response: StaffPageSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/admin/staff/save',
    access: 'staff.manage',
    summary: '设置或取消员工角色',
    body: staffSaveSchema,
    response: StaffMemberSchema.nullable(),
    audit: { record: 'staff' },
  }),
  audit: endpoint({
    method: 'POST',
    path: '/api/admin/audit/list',
    access: 'audit.read',
    summary: '审计日志',
    body: auditListSchema,
    response: AuditPageSchema,
  }),
  /** An order's history on its page: every staff change to it (the audit log, read as orders.read). */
  orderHistory: endpoint({
    method: 'POST',
    path: '/api/admin/order/history',
    access: 'orders.read',
    summary: '订单的变更历史（操作日志中该订单的记录）',
    body: historySchema,
    response: HistorySchema,
  }),
  /** An item's history in its editor: price and every other change (catalogue.read). */
  itemHistory: endpoint({
    method: 'POST',
    path: '/api/admin/catalogue/item/history',
    access: 'catalogue.read',
    summary: '检测项目的变更历史（价格等）',
    body: historySchema,
    response: HistorySchema,
  }),
  /** A customer's history on their page: advisor, money requests, authorisations… (customers.read). */
  customerHistory: endpoint({
    method: 'POST',
    path: '/api/admin/customer/history',
    access: 'customers.read',
    summary: '客户的变更历史（顾问、授信、入账、仪器授权等）',
    body: historySchema,
    response: HistorySchema,
  }),
  /** An instrument's history: edits, 上架/下架, blocks, opening hours, authorisations (reservations.read). */
  deviceHistory: endpoint({
    method: 'POST',
    path: '/api/admin/device/history',
    access: 'reservations.read',
    summary: '仪器的变更历史（编辑、上下架、封锁、授权）',
    body: historySchema,
    response: HistorySchema,
  }),
  reauth: endpoint({
    method: 'POST',
    path: '/api/admin/staff/reauth',
    access: 'dashboard.read',
    summary: '重新确认登录密码（签发报告等）',
    body: reauthSchema,
    response: ReauthSchema,
    audit: 'write',
  }),
};
