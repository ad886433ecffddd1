// The experiment plan (cart) under /api/auth/plan (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { PlanAddedSchema, PlanViewSchema } from './responses.ts';
import { planAddSchema, planRemoveSchema, planUpdateSchema } from './plan-rules.ts';
import { z } from '../zod.ts';
import { NoData } from '../responses.ts';
import {
  FilledPlanSchema,
  TemplateListSchema,
  templateFromPlanSchema,
  templateRidSchema,
} from './templates.ts';

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
  /** An item's sample sheet template (xlsx): open to anyone, as the item page is. */
  sheetTemplate: endpoint({
    method: 'GET',
    path: '/api/open/plan/sheet/:rid',
    access: 'public',
    summary: '下载样品信息表模板（xlsx）',
    produces: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: the item's sample sheet",
  }),
  /**
   * A filled sheet: every row a sample of the item's plan line, or a failure whose data carries
   * the problems (row, column, message) and the annotated workbook in base64.
   */
  sheet: endpoint({
    method: 'POST',
    path: '/api/auth/plan/sheet',
    access: 'signed-in',
    summary: '上传样品信息表',
    multipart: { item_rid: '检测项目', file: '填写好的样品信息表（xlsx，最多500行）' },
    response: PlanAddedSchema.extend({ rows: z.number().int() }),
  }),
  templateSave: endpoint({
    method: 'POST',
    path: '/api/auth/plan/template/save',
    access: 'signed-in',
    summary: '实验计划存为常用模板',
    body: templateFromPlanSchema,
    response: z.object({ rid: z.string() }),
  }),
  templateList: endpoint({
    method: 'POST',
    path: '/api/auth/plan/template/list',
    access: 'signed-in',
    summary: '常用模板',
    response: TemplateListSchema,
  }),
  templateUse: endpoint({
    method: 'POST',
    path: '/api/auth/plan/template/use',
    access: 'signed-in',
    summary: '用常用模板开始实验计划',
    body: templateRidSchema,
    response: FilledPlanSchema,
  }),
  templateDelete: endpoint({
    method: 'POST',
    path: '/api/auth/plan/template/delete',
    access: 'signed-in',
    summary: '删除常用模板',
    body: templateRidSchema,
    response: NoData,
  }),
};
