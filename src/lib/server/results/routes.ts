import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { readUpload } from '../platform/http/uploads.ts';
import { DomainError } from '../platform/errors.ts';
import { uploadLimit } from '../files/index.ts';
import { resultsAdminApi as api } from '../../shared/results/api.ts';
import { attachResultFile, saveResult, submitResult } from './entries.ts';
import { reopenResult, reviewResult } from './review.ts';
import { orderResults, reviewQueue } from './lists.ts';
import { reviewsRequired, setReviewsRequired } from './settings.ts';

/** The staff's results calls under /api/admin/result (decision 0075). */
export function resultAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, api.list, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await orderResults(c.var.services, me.id, (await input.body()).rid));
  });
  route(r, api.save, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await saveResult(c.var.services, me.id, await input.body()), '已保存');
  });
  r.use(api.file.path, uploadLimit('raw'));
  route(r, api.file, async (c) => {
    const me = requireUser(c);
    const { file, name, fields } = await readUpload(c);
    if (!fields.rid) throw new DomainError('[结果编号]不能为空');
    const bytes = new Uint8Array(await file.arrayBuffer());
    return ok(c, await attachResultFile(c.var.services, me.id, fields.rid, { name, bytes }), '已上传');
  });
  r.use(api.report.path, uploadLimit('raw'));
  route(r, api.report, async (c) => {
    const me = requireUser(c);
    const { file, name, fields } = await readUpload(c);
    if (!fields.rid) throw new DomainError('[结果编号]不能为空');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const view = await attachResultFile(c.var.services, me.id, fields.rid, { name, bytes }, true);
    return ok(c, view, '成品报告已上传');
  });
  route(r, api.submit, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await submitResult(c.var.services, me.id, (await input.body()).rid), '已提交审核');
  });
  route(r, api.review, async (c, input) => {
    const me = requireUser(c);
    const { view, message } = await reviewResult(c.var.services, me.id, await input.body());
    return ok(c, view, message);
  });
  route(r, api.reopen, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await reopenResult(c.var.services, me.id, await input.body()), '已退回重测');
  });
  route(r, api.queue, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await reviewQueue(c.var.services, me.id, await input.body()));
  });
  route(r, api.settings, async (c) => ok(c, { reviews_required: await reviewsRequired(c.var.services.db) }));
  route(r, api.settingsSave, async (c, input) => {
    const { reviews_required } = await input.body();
    return ok(c, await setReviewsRequired(c.var.services, reviews_required), '已保存');
  });
  return r;
}
