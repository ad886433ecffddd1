import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { locationByCode, locationTree } from './locations.ts';
import {
  archiveLocation,
  createLocation,
  deleteLocation,
  editLocation,
  moveLocation,
  restoreLocation,
} from './locations-writes.ts';
import { locationAdminApi as api } from '../../shared/samples/locations-api.ts';

/** Storage locations under /api/admin/sample/location (decision 0071). */
export function locationAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, api.tree, async (c, input) => {
    const { archived } = input.query();
    return ok(c, { list: await locationTree(c.var.services.db, archived === '1') });
  });
  route(r, api.byCode, async (c, input) =>
    ok(c, await locationByCode(c.var.services.db, input.query().code)),
  );
  route(r, api.create, async (c, input) => {
    const body = await input.body();
    const { db, now } = c.var.services;
    return ok(c, await db.transaction((tx) => createLocation(tx, body, now())), '已新建存储位置');
  });
  route(r, api.edit, async (c, input) => {
    const body = await input.body();
    return ok(c, await c.var.services.db.transaction((tx) => editLocation(tx, body)), '已保存');
  });
  route(r, api.move, async (c, input) => {
    const body = await input.body();
    return ok(c, await c.var.services.db.transaction((tx) => moveLocation(tx, body)), '已移动');
  });
  route(r, api.archive, async (c, input) => {
    const { rid } = await input.body();
    const { db, now } = c.var.services;
    const { location, holding } = await db.transaction((tx) => archiveLocation(tx, rid, now()));
    return ok(c, location, holding ? `已归档（其中仍存放着 ${holding} 个样品）` : '已归档');
  });
  route(r, api.restore, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await c.var.services.db.transaction((tx) => restoreLocation(tx, rid)), '已恢复');
  });
  route(r, api.remove, async (c, input) => {
    const { rid } = await input.body();
    await c.var.services.db.transaction((tx) => deleteLocation(tx, rid));
    return ok(c, null, '已删除');
  });
  return r;
}
