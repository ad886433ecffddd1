import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { samplesAdminApi, samplesApi } from '../../shared/samples/api.ts';
import { renameSample, sampleTrail, staffSampleEvent } from './services.ts';
import { addOnSiteSamples } from './on-site.ts';
import { orderFromSheet } from './sheet.ts';
import { sheetRefusal } from '../plan/index.ts';
import { enforce } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { readUpload, uploadLimitOf } from '../platform/http/uploads.ts';
import { SHEET_MAX_BYTES } from '../../shared/plan/sheet.ts';

/** As the plan's sheet: reading 500 rows takes a few hundred milliseconds. */
const SHEET_LIMIT = { limit: 20, seconds: 60 };

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
  r.use(
    samplesApi.sheet.path,
    uploadLimitOf(() => SHEET_MAX_BYTES),
  );
  route(r, samplesApi.sheet, async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    // The plan's limit, shared: a person uploads a few sheets a minute wherever they do it.
    await enforce(s, `user:sheet:${me.id}`, SHEET_LIMIT);
    const { file, fields } = await readUpload(c);
    if (!fields.rid) throw new DomainError('[订单]不能为空');
    if (!fields.item_rid) throw new DomainError('[检测项目]不能为空');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const done = await orderFromSheet(s, me.id, fields.rid, fields.item_rid, bytes);
    if (!done.ok) return c.json(sheetRefusal(done));
    return ok(c, { rows: done.rows, list: done.samples }, `已导入${done.rows}个样品`);
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
