// The staff calls of an item's promised turnaround (decision 0079), declared once (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { itemTurnaroundQuerySchema, itemTurnaroundSaveSchema, ItemTurnaroundSchema } from './turnaround.ts';

export const itemTurnaroundApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/admin/catalogue/item/turnaround',
    access: 'catalogue.read',
    summary: '检测项目的承诺周期（工作日）与加急',
    query: itemTurnaroundQuerySchema,
    response: ItemTurnaroundSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/admin/catalogue/item/turnaround/save',
    access: 'catalogue.edit',
    summary: '保存检测项目的承诺周期与加急（已收样订单的交付日期不变）',
    body: itemTurnaroundSaveSchema,
    response: ItemTurnaroundSchema,
    audit: { record: 'item' },
  }),
};
