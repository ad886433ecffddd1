// The retention and disposal calls (decision 0073): the customer's 申请寄回 under /api/auth; the
// console's disposal list, witnessed disposal and retention setting under /api/admin.
import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { disposalAdminApi, disposalApi } from '../../shared/samples/disposal-api.ts';
import { askReturn, disposeSample, disposeSamples, listDisposals } from './disposal.ts';
import { retentionSettings, saveRetentionSettings } from './disposal-retention.ts';

export function disposalRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, disposalApi.retention, async (c) => ok(c, await retentionSettings(c.var.services.db)));
  route(r, disposalApi.askReturn, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await askReturn(c.var.services, me.id, rid), '已申请寄回，业务经理将与您联系寄送事宜');
  });
  return r;
}

export function disposalAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, disposalAdminApi.list, async (c, input) =>
    ok(c, await listDisposals(c.var.services, await input.body())),
  );
  route(r, disposalAdminApi.dispose, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await disposeSample(c.var.services, me.id, await input.body()), '样品已销毁');
  });
  route(r, disposalAdminApi.disposeMany, async (c, input) => {
    const me = requireUser(c);
    const done = await disposeSamples(c.var.services, me.id, await input.body());
    const msg = done.refused.length
      ? `已销毁 ${done.disposed.length} 个，${done.refused.length} 个未销毁`
      : `已销毁 ${done.disposed.length} 个样品`;
    return ok(c, done, msg);
  });
  route(r, disposalAdminApi.retention, async (c) => ok(c, await retentionSettings(c.var.services.db)));
  route(r, disposalAdminApi.saveRetention, async (c, input) =>
    ok(c, await saveRetentionSettings(c.var.services, await input.body()), '已保存'),
  );
  return r;
}
