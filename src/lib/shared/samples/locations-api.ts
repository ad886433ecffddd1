// The staff calls of storage locations (decision 0071), declared once (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { NoData } from '../responses.ts';
import {
  locationCodeSchema,
  locationCreateSchema,
  locationEditSchema,
  locationMoveSchema,
  locationRidSchema,
  LocationSchema,
  locationTreeSchema,
  LocationTreeSchema,
} from './locations.ts';

const audit = { record: 'location' } as const;

export const locationAdminApi = {
  tree: endpoint({
    method: 'GET',
    path: '/api/admin/sample/location/tree',
    access: 'storage.read',
    summary: '存储位置树（archived=1 含已归档）',
    query: locationTreeSchema,
    response: LocationTreeSchema,
  }),
  byCode: endpoint({
    method: 'GET',
    path: '/api/admin/sample/location/code',
    access: 'storage.read',
    summary: '按位置码（标签二维码）查找存储位置',
    query: locationCodeSchema,
    response: LocationSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/sample/location/create',
    access: 'storage.manage',
    summary: '新建存储位置',
    body: locationCreateSchema,
    response: LocationSchema,
    audit,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/api/admin/sample/location/edit',
    access: 'storage.manage',
    summary: '修改存储位置（名称、类型、温度/条件）',
    body: locationEditSchema,
    response: LocationSchema,
    audit,
  }),
  move: endpoint({
    method: 'POST',
    path: '/api/admin/sample/location/move',
    access: 'storage.manage',
    summary: '移动存储位置到另一个上级位置',
    body: locationMoveSchema,
    response: LocationSchema,
    audit,
  }),
  archive: endpoint({
    method: 'POST',
    path: '/api/admin/sample/location/archive',
    access: 'storage.manage',
    summary: '归档存储位置（连同其下级位置）',
    body: locationRidSchema,
    response: LocationSchema,
    audit,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/admin/sample/location/restore',
    access: 'storage.manage',
    summary: '恢复已归档的存储位置（连同其下级位置）',
    body: locationRidSchema,
    response: LocationSchema,
    audit,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/admin/sample/location/delete',
    access: 'storage.manage',
    summary: '删除未使用过的空存储位置',
    body: locationRidSchema,
    response: NoData,
    audit,
  }),
};
