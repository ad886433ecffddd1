// The retention and disposal calls (decision 0073): the customer asks for a sample back; staff
// list the samples due, dispose of one with a witness, and set the lab's default retention.
import { endpoint } from '../api/endpoint.ts';
import { OrderSampleSchema } from './responses.ts';
import {
  askReturnSchema,
  DisposalPageSchema,
  disposalListSchema,
  disposeSchema,
  disposeManySchema,
  DisposedManySchema,
  retentionSaveSchema,
  RetentionSettingsSchema,
} from './disposal.ts';

export const disposalApi = {
  /** The lab's retention numbers, for the order form's disposal choices (decision 0078). */
  retention: endpoint({
    method: 'POST',
    path: '/api/open/sample/retention',
    access: 'public',
    summary: '样品留样期限（下单时的处置选项）',
    response: RetentionSettingsSchema,
  }),
  askReturn: endpoint({
    method: 'POST',
    path: '/api/auth/sample/askReturn',
    access: 'signed-in',
    summary: '申请寄回样品（代替销毁）',
    body: askReturnSchema,
    response: OrderSampleSchema,
  }),
};

export const disposalAdminApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/admin/sample/disposals',
    access: 'orders.read',
    summary: '样品处置清单',
    body: disposalListSchema,
    response: DisposalPageSchema,
  }),
  dispose: endpoint({
    method: 'POST',
    path: '/api/admin/sample/dispose',
    access: 'orders.process',
    summary: '销毁样品（需见证人）',
    body: disposeSchema,
    response: OrderSampleSchema,
  }),
  disposeMany: endpoint({
    method: 'POST',
    path: '/api/admin/sample/disposeMany',
    access: 'orders.process',
    summary: '批量销毁样品（一次见证人确认）',
    body: disposeManySchema,
    response: DisposedManySchema,
  }),
  retention: endpoint({
    method: 'POST',
    path: '/api/admin/sample/retention',
    access: 'orders.read',
    summary: '留样设置',
    response: RetentionSettingsSchema,
  }),
  saveRetention: endpoint({
    method: 'POST',
    path: '/api/admin/sample/retention/save',
    access: 'catalogue.edit',
    summary: '修改默认留样天数',
    body: retentionSaveSchema,
    response: RetentionSettingsSchema,
  }),
};
