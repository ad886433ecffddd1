import { Hono } from 'hono';
import { IndexMsgSchema } from '../../../shared/require.ts';
import { SettingKeysRequestSchema } from '../../../shared/settings.ts';
import { getPublicSettings, getSettingsByKeys } from '../../services/catalogue/settings.ts';
import { addIndexMsg } from '../../services/require/index-msg.ts';
import type { ApiEnv } from '../app.ts';
import { ok, readBody } from '../envelope.ts';
import { clientIp } from '../middleware/client-ip.ts';

/** Site settings and the requirement form: /api/open/setting*, /api/open/indexMsg/add. */
export function siteRoutes() {
  const r = new Hono<ApiEnv>();

  r.post('/setting', async (c) => ok(c, await getPublicSettings(c.var.services)));

  r.post('/setting/list4key', async (c) => {
    const { keys } = await readBody(c, SettingKeysRequestSchema);
    return ok(c, await getSettingsByKeys(c.var.services, keys));
  });

  r.post('/indexMsg/add', async (c) => {
    const msg = await readBody(c, IndexMsgSchema);
    await addIndexMsg(c.var.services, msg, clientIp(c));
    return ok(c, null, '提交成功!');
  });

  return r;
}
