// The experiment plan (cart) under /api/auth/plan (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { PlanAddedSchema, PlanViewSchema } from './responses.ts';
import { planAddSchema, planRemoveSchema, planUpdateSchema } from './plan-rules.ts';

export const planApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/auth/plan/list',
    access: 'signed-in',
    summary: '实验计划',
    response: PlanViewSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/auth/plan/add',
    access: 'signed-in',
    summary: '加入实验计划',
    body: planAddSchema,
    response: PlanAddedSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/auth/plan/update',
    access: 'signed-in',
    summary: '修改实验计划条目',
    body: planUpdateSchema,
    response: PlanViewSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/auth/plan/remove',
    access: 'signed-in',
    summary: '移出实验计划',
    body: planRemoveSchema,
    response: PlanViewSchema,
  }),
};
