// Decision 0035: staff edit the catalogue and the pickup settings; every change is audited and shows
// in the public API at once, in this process and (through the version counter) in every other.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PNG, staffToken } from '../support/orders.ts';
import { staffMembers } from '#server/staff/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { createApi } from '#server/app.ts';
import { createMemo } from '#server/platform/cache.ts';
import { watchCatalogue } from '#server/catalogue/freshness.ts';
import type { Role } from '#shared/staff/permissions.ts';
import type { StaffItem, StaffType } from '#shared/catalogue/admin.ts';

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
const editorPhone = await memberOf('editor');
const call = async <T = unknown>(path: string, body: unknown, h?: Record<string, string>) =>
  t.post<T>(`/api/admin/catalogue/${path}`, body, h ?? o.a.bearer(await staffToken(t, editorPhone)));
const done = async <T = unknown>(path: string, body: unknown, h?: Record<string, string>) => {
  const res = await call<T>(path, body, h);
  expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
  return res.body.data;
};
const refusal = async (path: string, body: unknown) => (await call(path, body)).body.msg;
const open = async <T>(path: string, body?: unknown) =>
  (body === undefined ? await t.get<T>(`/api/open/${path}`) : await t.post<T>(`/api/open/${path}`, body)).body
    .data;
async function audit(action: string) {
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
  }>('/api/admin/audit/list', { action }, admin);
  return log.body.data.list;
}

describe('items', () => {
  it('an editor changes a price; the public detail, lists and search show it at once; orders keep theirs', async () => {
    const it0 = await o.demoItem(1);
    const customer = await o.customer();
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it0.rid, parameters: it0.parameters }], delivery: { type: 0 } },
      customer.h,
    );
    expect(placed.body.code).toBe(1);
    const orderRid = placed.body.data.list[0].rid;

    const edited = await done<StaffItem>('item/edit', { rid: it0.rid, price_fen: it0.price + 12_345 });
    expect(edited.price_fen).toBe(it0.price + 12_345);
    expect((await open<{ price_fen: number }>('project/detail', { rid: it0.rid })).price_fen).toBe(
      it0.price + 12_345,
    );
    const list = await open<{ list: { rid: string; price_fen: number }[] }>('project/list', {
      childId: it0.childId,
      size: 50,
    });
    expect(list.list.find((i) => i.rid === it0.rid)?.price_fen).toBe(it0.price + 12_345);

    // The order copied its price when placed.
    const detail = await t.post<{ items: { price_fen: number }[] }>(
      '/api/auth/order/detail',
      { rid: orderRid },
      customer.h,
    );
    expect(JSON.stringify(detail.body.data)).toContain(`"price_fen":${it0.price}`);
    expect(JSON.stringify(detail.body.data)).not.toContain(`"price_fen":${it0.price + 12_345}`);

    const [entry] = await audit('catalogue/item/edit');
    expect(entry).toMatchObject({ outcome: 'ok', role: 'editor', entity_rid: it0.rid });
    expect(entry.before).toMatchObject({ rid: it0.rid, priceFen: it0.price });
    expect(entry.after).toMatchObject({ rid: it0.rid, priceFen: it0.price + 12_345 });
  });

  it('adds an item with options, lists, filters, takes it off sale', async () => {
    const body = {
      rid: 'xps-depth-profile',
      child_id: 13,
      name: 'XPS 深度剖析',
      img: '/upload/img/items/xps.svg',
      sketch: '<p>Ar 离子刻蚀逐层分析</p>',
      description: '深度剖析|价态',
      price_fen: 88_000,
      unit: '元/样',
      options: {
        sampleCount: { min: 1, max: 5, default: 1 },
        parameters: [{ name: '刻蚀深度', required: true, choices: ['50 nm', '100 nm'] }],
      },
      hot: true,
    };
    const added = await done<StaffItem>('item/add', body);
    expect(added).toMatchObject({ type_id: 1, child_name: '谱学分析', on_sale: true, hot: true });
    expect(await refusal('item/add', body)).toBe('[项目编号]已被使用');
    const entry = (await audit('catalogue/item/add')).find((e) => e.outcome === 'ok');
    expect(entry).toMatchObject({ entity_rid: 'xps-depth-profile', before: null });
    expect(entry?.after).toMatchObject({ name: 'XPS 深度剖析', priceFen: 88_000 });

    const detail = await open<{ options: unknown; name: string }>('project/detail', { rid: body.rid });
    expect(detail.options).toEqual(body.options);
    // The home page's popular items follow the 热门 flag.
    const hot = (await open<{ hotItems: { rid: string }[] }>('web/index')).hotItems[0].rid;
    await done('item/edit', { rid: hot, hot: false });
    const home = await open<{ hotItems: { rid: string }[] }>('web/index');
    expect(home.hotItems.map((h) => h.rid)).not.toContain(hot);
    await done('item/edit', { rid: hot, hot: true });

    const found = await done<{ list: StaffItem[]; total: number }>('item/list', {
      kw: 'XPS 深度',
      type_id: 1,
    });
    expect(found.list.map((i) => i.rid)).toEqual([body.rid]);
    expect(await done('item/detail', { rid: body.rid })).toMatchObject({ name: 'XPS 深度剖析' });

    await done('item/edit', { rid: body.rid, on_sale: false });
    expect((await t.post('/api/open/project/detail', { rid: body.rid })).body.code).toBe(0);
    const off = await done<{ list: StaffItem[] }>('item/list', { status: 'off_sale' });
    expect(off.list.map((i) => i.rid)).toContain(body.rid);
    // Moving it to a category of another type moves its type too.
    expect(await done<StaffItem>('item/edit', { rid: body.rid, child_id: 41 })).toMatchObject({ type_id: 3 });
  });

  it('answers validation failures in the spec’s wording', async () => {
    const base = { rid: 'ok-item', child_id: 11, name: 'X', img: '/x.svg', price_fen: 100, unit: '元/样' };
    expect(await refusal('item/add', { ...base, name: '' })).toBe('[项目名称]不能为空');
    expect(await refusal('item/add', { ...base, price_fen: 12.5 })).toBe('[价格]应为整数（单位：分）');
    expect(await refusal('item/add', { ...base, price_fen: 0 })).toBe('[价格]必须大于0');
    expect(await refusal('item/add', { ...base, rid: 'Bad Id' })).toMatch(/^\[项目编号\]只能包含/);
    expect(await refusal('item/add', { ...base, img: 'javascript:alert(1)' })).toMatch(/^\[图片\]应为/);
    expect(await refusal('item/add', { ...base, child_id: 999 })).toBe('[分类]不存在');
    expect(
      await refusal('item/add', {
        ...base,
        options: { sampleCount: { min: 3, max: 2, default: 2 }, parameters: [] },
      }),
    ).toBe('[最少样品数]不能大于最多样品数');
    expect(
      await refusal('item/add', {
        ...base,
        options: {
          sampleCount: { min: 1, max: 2, default: 1 },
          parameters: [{ name: '', required: true, choices: [] }],
        },
      }),
    ).toBe('[参数名]不能为空');
    expect(await refusal('item/edit', { rid: 'no-such-item', price_fen: 100 })).toBe('项目不存在');
    expect(await refusal('item/edit', { price_fen: 100 })).toBe('[项目编号]不能为空');
  });
});

describe('types, categories, special areas, abilities', () => {
  it('edits a type and manages child categories; the type groups and the home page follow', async () => {
    const type = await done<StaffType>('type/edit', { id: 1, discount_label: '新客8折' });
    expect(type.discount_label).toBe('新客8折');
    const home = await open<{ typeArr: { id: number; discount_info: { discount_label: string } }[] }>(
      'web/index',
    );
    expect(home.typeArr.find((x) => x.id === 1)?.discount_info.discount_label).toBe('新客8折');
    expect(await refusal('type/edit', { id: 4, name: 'X' })).toBe('[服务类型]不能大于3');

    const child = await done<{ id: number; name: string }>('child/add', { type_id: 3, name: '机器学习' });
    const groups = await open<{ id: number; children: { id: number; name: string }[] }[]>('type/group');
    expect(groups.find((g) => g.id === 3)?.children.map((c) => c.name)).toContain('机器学习');
    const [added] = await audit('catalogue/child/add');
    expect(added).toMatchObject({ entity_rid: String(child.id), before: null });
    expect(added.after).toMatchObject({ name: '机器学习', typeId: 3 });

    await done('child/edit', { id: child.id, name: '机器学习建模' });
    const [renamed] = await audit('catalogue/child/edit');
    expect(renamed.before).toMatchObject({ name: '机器学习' });
    expect(renamed.after).toMatchObject({ name: '机器学习建模' });
    expect(await refusal('child/delete', { id: 11 })).toMatch(/^该分类下还有 \d+ 个项目/);
    expect(await refusal('child/edit', { id: 11, type_id: 3 })).toBe(
      '该分类下已有项目，不能改到其他服务类型',
    );
    await done('child/delete', { id: child.id });
    expect((await audit('catalogue/child/delete'))[0]).toMatchObject({ after: null });
    expect(await refusal('child/add', { type_id: 3, name: '' })).toBe('[分类名称]不能为空');
  });

  it('manages special areas and abilities', async () => {
    const area = await done<{ id: number }>('prefecture/add', {
      type_id: 3,
      child_id: 41,
      name: '计算专区',
      img: '/upload/img/prefecture/compute.svg',
    });
    const home = await open<{ prefectureNavBottomArr: { name: string }[] }>('web/index');
    expect(home.prefectureNavBottomArr.map((p) => p.name)).toContain('计算专区');
    expect(await refusal('prefecture/edit', { id: area.id, child_id: 11 })).toBe('[分类]不属于所选服务类型');
    await done('prefecture/edit', { id: area.id, name: '计算模拟专区' });
    expect((await audit('catalogue/prefecture/edit'))[0].after).toMatchObject({ name: '计算模拟专区' });
    await done('prefecture/delete', { id: area.id });
    expect(await refusal('prefecture/delete', { id: area.id })).toBe('专区不存在');

    const ab = await done<{ rid: string }>('ability/add', {
      title: '原位电化学表征',
      img: '/upload/img/ability/case.svg',
      category: '能源材料',
    });
    const page = await open<{ list: { rid: string }[] }>('ability/index', { category: '能源材料' });
    expect(page.list.map((a) => a.rid)).toContain(ab.rid);
    await done('ability/edit', { rid: ab.rid, title: '原位电化学' });
    expect((await audit('catalogue/ability/edit'))[0]).toMatchObject({ entity_rid: ab.rid });
    const listed = await done<{ list: { rid: string }[]; categories: string[] }>('ability/list', {});
    expect(listed.categories).toContain('能源材料');
    await done('ability/delete', { rid: ab.rid });
    expect(await refusal('ability/add', { title: '', img: '/a.svg', category: 'x' })).toBe('[标题]不能为空');
  });
});

describe('settings', () => {
  it('saves the served area and the pickup times; /api/open/setting shows them', async () => {
    const current = await done<{ samplingSetting: Record<string, unknown> }>('setting/get', {});
    await done('setting/save', { key: 'allowRegion', value: ['310112', '310104', '310112'] });
    expect((await t.post<{ allowRegion: string[] }>('/api/open/setting', {})).body.data.allowRegion).toEqual([
      '310112',
      '310104',
    ]);
    const [entry] = await audit('catalogue/setting/save');
    expect(entry).toMatchObject({ entity_rid: 'allowRegion' });
    expect(entry.after).toMatchObject({ key: 'allowRegion', value: ['310112', '310104'] });

    const value = { ...current.samplingSetting, sampling_time1: '08:30-10:00', disabled_week: [0, 6] };
    await done('setting/save', { key: 'samplingSetting', value });
    const open1 = await t.post<{ samplingSetting: { sampling_time1: string } }>('/api/open/setting', {});
    expect(open1.body.data.samplingSetting.sampling_time1).toBe('08:30-10:00');

    expect(await refusal('setting/save', { key: 'allowRegion', value: ['31011'] })).toBe(
      '[服务区域]应为6位行政区划代码',
    );
    expect(
      await refusal('setting/save', {
        key: 'samplingSetting',
        value: { ...value, sampling_time2: '10:00-09:00' },
      }),
    ).toBe('[取样时段2]结束须晚于开始');
    expect(
      await refusal('setting/save', {
        key: 'samplingSetting',
        value: { ...value, disabled_date: ['2026-02-30'] },
      }),
    ).toBe('[不取样日期]应为 YYYY-MM-DD 格式的日期');
    expect(await refusal('setting/save', { key: 'localInfo', value: {} })).toMatch(/^\[设置项\]只能是/);
    await done('setting/save', { key: 'samplingInfo', value: [{ city: '上海市', districts: ['闵行区'] }] });
  });
});

describe('permissions', () => {
  it('a technician may not edit the catalogue; a manager reads but does not change it', async () => {
    const technician = await staffOf('technician');
    const res = await call('item/edit', { rid: 'fib-prep', price_fen: 1 }, technician);
    expect(res).toMatchObject({ status: 403, body: { code: 0, msg: '您的角色无权执行该操作' } });
    expect((await call('item/list', {}, technician)).status).toBe(403);
    const manager = await staffOf('manager');
    expect((await call('item/list', {}, manager)).body.code).toBe(1);
    expect((await call('type/edit', { id: 1, name: 'x' }, manager)).status).toBe(403);
    expect((await open<{ price_fen: number }>('project/detail', { rid: 'fib-prep' })).price_fen).not.toBe(1);
  });
});

describe('across processes', () => {
  it('another process with a warm cache sees an edit once its watcher checks the version', async () => {
    // A second "process": the same database, its own memo that would otherwise keep data for a minute.
    const other = { ...t.services, memo: createMemo(60_000) };
    const otherApi = createApi(other);
    const watch = watchCatalogue(other, 60_000);
    await watch.check();
    const typeName = async () => {
      const res = await otherApi.request('/api/open/type/group');
      const body = (await res.json()) as { data: { id: number; name: string }[] };
      return body.data.find((g) => g.id === 2)?.name;
    };
    const before = await typeName();
    let cleared = 0;
    other.memo.onClear(() => cleared++);
    await done('type/edit', { id: 2, name: '预约上机' });
    expect(await typeName()).toBe(before); // still its cached copy
    await watch.check();
    expect(cleared).toBe(1); // the page cache listens to this too (src/server.ts)
    expect(await typeName()).toBe('预约上机');
    watch.stop();
    await done('type/edit', { id: 2, name: before });
  });
});

describe('pictures for the public pages', () => {
  it('an editor uploads one; anyone reads it by its url; an item shows it; other files stay private', async () => {
    const editor = o.a.bearer(await staffToken(t, editorPhone));
    const up = await o.upload('/api/admin/media/upload', editor, PNG, '样品照片.png');
    expect(up.body).toMatchObject({ code: 1, msg: '上传成功' });
    const { url, rid } = up.body.data as unknown as { url: string; rid: string };
    expect(url).toBe(`/api/open/media/${rid}`);
    const res = await t.api.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);

    const it0 = await o.demoItem(1);
    expect(await done<StaffItem>('item/edit', { rid: it0.rid, img: url })).toMatchObject({ img: url });

    // Not a picture, or a customer's own upload: refused, and not readable this way.
    const pdf = await o.upload(
      '/api/admin/media/upload',
      editor,
      new TextEncoder().encode('%PDF-1.4'),
      'a.pdf',
    );
    expect(pdf.body).toMatchObject({ code: 0, msg: '仅支持 PNG、JPG、WEBP、GIF 图片' });
    const customer = await o.customer();
    const own = await o.upload('/api/auth/file/upload4pic', customer.h, PNG, '凭证.png');
    expect((await t.api.request(`/api/open/media/${own.body.data.rid}`)).status).toBe(404);
    // A technician may not put pictures on the public pages.
    const tech = await staffOf('technician');
    expect((await o.upload('/api/admin/media/upload', tech, PNG, 'x.png')).status).toBe(403);
  });
});
