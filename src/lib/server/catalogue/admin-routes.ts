import { Hono } from 'hono';
import { z } from '../../shared/zod.ts';
import {
  abilityAddSchema,
  abilityEditSchema,
  abilityListSchema,
  abilityRidSchema,
  childAddSchema,
  childEditSchema,
  DeletedSchema,
  idSchema,
  itemAddSchema,
  itemEditSchema,
  itemListSchema,
  itemRidSchema,
  prefectureAddSchema,
  prefectureEditSchema,
  settingSaveSchema,
  StaffAbilityPageSchema,
  StaffAbilitySchema,
  StaffChildSchema,
  StaffItemPageSchema,
  StaffItemSchema,
  StaffPrefectureSchema,
  StaffSettingsSchema,
  StaffTypeSchema,
  typeEditSchema,
} from '../../shared/catalogue/admin.ts';
import { pagedOf } from '../../shared/responses.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { contract } from '../platform/http/contract.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import {
  addAbility,
  addChild,
  addItem,
  addPrefecture,
  deleteAbility,
  deleteChild,
  deletePrefecture,
  editAbility,
  editChild,
  editItem,
  editPrefecture,
  editType,
  getStaffItem,
  listItems,
  listPrefectures,
  listStaffAbilities,
  listTypes,
  saveSetting,
  staffSettings,
} from './editing.ts';

/**
 * Staff: the catalogue and the pickup settings under /api/admin/catalogue/* (decision 0035). Reads
 * need catalogue.read, writes catalogue.edit; the staff guard writes each change to the audit log.
 */
export function catalogueAdminRoutes() {
  const r = new Hono<ApiEnv>();
  const childId = idSchema('分类');
  const areaId = idSchema('专区');

  r.post('/catalogue/type/list', contract({ response: z.array(StaffTypeSchema) }), async (c) =>
    ok(c, await listTypes(c.var.services)),
  );
  r.post('/catalogue/type/edit', contract({ body: typeEditSchema, response: StaffTypeSchema }), async (c) =>
    ok(c, await editType(c.var.services, await readBody(c, typeEditSchema)), '保存成功'),
  );

  r.post('/catalogue/child/add', contract({ body: childAddSchema, response: StaffChildSchema }), async (c) =>
    ok(c, await addChild(c.var.services, await readBody(c, childAddSchema)), '添加成功'),
  );
  r.post(
    '/catalogue/child/edit',
    contract({ body: childEditSchema, response: StaffChildSchema }),
    async (c) => ok(c, await editChild(c.var.services, await readBody(c, childEditSchema)), '保存成功'),
  );
  r.post('/catalogue/child/delete', contract({ body: childId, response: DeletedSchema }), async (c) => {
    const { id } = await readBody(c, childId);
    return ok(c, await deleteChild(c.var.services, id), '删除成功');
  });

  r.post(
    '/catalogue/item/list',
    contract({ body: itemListSchema, response: StaffItemPageSchema }),
    async (c) => ok(c, await listItems(c.var.services, await readBody(c, itemListSchema))),
  );
  r.post(
    '/catalogue/item/detail',
    contract({ body: itemRidSchema, response: StaffItemSchema }),
    async (c) => {
      const { rid } = await readBody(c, itemRidSchema);
      return ok(c, await getStaffItem(c.var.services, rid));
    },
  );
  r.post('/catalogue/item/add', contract({ body: itemAddSchema, response: StaffItemSchema }), async (c) =>
    ok(c, await addItem(c.var.services, await readBody(c, itemAddSchema)), '添加成功'),
  );
  r.post('/catalogue/item/edit', contract({ body: itemEditSchema, response: StaffItemSchema }), async (c) =>
    ok(c, await editItem(c.var.services, await readBody(c, itemEditSchema)), '保存成功'),
  );

  r.post('/catalogue/prefecture/list', contract({ response: pagedOf(StaffPrefectureSchema) }), async (c) =>
    ok(c, await listPrefectures(c.var.services)),
  );
  r.post(
    '/catalogue/prefecture/add',
    contract({ body: prefectureAddSchema, response: StaffPrefectureSchema }),
    async (c) =>
      ok(c, await addPrefecture(c.var.services, await readBody(c, prefectureAddSchema)), '添加成功'),
  );
  r.post(
    '/catalogue/prefecture/edit',
    contract({ body: prefectureEditSchema, response: StaffPrefectureSchema }),
    async (c) =>
      ok(c, await editPrefecture(c.var.services, await readBody(c, prefectureEditSchema)), '保存成功'),
  );
  r.post('/catalogue/prefecture/delete', contract({ body: areaId, response: DeletedSchema }), async (c) => {
    const { id } = await readBody(c, areaId);
    return ok(c, await deletePrefecture(c.var.services, id), '删除成功');
  });

  r.post(
    '/catalogue/ability/list',
    contract({ body: abilityListSchema, response: StaffAbilityPageSchema }),
    async (c) => ok(c, await listStaffAbilities(c.var.services, await readBody(c, abilityListSchema))),
  );
  r.post(
    '/catalogue/ability/add',
    contract({ body: abilityAddSchema, response: StaffAbilitySchema }),
    async (c) => ok(c, await addAbility(c.var.services, await readBody(c, abilityAddSchema)), '添加成功'),
  );
  r.post(
    '/catalogue/ability/edit',
    contract({ body: abilityEditSchema, response: StaffAbilitySchema }),
    async (c) => ok(c, await editAbility(c.var.services, await readBody(c, abilityEditSchema)), '保存成功'),
  );
  r.post(
    '/catalogue/ability/delete',
    contract({ body: abilityRidSchema, response: DeletedSchema }),
    async (c) => {
      const { rid } = await readBody(c, abilityRidSchema);
      return ok(c, await deleteAbility(c.var.services, rid), '删除成功');
    },
  );

  r.post('/catalogue/setting/get', contract({ response: StaffSettingsSchema }), async (c) =>
    ok(c, await staffSettings(c.var.services)),
  );
  r.post(
    '/catalogue/setting/save',
    contract({ body: settingSaveSchema, response: StaffSettingsSchema }),
    async (c) => ok(c, await saveSetting(c.var.services, await readBody(c, settingSaveSchema)), '保存成功'),
  );

  return r;
}
