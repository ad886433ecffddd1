// The customers calls (decision 0090): the console's customer list and page, advisors and the
// rotation; the customer's own advisor.
import { endpoint } from '../api/endpoint.ts';
import {
  AdvisorChoicesSchema,
  assignAdvisorSchema,
  CustomerDetailSchema,
  customerListSchema,
  CustomerPageSchema,
  customerRidSchema,
  RotationSchema,
  rotationSaveSchema,
} from './customers.ts';
import { MyAdvisorSchema } from './advisor.ts';

export const customersApi = {
  advisor: endpoint({
    method: 'POST',
    path: '/api/auth/advisor/info',
    access: 'signed-in',
    summary: '我的专属顾问',
    response: MyAdvisorSchema,
  }),
};

export const customersAdminApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/admin/customer/list',
    access: 'customers.read',
    summary: '客户列表（搜索、筛选、排序）',
    body: customerListSchema,
    response: CustomerPageSchema,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/api/admin/customer/detail',
    access: 'customers.read',
    summary: '客户详情',
    body: customerRidSchema,
    response: CustomerDetailSchema,
  }),
  advisors: endpoint({
    method: 'POST',
    path: '/api/admin/customer/advisors',
    access: 'customers.read',
    summary: '可选的专属顾问（业务经理）',
    response: AdvisorChoicesSchema,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/admin/customer/advisor',
    access: 'customers.assign',
    summary: '指定或取消专属顾问',
    body: assignAdvisorSchema,
    response: CustomerDetailSchema,
    audit: { record: 'advisor' },
  }),
  rotation: endpoint({
    method: 'POST',
    path: '/api/admin/customer/rotation',
    access: 'customers.read',
    summary: '新客户自动分配顾问（轮流）的设置',
    response: RotationSchema,
  }),
  rotationSave: endpoint({
    method: 'POST',
    path: '/api/admin/customer/rotation/save',
    access: 'staff.manage',
    summary: '开启或关闭新客户自动分配顾问',
    body: rotationSaveSchema,
    response: RotationSchema,
  }),
};
