// Decision 0071: storage locations as a tree (room → fridge/cabinet → shelf → box), edited by lab
// staff, each with a label code the scan screen looks up; a location holding samples is archived,
// never deleted.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken } from '../support/orders.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import type { Role } from '#shared/staff/permissions.ts';
import type { Location } from '#shared/samples/locations.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function memberOf(role: Role) {
  const u = await o.a.user();
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  await t.services.db
    .insert(staffMembers)
    .values({ userId: row.id, role, createdAt: new Date(t.services.now()) });
  return u.phone;
}
// A fresh console session per call: the test clock moves 2 h with every new customer.
const staffOf = async (role: Role) => o.a.bearer(await staffToken(t, await memberOf(role)));
const technician = await memberOf('technician');
const tech = async () => o.a.bearer(await staffToken(t, technician));

const call = async <T = Location>(path: string, body: unknown, h?: Record<string, string>) =>
  t.post<T>(`/api/admin/sample/location/${path}`, body, h ?? (await tech()));
const done = async <T = Location>(path: string, body: unknown) => {
  const res = await call<T>(path, body);
  expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
  return res.body.data;
};
const refusal = async (path: string, body: unknown) => {
  const res = await call(path, body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.msg;
};
const tree = async (archived = false) =>
  (
    await t.get<{ list: Location[] }>(
      `/api/admin/sample/location/tree${archived ? '?archived=1' : ''}`,
      await tech(),
    )
  ).body.data.list;
const byCode = async (code: string) =>
  (await t.get<Location>(`/api/admin/sample/location/code?code=${encodeURIComponent(code)}`, await tech()))
    .body;

/** A room with a fridge, a shelf in it and a box on the shelf. */
async function building(name: string) {
  const room = await done('create', { kind: 'room', name, note: '' });
  const fridge = await done('create', {
    parent_rid: room.rid,
    kind: 'fridge',
    name: '-80 冰箱 1',
    note: '-80 ℃',
  });
  const shelf = await done('create', { parent_rid: fridge.rid, kind: 'shelf', name: '第 2 层', note: '' });
  const box = await done('create', { parent_rid: shelf.rid, kind: 'box', name: '盒 A', note: '' });
  return { room, fridge, shelf, box };
}

describe('the tree', () => {
  it('nests room → fridge → shelf → box, with paths and label codes', async () => {
    const { room, fridge, box } = await building('实验楼 A201');
    expect(box.path).toEqual(['实验楼 A201', '-80 冰箱 1', '第 2 层', '盒 A']);
    expect(box.path_text).toBe('实验楼 A201 › -80 冰箱 1 › 第 2 层 › 盒 A');
    expect(box.kind_text).toBe('盒/位置');
    expect(fridge.note).toBe('-80 ℃');
    for (const l of [room, fridge, box]) expect(l.code).toMatch(/^LOC-[2-9A-HJ-KM-NP-Z]{8}$/);
    expect(new Set([room.code, fridge.code, box.code]).size).toBe(3);

    const list = await tree();
    const mine = list.filter((l) => l.path[0] === '实验楼 A201');
    // Parents before their children.
    expect(mine.map((l) => l.name)).toEqual(['实验楼 A201', '-80 冰箱 1', '第 2 层', '盒 A']);
    expect(mine.map((l) => l.parent_rid)).toEqual([null, room.rid, mine[1].rid, mine[2].rid]);
    // Siblings as people count: 第 2 层 before 第 10 层.
    await done('create', { parent_rid: fridge.rid, kind: 'shelf', name: '第 10 层', note: '' });
    const shelves = (await tree()).filter((l) => l.parent_rid === fridge.rid).map((l) => l.name);
    expect(shelves).toEqual(['第 2 层', '第 10 层']);
  });

  it('refuses what cannot contain what, with the reason in Chinese', async () => {
    const { room, fridge, shelf, box } = await building('实验楼 B');
    expect(await refusal('create', { parent_rid: box.rid, kind: 'room', name: '错', note: '' })).toBe(
      '盒/位置中不能放房间（只能放：无）',
    );
    expect(await refusal('create', { parent_rid: shelf.rid, kind: 'fridge', name: '错', note: '' })).toBe(
      '层中不能放冰箱（只能放：盒/位置）',
    );
    expect(await refusal('create', { kind: 'box', name: '顶层盒', note: '' })).toBe(
      '盒/位置必须放在上级位置中，只有房间可以作为顶层位置',
    );
    expect(await refusal('create', { parent_rid: room.rid, kind: 'room', name: '套间', note: '' })).toBe(
      '房间中不能放房间（只能放：冰箱、柜、层、盒/位置）',
    );
    // A box may stand straight in a fridge (no shelves), a cabinet in a room.
    await done('create', { parent_rid: fridge.rid, kind: 'box', name: '门架盒', note: '' });
    await done('create', { parent_rid: room.rid, kind: 'cabinet', name: '试剂柜', note: '避光' });
    // Bad input: unknown kind, empty name, unknown parent.
    expect(await refusal('create', { parent_rid: room.rid, kind: 'drawer', name: 'x', note: '' })).toBe(
      '[类型]的取值不正确',
    );
    expect(await refusal('create', { parent_rid: room.rid, kind: 'box', name: '  ', note: '' })).toBe(
      '[名称]不能为空',
    );
    expect(await refusal('create', { parent_rid: 'Lnope', kind: 'box', name: 'x', note: '' })).toBe(
      '上级位置不存在',
    );
    // Changing a kind must still fit the parent and the children.
    expect(await refusal('edit', { rid: shelf.rid, kind: 'box', name: shelf.name, note: '' })).toBe(
      '该位置中放有盒/位置，不能改为盒/位置',
    );
    expect(await refusal('edit', { rid: fridge.rid, kind: 'room', name: fridge.name, note: '' })).toBe(
      '房间中不能放房间（只能放：冰箱、柜、层、盒/位置）',
    );
    const cabinet = await done('edit', { rid: fridge.rid, kind: 'cabinet', name: '冷藏柜', note: '4 ℃' });
    expect(cabinet).toMatchObject({ kind: 'cabinet', name: '冷藏柜', note: '4 ℃' });
  });

  it('keeps names unique among live siblings only', async () => {
    const { fridge, shelf } = await building('实验楼 C');
    expect(
      await refusal('create', { parent_rid: fridge.rid, kind: 'shelf', name: '第 2 层', note: '' }),
    ).toBe('同一上级位置下已有名为「第 2 层」的位置，请换一个名称');
    const other = await done('create', { parent_rid: fridge.rid, kind: 'shelf', name: '第 3 层', note: '' });
    expect(await refusal('edit', { rid: other.rid, kind: 'shelf', name: '第 2 层', note: '' })).toMatch(
      /已有名为「第 2 层」/,
    );
    // The same name elsewhere is fine; an archived sibling frees its name.
    await done('create', { parent_rid: other.rid, kind: 'box', name: '盒 A', note: '' });
    await done('archive', { rid: shelf.rid });
    await done('create', { parent_rid: fridge.rid, kind: 'shelf', name: '第 2 层', note: '' });
    // …and then cannot come back under that name.
    expect(await refusal('restore', { rid: shelf.rid })).toMatch(/已有名为「第 2 层」/);
  });

  it('moves a location with what it holds, never into itself or below itself', async () => {
    const a = await building('实验楼 D');
    const b = await building('实验楼 E');
    expect(await refusal('move', { rid: a.fridge.rid, parent_rid: a.box.rid })).toBe(
      '不能把位置移到它自己或它的下级位置中',
    );
    expect(await refusal('move', { rid: a.fridge.rid, parent_rid: a.fridge.rid })).toBe(
      '不能把位置移到它自己或它的下级位置中',
    );
    expect(await refusal('move', { rid: a.shelf.rid, parent_rid: null })).toBe(
      '层必须放在上级位置中，只有房间可以作为顶层位置',
    );
    // Same name in the target: refused.
    expect(await refusal('move', { rid: a.shelf.rid, parent_rid: b.fridge.rid })).toMatch(
      /已有名为「第 2 层」/,
    );
    expect(await refusal('move', { rid: a.fridge.rid, parent_rid: b.room.rid })).toMatch(
      /已有名为「-80 冰箱 1」/,
    );
    await done('edit', { rid: a.fridge.rid, kind: 'fridge', name: '-80 冰箱 2', note: '' });
    const moved = await done('move', { rid: a.fridge.rid, parent_rid: b.room.rid });
    expect(moved.parent_rid).toBe(b.room.rid);
    const box = (await byCode(a.box.code)).data;
    expect(box.path).toEqual(['实验楼 E', '-80 冰箱 2', '第 2 层', '盒 A']);
    // The old room no longer holds it.
    expect((await tree()).filter((l) => l.path[0] === '实验楼 D').map((l) => l.name)).toEqual(['实验楼 D']);
  });
});

describe('lookup by code', () => {
  it('finds a scanned label in any case, and refuses an unknown or malformed code', async () => {
    const { box } = await building('实验楼 F');
    const found = await byCode(`  ${box.code.toLowerCase()} `);
    expect(found).toMatchObject({
      code: 1,
      data: { rid: box.rid, path_text: box.path_text, archived: false },
    });
    expect(await byCode('LOC-ZZZZZZZZ')).toMatchObject({ code: 0, msg: '未找到该位置码对应的存储位置' });
    expect(await byCode('20260101-01')).toMatchObject({ code: 0, msg: '未找到该位置码对应的存储位置' });
    expect(await byCode('')).toMatchObject({ code: 0, msg: '[位置码]不能为空' });
  });
});

describe('archive and delete', () => {
  /** Real samples of a new order, received and stored at the location by scanning it first. */
  async function store(code: string, count: number) {
    const me = await o.customer();
    const it = await o.demoItem(1);
    const res = await t.post<{ list: { order_no: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters, count }], delivery: { type: 0 } },
      me.h,
    );
    const [placed] = res.body.data.list;
    for (let i = 1; i <= count; i++) {
      const scanned = await o.admin('sample/scan', {
        code: `${placed.order_no}-${String(i).padStart(2, '0')}`,
        location_code: code,
      });
      expect(scanned.body, JSON.stringify(scanned.body)).toMatchObject({ code: 1 });
    }
  }

  it('deletes an empty location, archives one holding samples (with its subtree) and restores it', async () => {
    const { room, fridge, shelf, box } = await building('实验楼 G');
    const spare = await done('create', { parent_rid: shelf.rid, kind: 'box', name: '空盒', note: '' });
    expect(await refusal('delete', { rid: fridge.rid })).toBe('该位置下还有下级位置（含已归档的），不能删除');
    await store(box.code, 3);
    expect((await tree()).find((l) => l.rid === box.rid)?.samples).toBe(3);
    expect(await refusal('delete', { rid: box.rid })).toBe('该位置存放着 3 个样品，不能删除，可改为归档');
    expect((await call('delete', { rid: spare.rid })).body).toMatchObject({ code: 1, msg: '已删除' });
    expect((await tree(true)).some((l) => l.rid === spare.rid)).toBe(false);

    const archived = await call('archive', { rid: fridge.rid });
    expect(archived.body).toMatchObject({
      code: 1,
      msg: '已归档（其中仍存放着 3 个样品）',
      data: { archived: true },
    });
    expect(await refusal('archive', { rid: fridge.rid })).toBe('该位置已归档');
    const live = await tree();
    expect(live.some((l) => [fridge.rid, shelf.rid, box.rid].includes(l.rid))).toBe(false);
    expect(live.some((l) => l.rid === room.rid)).toBe(true);
    const all = await tree(true);
    expect(
      all.filter((l) => [fridge.rid, shelf.rid, box.rid].includes(l.rid)).map((l) => l.archived),
    ).toEqual([true, true, true]);
    // An archived location takes nothing new and is not edited; its label still scans (archived).
    expect(await refusal('create', { parent_rid: shelf.rid, kind: 'box', name: '新盒', note: '' })).toBe(
      '上级位置已归档，不能放入新的位置',
    );
    expect(await refusal('edit', { rid: box.rid, kind: 'box', name: '盒 B', note: '' })).toBe(
      '该位置已归档，请先恢复后再修改',
    );
    expect((await byCode(box.code)).data.archived).toBe(true);
    // A child cannot come back before its parent; the parent brings back what went with it.
    expect(await refusal('restore', { rid: shelf.rid })).toBe('上级位置已归档，请先恢复上级位置');
    expect((await call('restore', { rid: fridge.rid })).body).toMatchObject({
      code: 1,
      data: { archived: false },
    });
    expect((await tree()).filter((l) => [fridge.rid, shelf.rid, box.rid].includes(l.rid))).toHaveLength(3);
  });
});

describe('permissions and audit', () => {
  it('a role without storage permissions is refused; each change is audited with before and after', async () => {
    const finance = await staffOf('finance');
    const denied = await t.post(
      '/api/admin/sample/location/create',
      { kind: 'room', name: '财务室', note: '' },
      finance,
    );
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 0, msg: '您的角色无权执行该操作' });
    expect((await t.get('/api/admin/sample/location/tree', finance)).status).toBe(403);
    const customer = await o.customer();
    expect((await t.get('/api/admin/sample/location/tree', customer.h)).status).toBe(403);
    expect((await t.get('/api/admin/sample/location/tree')).status).toBe(401);

    const manager = await staffOf('manager');
    const made = await t.post<Location>(
      '/api/admin/sample/location/create',
      { kind: 'room', name: '实验楼 H', note: '' },
      manager,
    );
    expect(made.body.code).toBe(1);
    const room = made.body.data;
    await done('edit', { rid: room.rid, kind: 'room', name: '实验楼 H 区', note: '恒温 20 ℃' });
    await refusal('edit', { rid: room.rid, kind: 'box', name: 'x', note: '' });

    const admin = await o.staff();
    const log = await t.post<{
      list: {
        action: string;
        outcome: string;
        role: string;
        entity_rid: string | null;
        before: unknown;
        after: unknown;
      }[];
    }>('/api/admin/audit/list', {}, admin);
    const rows = log.body.data.list.filter((e) => e.entity_rid === room.rid);
    expect(rows.map((e) => [e.action, e.outcome, e.role])).toEqual([
      ['sample/location/edit', 'refused', 'technician'],
      ['sample/location/edit', 'ok', 'technician'],
      ['sample/location/create', 'ok', 'manager'],
    ]);
    expect(rows[2]).toMatchObject({ before: null, after: { name: '实验楼 H', kind: 'room' } });
    expect(rows[1]).toMatchObject({
      before: { name: '实验楼 H' },
      after: { name: '实验楼 H 区', note: '恒温 20 ℃' },
    });
    const deniedRow = log.body.data.list.find(
      (e) => e.action === 'sample/location/create' && e.outcome === 'denied',
    );
    expect(deniedRow?.role).toBe('finance');
  });
});
