import { contract } from '../platform/http/contract.ts';
import { PublicSettingsSchema } from '../../shared/catalogue/responses.ts';
import { NoData } from '../../shared/responses.ts';
import { Hono } from 'hono';
import { IndexMsgSchema } from '../../shared/require/require.ts';
import { SettingKeysRequestSchema } from '../../shared/catalogue/settings.ts';
import { getPublicSettings, getSettingsByKeys } from './settings.ts';
import { addIndexMsg } from '../require/index.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { clientIp } from '../platform/http/client-ip.ts';

/** Site settings and the requirement form: /api/open/setting*, /api/open/indexMsg/add. */
export function siteRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/setting', contract({ response: PublicSettingsSchema }), async (c) =>
    ok(c, await getPublicSettings(c.var.services)),
  );

  r.post(
    '/setting/list4key',
    contract({ body: SettingKeysRequestSchema, response: PublicSettingsSchema.partial() }),
    async (c) => {
      const { keys } = await readBody(c, SettingKeysRequestSchema);
      return ok(c, await getSettingsByKeys(c.var.services, keys));
    },
  );

  r.post('/indexMsg/add', contract({ body: IndexMsgSchema, response: NoData }), async (c) => {
    const msg = await readBody(c, IndexMsgSchema);
    await addIndexMsg(c.var.services, msg, clientIp(c));
    return ok(c, null, '提交成功!');
  });

  return r;
}
