// The privacy calls (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { NoData } from '../responses.ts';
import { CloseCheckSchema, closeAccountSchema } from './close.ts';

export const privacyApi = {
  export: endpoint({
    method: 'GET',
    path: '/api/auth/user/export',
    access: 'signed-in',
    summary: '下载个人信息',
    produces: 'application/zip: everything held about the caller',
  }),
  closeCheck: endpoint({
    method: 'POST',
    path: '/api/auth/user/closeCheck',
    access: 'signed-in',
    summary: '注销账号前的检查',
    response: CloseCheckSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/auth/user/close',
    access: 'signed-in',
    summary: '注销账号',
    body: closeAccountSchema,
    response: NoData,
  }),
};
