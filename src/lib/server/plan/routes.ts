import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { planApi } from '../../shared/plan/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import {
  addToPlan,
  deleteTemplate,
  listPlan,
  listTemplates,
  planAsLines,
  planFromSheet,
  removePlanLines,
  saveTemplate,
  updatePlanLine,
  useTemplate,
} from './index.ts';
import { readParam } from '../platform/http/envelope.ts';
import { readUpload, uploadLimitOf } from '../platform/http/uploads.ts';
import { contentDisposition } from '../files/index.ts';
import { enforce } from '../accounts/index.ts';
import { itemsByRid } from '../catalogue/index.ts';
import { DomainError } from '../platform/errors.ts';
import { sheetRefusal, sheetTemplate } from './sheet.ts';
import { sheetFileName, SHEET_MAX_BYTES } from '../../shared/plan/sheet.ts';
import { emptyDelivery } from '../../shared/orders/order.ts';

/** Reading a 500-row sheet takes a few hundred milliseconds: a person uploads a few a minute. */
const SHEET_LIMIT = { limit: 20, seconds: 60 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The experiment plan (cart) under /api/auth/plan/*; cartNum in user/info counts its lines. */
export function planRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, planApi.list, async (c) => ok(c, await listPlan(c.var.services, requireUser(c).id)));

  route(r, planApi.add, async (c, { body }) => {
    const me = requireUser(c);
    const input = await body();
    const { rid } = await addToPlan(c.var.services, me.id, input);
    return ok(c, { rid, ...(await listPlan(c.var.services, me.id)) }, '已加入实验计划');
  });

  route(r, planApi.update, async (c, input) => {
    const me = requireUser(c);
    await updatePlanLine(c.var.services, me.id, await input.body());
    return ok(c, await listPlan(c.var.services, me.id));
  });

  route(r, planApi.remove, async (c, input) => {
    const me = requireUser(c);
    await removePlanLines(c.var.services, me.id, (await input.body()).rids);
    return ok(c, await listPlan(c.var.services, me.id));
  });

  route(r, planApi.sheetTemplate, async (c) => {
    const [it] = await itemsByRid(c.var.services.db, [readParam(c, 'rid')]);
    if (!it || !it.onSale || it.typeId !== 1)
      throw new DomainError('检测项目不存在或无需样品信息表', 404, 'NOT_FOUND');
    return c.body(new Uint8Array(await sheetTemplate(it)), 200, {
      'content-type': XLSX,
      'content-disposition': contentDisposition(sheetFileName(it.name)),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });

  r.use(
    planApi.sheet.path,
    uploadLimitOf(() => SHEET_MAX_BYTES),
  );
  route(r, planApi.sheet, async (c) => {
    const me = requireUser(c);
    const s = c.var.services;
    await enforce(s, `user:sheet:${me.id}`, SHEET_LIMIT);
    const { file, fields } = await readUpload(c);
    if (!fields.item_rid) throw new DomainError('[检测项目]不能为空');
    const done = await planFromSheet(s, me.id, fields.item_rid, new Uint8Array(await file.arrayBuffer()));
    if (!done.ok) return c.json(sheetRefusal(done));
    return ok(
      c,
      { rid: done.rid, rows: done.rows, ...(await listPlan(s, me.id)) },
      `已导入${done.rows}个样品`,
    );
  });

  route(r, planApi.templateSave, async (c, input) => {
    const me = requireUser(c);
    const s = c.var.services;
    const body = await input.body();
    const saved = await saveTemplate(s, me.id, {
      name: body.name,
      lines: await planAsLines(s, me.id),
      delivery: body.delivery ?? emptyDelivery(0),
      remark: body.remark ?? '',
    });
    return ok(c, saved, '已保存为常用模板');
  });
  route(r, planApi.templateList, async (c) => ok(c, await listTemplates(c.var.services, requireUser(c).id)));
  route(r, planApi.templateUse, async (c, input) => {
    const me = requireUser(c);
    return ok(c, await useTemplate(c.var.services, me.id, (await input.body()).rid), '已加入实验计划');
  });
  route(r, planApi.templateDelete, async (c, input) => {
    const me = requireUser(c);
    await deleteTemplate(c.var.services, me.id, (await input.body()).rid);
    return ok(c, null, '已删除');
  });

  return r;
}
