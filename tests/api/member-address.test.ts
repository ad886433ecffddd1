import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { members, type Member } from '../factories/users.ts';
import type { Address } from '#shared/member/responses.ts';

const t = await setupApi();
const m = members(t);

const home = {
  name: '王五',
  phone: '13912345678',
  province: '上海市',
  city: '上海市',
  area: '闵行区',
  address: '东川路800号',
  address_code: '310112',
};
const office = {
  ...home,
  name: '赵六',
  province: '江苏省',
  city: '苏州市',
  area: '吴中区',
  address_code: '320506',
  address: '星湖街1号',
};
const lab = { ...home, name: '钱七', region: '上海市-上海市-徐汇区-310104', address: '漕溪北路1号' };

const add = async (u: Member, body: object) => {
  const res = await u.call<Address>('/api/auth/address/add', body);
  expect(res.body.code).toBe(1);
  return res.body.data;
};
/** The address list as user/info returns it. */
const book = async (u: Member) => (await m.info(u.token)).body.data.address as Address[];

describe('address add', () => {
  it('returns the new address; the first one becomes the default', async () => {
    const u = await m.member();
    const first = await add(u, home);
    expect(first).toMatchObject({ ...home, default: 1 });
    expect(first.address_rid).toMatch(/^a[\w-]{12}$/);
    const second = await add(u, lab);
    expect(second).toMatchObject({
      name: '钱七',
      province: '上海市',
      area: '徐汇区',
      address_code: '310104',
      default: 0,
    });
    const list = await book(u);
    expect(list.map((a) => [a.address_rid, a.default])).toEqual([
      [first.address_rid, 1],
      [second.address_rid, 0],
    ]);
    const listed = await u.call<{ list: Address[]; total: number }>('/api/auth/address/list');
    expect(listed.body.data).toEqual({ list, total: 2 });
  });

  it.each([
    [{ ...home, name: ' ' }, '[姓名]不能为空'],
    [{ ...home, phone: undefined }, '[手机]不能为空'],
    [{ ...home, phone: '139123456789' }, '[手机]最多11位'],
    [{ ...home, phone: '1391234567a' }, '[手机]格式不正确，请输入11位手机号'],
    [{ ...home, address_code: '' }, '[所在地区]不能为空'],
    // Well-formed but not a district of GB/T 2260, or names that do not belong to the code.
    [{ ...home, address_code: '319999' }, '所选地区不存在，请重新选择'],
    [{ ...home, area: '海淀区' }, '所选地区不存在，请重新选择'],
    [{ ...home, region: '上海市-苏州市-闵行区-310112' }, '所选地区不存在，请重新选择'],
    [{ ...home, address: '' }, '[详细地址]不能为空'],
    [{ ...home, address: "'); DROP TABLE addresses; --".repeat(10) }, '[详细地址]最多200个字符'],
    [{ ...home, name: ['王五'] }, '[姓名]格式不正确'],
    ['not json', '请求数据格式错误，请提交 JSON'],
  ])('refuses %j with %s', async (body, msg) => {
    const u = await m.member();
    const res = await u.call('/api/auth/address/add', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg, data: { error: 'INVALID_INPUT' } });
    expect(await book(u)).toEqual([]);
  });

  it('stores emoji and quotes as typed', async () => {
    const u = await m.member();
    const a = await add(u, { ...home, address: `东川路800号 "实验楼" 🧪 O'Brien` });
    expect((await book(u))[0]!.address).toBe(`东川路800号 "实验楼" 🧪 O'Brien`);
    expect(a.default).toBe(1);
  });

  it('needs a login', async () => {
    const res = await t.post('/api/auth/address/add', home);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 0, msg: '请先登录', data: { error: 'UNAUTHORIZED' } });
  });
});

describe('address edit, default, delete', () => {
  it('edits the fields and keeps the default flag', async () => {
    const u = await m.member();
    const a = await add(u, home);
    const res = await u.call<Address>('/api/auth/address/edit', { address_rid: a.address_rid, ...office });
    expect(res.body).toMatchObject({ code: 1, data: { ...office, address_rid: a.address_rid, default: 1 } });
    expect(await book(u)).toEqual([res.body.data]);
    const bad = await u.call('/api/auth/address/edit', { address_rid: a.address_rid, ...office, phone: '' });
    expect(bad.body).toEqual({ code: 0, msg: '[手机]不能为空', data: { error: 'INVALID_INPUT' } });
    const none = await u.call('/api/auth/address/edit', office);
    expect(none.body.msg).toBe('[地址编号]不能为空');
  });

  it('keeps exactly one default and promotes the newest remaining one when the default is deleted', async () => {
    const u = await m.member();
    const a = await add(u, home);
    m.advance(1000);
    const b = await add(u, office);
    m.advance(1000);
    const c = await add(u, lab);

    const set = await u.call<Address>('/api/auth/address/default', { address_rid: b.address_rid });
    expect(set.body).toMatchObject({ code: 1, data: { address_rid: b.address_rid, default: 1 } });
    let list = await book(u);
    expect(list.map((x) => x.address_rid)).toEqual([b.address_rid, c.address_rid, a.address_rid]);
    expect(list.filter((x) => x.default === 1)).toHaveLength(1);

    // Setting the current default again changes nothing.
    await u.call('/api/auth/address/default', { address_rid: b.address_rid });
    expect((await book(u)).filter((x) => x.default === 1).map((x) => x.address_rid)).toEqual([b.address_rid]);

    const del = await u.call<{ address: Address[] }>('/api/auth/address/del', { address_rid: b.address_rid });
    expect(del.body.code).toBe(1);
    list = await book(u);
    expect(del.body.data.address).toEqual(list);
    expect(list.map((x) => [x.address_rid, x.default])).toEqual([
      [c.address_rid, 1],
      [a.address_rid, 0],
    ]);

    // Deleting a non-default address leaves the default alone.
    await u.call('/api/auth/address/del', { address_rid: a.address_rid });
    expect((await book(u)).map((x) => [x.address_rid, x.default])).toEqual([[c.address_rid, 1]]);
    await u.call('/api/auth/address/del', { address_rid: c.address_rid });
    expect(await book(u)).toEqual([]);
    // The next address after an empty book is the default again.
    expect((await add(u, home)).default).toBe(1);
  });

  it('answers 地址不存在 for unknown or malformed ids', async () => {
    const u = await m.member();
    for (const path of ['/api/auth/address/del', '/api/auth/address/default']) {
      expect((await u.call(path, { address_rid: 'aNoSuchAddress' })).body).toEqual({
        code: 0,
        msg: '地址不存在',
        data: { error: 'NOT_FOUND' },
      });
      expect((await u.call(path, {})).body.msg).toBe('[地址编号]不能为空');
      expect((await u.call(path, { address_rid: 'x'.repeat(65) })).body.msg).toBe('地址不存在');
    }
  });
});

describe('ownership', () => {
  it("user B cannot read, edit, delete, set default or see user A's address", async () => {
    const a = await m.member();
    const b = await m.member();
    const first = await add(a, home);
    const second = await add(a, office);
    const before = await book(a);
    const rid = second.address_rid;

    const attempts = [
      b.call('/api/auth/address/edit', { address_rid: rid, ...lab }),
      b.call('/api/auth/address/default', { address_rid: rid }),
      b.call('/api/auth/address/del', { address_rid: rid }),
      b.call('/api/auth/address/del', { address_rid: first.address_rid }),
    ];
    for (const res of await Promise.all(attempts))
      expect(res.body).toEqual({ code: 0, msg: '地址不存在', data: { error: 'NOT_FOUND' } });

    expect(await book(a)).toEqual(before);
    expect(await book(b)).toEqual([]);
    expect((await b.call<{ list: Address[] }>('/api/auth/address/list')).body.data.list).toEqual([]);
  });
});

describe('limits and concurrency', () => {
  it('keeps one default when addresses are added at the same time', async () => {
    const u = await m.member();
    const results = await Promise.all([add(u, home), add(u, office), add(u, lab)]);
    expect(results.filter((a) => a.default === 1)).toHaveLength(1);
    expect((await book(u)).filter((a) => a.default === 1)).toHaveLength(1);
  });

  it('refuses a 51st address', async () => {
    const u = await m.member();
    for (let i = 0; i < 50; i++) await add(u, { ...home, address: `东川路${i}号` });
    const res = await u.call('/api/auth/address/add', home);
    expect(res.body).toEqual({
      code: 0,
      msg: '最多保存50个地址，请先删除不用的地址',
      data: { error: 'REFUSED' },
    });
  });
});
