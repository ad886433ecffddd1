// The member centre's calls under /api/auth (decision 0064): user info, profile, addresses,
// home sampling.
import { endpoint } from '../api/endpoint.ts';
import {
  AddressBookSchema,
  AddressListSchema,
  AddressSchema,
  PickupPageSchema,
  PickupSchema,
  ProfileSavedSchema,
  UserInfoResponseSchema,
} from './responses.ts';
import { profileSchema } from './profile.ts';
import { addressEditSchema, addressRidSchema, addressSchema } from './address.ts';
import { samplingListSchema, samplingRequestSchema, samplingRidSchema } from './sampling.ts';

/** user/update4profile; earlier clients call it without user/ (both paths answer). */
const updateProfile = {
  access: 'signed-in',
  summary: '提交资料认证',
  body: profileSchema,
  response: ProfileSavedSchema,
} as const;

export const memberApi = {
  info: endpoint({
    method: 'POST',
    path: '/api/auth/user/info',
    access: 'signed-in',
    summary: '当前用户信息',
    response: UserInfoResponseSchema,
  }),
  updateProfile: endpoint({ method: 'POST', path: '/api/auth/user/update4profile', ...updateProfile }),
  updateProfileOld: endpoint({ method: 'POST', path: '/api/auth/update4profile', ...updateProfile }),
  addresses: endpoint({
    method: 'POST',
    path: '/api/auth/address/list',
    access: 'signed-in',
    summary: '地址列表',
    response: AddressListSchema,
  }),
  addressAdd: endpoint({
    method: 'POST',
    path: '/api/auth/address/add',
    access: 'signed-in',
    summary: '新增地址',
    body: addressSchema,
    response: AddressSchema,
  }),
  addressEdit: endpoint({
    method: 'POST',
    path: '/api/auth/address/edit',
    access: 'signed-in',
    summary: '编辑地址',
    body: addressEditSchema,
    response: AddressSchema,
  }),
  addressDelete: endpoint({
    method: 'POST',
    path: '/api/auth/address/del',
    access: 'signed-in',
    summary: '删除地址',
    body: addressRidSchema,
    response: AddressBookSchema,
  }),
  addressDefault: endpoint({
    method: 'POST',
    path: '/api/auth/address/default',
    access: 'signed-in',
    summary: '设为默认地址',
    body: addressRidSchema,
    response: AddressSchema,
  }),
  samplingAdd: endpoint({
    method: 'POST',
    path: '/api/auth/sampling/add',
    access: 'signed-in',
    summary: '预约上门取样',
    body: samplingRequestSchema,
    response: PickupSchema,
  }),
  samplings: endpoint({
    method: 'POST',
    path: '/api/auth/sampling/list',
    access: 'signed-in',
    summary: '上门取样记录',
    body: samplingListSchema,
    response: PickupPageSchema,
  }),
  samplingCancel: endpoint({
    method: 'POST',
    path: '/api/auth/sampling/cancel',
    access: 'signed-in',
    summary: '取消上门取样',
    body: samplingRidSchema,
    response: PickupSchema,
  }),
};
