import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { samplesAdminApi, samplesApi } from '../../shared/samples/api.ts';
import { renameSample, sampleTrail, staffSampleEvent } from './services.ts';
import { addOnSiteSamples } from './on-site.ts';

/** The customer's sample calls under /api/auth (decision 0069). */
export function sampleRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, samplesApi.rename, async (c, input) => {
    const me = requireUser(c);
    const { rid, name } = await input.body();
    return ok(c, await renameSample(c.var.services, me.id, rid, name), '样品名称已修改');
  });
  route(r, samplesApi.trail, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return ok(c, await sampleTrail(c.var.services, rid, me.id));
  });
  return r;
}

/** The staff's sample calls under /api/admin: read any trail, record custody events (audited). */
export function sampleAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, samplesAdminApi.trail, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await sampleTrail(c.var.services, rid));
  });
  route(r, samplesAdminApi.onSite, async (c, input) => {
    const me = requireUser(c);
    const list = await addOnSiteSamples(c.var.services, me.id, await input.body());
    return ok(c, { list }, `已登记 ${list.length} 个现场样品`);
  });
  route(r, samplesAdminApi.event, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await staffSampleEvent(c.var.services, me.id, await input.body()), '已记录');
  });
  return r;
}
