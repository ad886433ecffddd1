import { contract } from '../platform/http/contract.ts';
import {
  AddressBookSchema,
  AddressListSchema,
  AddressSchema,
  PickupPageSchema,
  PickupSchema,
  ProfileSavedSchema,
  UserInfoResponseSchema,
} from '../../shared/member/responses.ts';
import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { bearerToken, requireUser } from '../platform/http/auth.ts';
import { profileSchema } from '../../shared/member/profile.ts';
import { addressEditSchema, addressRidSchema, addressSchema } from '../../shared/member/address.ts';
import {
  samplingListSchema,
  samplingRequestSchema,
  samplingRidSchema,
} from '../../shared/member/sampling.ts';
import { updateProfile } from './profile.ts';
import { userInfoByToken } from './user-info.ts';
import { addAddress, deleteAddress, editAddress, listAddresses, setDefaultAddress } from './addresses.ts';
import { addSampling, cancelSampling, listSamplings } from './samplings.ts';

/**
 * Reads every member page makes, mounted before the guard on /api/auth: each checks the token
 * inside its own single statement (no valid token → 401 '请先登录', as the guard answers).
 */
export function memberHotReadRoutes() {
  const r = new Hono<ApiEnv>();
  r.post('/user/info', contract({ response: UserInfoResponseSchema }), async (c) =>
    ok(c, await userInfoByToken(c.var.services, bearerToken(c))),
  );
  return r;
}

/** Profile attestation, address book and home sampling, under /api/auth (the guard has run). */
export function memberRoutes() {
  const r = new Hono<ApiEnv>();

  // The spec lists it under user/ (like user/info); earlier clients call it without.
  r.on(
    'POST',
    ['/user/update4profile', '/update4profile'],
    contract({ body: profileSchema, response: ProfileSavedSchema }),
    async (c) => {
      const me = requireUser(c);
      const profile = await readBody(c, profileSchema);
      return ok(c, { userInfo: await updateProfile(c.var.services, me.id, profile) }, '提交成功!');
    },
  );

  r.post('/address/list', contract({ response: AddressListSchema }), async (c) => {
    const me = requireUser(c);
    const list = await listAddresses(c.var.services.db, me.id);
    return ok(c, { list, total: list.length });
  });

  r.post('/address/add', contract({ body: addressSchema, response: AddressSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, addressSchema);
    return ok(c, await addAddress(c.var.services, me.id, input), '操作成功!');
  });

  r.post('/address/edit', contract({ body: addressEditSchema, response: AddressSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, addressEditSchema);
    return ok(c, await editAddress(c.var.services, me.id, input), '操作成功!');
  });

  r.post('/address/del', contract({ body: addressRidSchema, response: AddressBookSchema }), async (c) => {
    const me = requireUser(c);
    const { address_rid } = await readBody(c, addressRidSchema);
    await deleteAddress(c.var.services, me.id, address_rid);
    return ok(c, { address: await listAddresses(c.var.services.db, me.id) }, '操作成功!');
  });

  r.post('/address/default', contract({ body: addressRidSchema, response: AddressSchema }), async (c) => {
    const me = requireUser(c);
    const { address_rid } = await readBody(c, addressRidSchema);
    return ok(c, await setDefaultAddress(c.var.services, me.id, address_rid), '操作成功!');
  });

  r.post('/sampling/add', contract({ body: samplingRequestSchema, response: PickupSchema }), async (c) => {
    const me = requireUser(c);
    const input = await readBody(c, samplingRequestSchema);
    return ok(c, await addSampling(c.var.services, me.id, input), '提交成功!');
  });

  r.post('/sampling/list', contract({ body: samplingListSchema, response: PickupPageSchema }), async (c) => {
    const me = requireUser(c);
    return ok(c, await listSamplings(c.var.services, me.id, await readBody(c, samplingListSchema)));
  });

  r.post('/sampling/cancel', contract({ body: samplingRidSchema, response: PickupSchema }), async (c) => {
    const me = requireUser(c);
    const { rid } = await readBody(c, samplingRidSchema);
    return ok(c, await cancelSampling(c.var.services, me.id, rid), '操作成功!');
  });

  return r;
}
