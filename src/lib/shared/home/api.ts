// The signed-in home page's data (decision 0064). Its answer's schema lives with groups', which
// it shows; this file is the home domain's only shared one.
import { endpoint } from '../api/endpoint.ts';
import { HomeDataForUserSchema } from '../groups/responses.ts';

export const homeApi = {
  data: endpoint({
    method: 'POST',
    path: '/api/auth/web/home/data',
    access: 'signed-in',
    summary: '个人首页数据',
    response: HomeDataForUserSchema,
  }),
};
