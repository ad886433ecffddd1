import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { catalogueApi } from '../../shared/catalogue/api.ts';
import { getPublicSettings, getSettingsByKeys } from './settings.ts';
import { addIndexMsg } from '../require/index.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { clientIp } from '../platform/http/client-ip.ts';

/** Site settings and the requirement form: /api/open/setting*, /api/open/indexMsg/add. */
export function siteRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, catalogueApi.settings, async (c) => ok(c, await getPublicSettings(c.var.services)));

  route(r, catalogueApi.settingsByKeys, async (c, input) => {
    const { keys } = await input.body();
    return ok(c, await getSettingsByKeys(c.var.services, keys));
  });

  route(r, catalogueApi.indexMsg, async (c, input) => {
    const msg = await input.body();
    await addIndexMsg(c.var.services, msg, clientIp(c));
    return ok(c, null, '提交成功!');
  });

  return r;
}
