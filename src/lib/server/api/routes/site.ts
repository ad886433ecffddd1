import { Hono, type Context } from 'hono';
import { IndexMsgSchema } from '../../../shared/require.ts';
import { SettingKeysRequestSchema } from '../../../shared/settings.ts';
import { getPublicSettings, getSettingsByKeys } from '../../services/catalogue/settings.ts';
import { addIndexMsg } from '../../services/require/index-msg.ts';
import type { ApiEnv } from '../app.ts';
import { ok, readBody } from '../envelope.ts';

/**
 * The caller's address: the first hop of X-Forwarded-For (set by the reverse proxy in front of
 * the app processes), else the socket's peer; '' when neither is known (in-process tests).
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? '';
}

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
