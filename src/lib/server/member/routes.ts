import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { memberApi } from '../../shared/member/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { bearerToken, requireUser } from '../platform/http/auth.ts';
import { updateProfile } from './profile.ts';
import { userInfoByToken } from './user-info.ts';
import { addAddress, deleteAddress, editAddress, listAddresses, setDefaultAddress } from './addresses.ts';
import { addSampling, cancelSampling, listSamplings } from './samplings.ts';
import type { SceneDateOf } from './scene-date.ts';

/**
 * Reads every member page makes, mounted before the guard on /api/auth: each checks the token
 * inside its own single statement (no valid token → 401 '请先登录', as the guard answers).
 */
export function memberHotReadRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, memberApi.info, async (c) => ok(c, await userInfoByToken(c.var.services, bearerToken(c))));
  return r;
}

/**
 * Profile attestation, address book and home sampling, under /api/auth (the guard has run). A
 * pickup is checked against the scene date, reservations' read the app hands in.
 */
export function memberRoutes(sceneDateOf: SceneDateOf) {
  const r = new Hono<ApiEnv>();

  // The spec lists it under user/ (like user/info); earlier clients call it without.
  for (const call of [memberApi.updateProfile, memberApi.updateProfileOld])
    route(r, call, async (c, input) => {
      const me = requireUser(c);
      const profile = await input.body();
      return ok(c, { userInfo: await updateProfile(c.var.services, me.id, profile) }, '提交成功!');
    });

  route(r, memberApi.addresses, async (c) => {
    const me = requireUser(c);
    const list = await listAddresses(c.var.services.db, me.id);
    return ok(c, { list, total: list.length });
  });

  route(r, memberApi.addressAdd, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await addAddress(c.var.services, me.id, input), '操作成功!');
  });

  route(r, memberApi.addressEdit, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await editAddress(c.var.services, me.id, input), '操作成功!');
  });

  route(r, memberApi.addressDelete, async (c, input) => {
    const me = requireUser(c);
    const { address_rid } = await input.body();
    await deleteAddress(c.var.services, me.id, address_rid);
    return ok(c, { address: await listAddresses(c.var.services.db, me.id) }, '操作成功!');
  });

  route(r, memberApi.addressDefault, async (c, input) => {
    const me = requireUser(c);
    const { address_rid } = await input.body();
    return ok(c, await setDefaultAddress(c.var.services, me.id, address_rid), '操作成功!');
  });

  route(r, memberApi.samplingAdd, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    return ok(c, await addSampling(c.var.services, me.id, input, sceneDateOf), '提交成功!');
  });

  route(r, memberApi.samplings, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await listSamplings(c.var.services, me.id, await input.body()));
  });

  route(r, memberApi.samplingCancel, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await cancelSampling(c.var.services, me.id, rid), '操作成功!');
  });

  return r;
}
