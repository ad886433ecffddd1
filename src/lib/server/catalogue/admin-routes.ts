import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { catalogueAdminApi } from '../../shared/catalogue/api.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { addChild, deleteChild, editChild, editType, listTypes } from './editing.ts';
import { addItem, editItem, getStaffItem, listItems } from './editing-items.ts';
import {
  addAbility,
  addPrefecture,
  deleteAbility,
  deletePrefecture,
  editAbility,
  editPrefecture,
  listPrefectures,
  listStaffAbilities,
  saveSetting,
  staffSettings,
} from './editing-pages.ts';

/**
 * Staff: the catalogue and the pickup settings under /api/admin/catalogue/* (decision 0035). Reads
 * need catalogue.read, writes catalogue.edit; the staff guard writes each change to the audit log.
 */
export function catalogueAdminRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, catalogueAdminApi.typeList, async (c) => ok(c, await listTypes(c.var.services)));
  route(r, catalogueAdminApi.typeEdit, async (c, input) =>
    ok(c, await editType(c.var.services, await input.body()), '保存成功'),
  );

  route(r, catalogueAdminApi.childAdd, async (c, input) =>
    ok(c, await addChild(c.var.services, await input.body()), '添加成功'),
  );
  route(r, catalogueAdminApi.childEdit, async (c, input) =>
    ok(c, await editChild(c.var.services, await input.body()), '保存成功'),
  );
  route(r, catalogueAdminApi.childDelete, async (c, input) => {
    const { id } = await input.body();
    return ok(c, await deleteChild(c.var.services, id), '删除成功');
  });

  route(r, catalogueAdminApi.itemList, async (c, input) =>
    ok(c, await listItems(c.var.services, await input.body())),
  );
  route(r, catalogueAdminApi.itemDetail, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await getStaffItem(c.var.services, rid));
  });
  route(r, catalogueAdminApi.itemAdd, async (c, input) =>
    ok(c, await addItem(c.var.services, await input.body()), '添加成功'),
  );
  route(r, catalogueAdminApi.itemEdit, async (c, input) =>
    ok(c, await editItem(c.var.services, await input.body()), '保存成功'),
  );

  route(r, catalogueAdminApi.prefectureList, async (c) => ok(c, await listPrefectures(c.var.services)));
  route(r, catalogueAdminApi.prefectureAdd, async (c, input) =>
    ok(c, await addPrefecture(c.var.services, await input.body()), '添加成功'),
  );
  route(r, catalogueAdminApi.prefectureEdit, async (c, input) =>
    ok(c, await editPrefecture(c.var.services, await input.body()), '保存成功'),
  );
  route(r, catalogueAdminApi.prefectureDelete, async (c, input) => {
    const { id } = await input.body();
    return ok(c, await deletePrefecture(c.var.services, id), '删除成功');
  });

  route(r, catalogueAdminApi.abilityList, async (c, input) =>
    ok(c, await listStaffAbilities(c.var.services, await input.body())),
  );
  route(r, catalogueAdminApi.abilityAdd, async (c, input) =>
    ok(c, await addAbility(c.var.services, await input.body()), '添加成功'),
  );
  route(r, catalogueAdminApi.abilityEdit, async (c, input) =>
    ok(c, await editAbility(c.var.services, await input.body()), '保存成功'),
  );
  route(r, catalogueAdminApi.abilityDelete, async (c, input) => {
    const { rid } = await input.body();
    return ok(c, await deleteAbility(c.var.services, rid), '删除成功');
  });

  route(r, catalogueAdminApi.settingGet, async (c) => ok(c, await staffSettings(c.var.services)));
  route(r, catalogueAdminApi.settingSave, async (c, input) =>
    ok(c, await saveSetting(c.var.services, await input.body()), '保存成功'),
  );

  return r;
}
