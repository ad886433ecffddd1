import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { members, PROFILE } from '../factories/users.ts';
import type { Address } from '#shared/member/responses.ts';
import { missingBasicInfo } from '#shared/member/completeness.ts';

const t = await setupApi();
const m = members(t);

describe('update4profile', () => {
  it('stores a student profile, shows it in user/info and makes the first default address', async () => {
    const u = await m.member();
    expect(missingBasicInfo((await m.info(u.token)).body.data.userInfo)).toBe(true);

    const res = await u.call<{ userInfo: Record<string, unknown> }>('/api/auth/update4profile', {
      ...PROFILE,
      name: '  张三 ',
    });
    expect(res.body).toMatchObject({ code: 1, msg: '提交成功!' });
    const expected = {
      name: '张三',
      email: 'zhang@example.com',
      organization: 0,
      company: '复旦大学',
      teacher: '李老师',
      teacher_phone: '13800001111',
      teacher_mail: 'li@example.com',
      company_leader: '',
      company_leader_phone: '',
      province: '上海市',
      city: '上海市',
      area: '闵行区',
      address_code: '310112',
      address: '东川路800号',
    };
    expect(res.body.data.userInfo).toMatchObject(expected);

    const info = (await m.info(u.token)).body.data;
    expect(info.userInfo).toMatchObject(expected);
    expect(missingBasicInfo(info.userInfo)).toBe(false);
    expect(info.address).toEqual([
      expect.objectContaining({
        name: '张三',
        phone: u.phone,
        province: '上海市',
        area: '闵行区',
        address_code: '310112',
        address: '东川路800号',
        default: 1,
      }),
    ]);
  });

  it('does not touch an existing address book; switching to enterprise clears the teacher fields', async () => {
    const u = await m.member();
    await u.call('/api/auth/update4profile', PROFILE);
    const bookBefore = (await m.info(u.token)).body.data.address as Address[];

    const res = await u.call('/api/auth/update4profile', {
      ...PROFILE,
      organization: 2,
      company: '某某科技有限公司',
      company_leader: '王总',
      company_leader_phone: '13700002222',
      region: '江苏省-苏州市-吴中区-320506',
      address: '星湖街1号',
    });
    expect(res.body.code).toBe(1);
    const info = (await m.info(u.token)).body.data;
    expect(info.userInfo).toMatchObject({
      organization: 2,
      teacher: '',
      teacher_phone: '',
      teacher_mail: '',
      company_leader: '王总',
      company_leader_phone: '13700002222',
      city: '苏州市',
      address_code: '320506',
    });
    expect(info.address).toEqual(bookBefore);
  });

  it.each([
    [{ name: '' }, '「姓名」不能为空'],
    [{ email: '' }, '「邮箱」不能为空'],
    [{ email: 'not-an-email' }, '「邮箱」格式不正确'],
    [{ organization: undefined }, '「用户类型」不能为空'],
    [{ organization: 9 }, '「用户类型」不正确'],
    [{ company: ' ' }, '「公司/单位」不能为空'],
    [{ teacher: '' }, '「导师/负责人」不能为空'],
    [{ region: '' }, '「寄送地址」不能为空'],
    [{ region: '上海市-上海市-闵行区-310999' }, '所选地区不存在，请重新选择'],
    [{ address: '' }, '「详细地址」不能为空'],
    [{ organization: 2, company_leader: '' }, '「负责人姓名」不能为空'],
    [
      { organization: 2, company_leader: '王总', company_leader_phone: '137000022221' },
      '「负责人电话」最多11位',
    ],
    [{ name: { first: '张' } }, '「姓名」格式不正确'],
    [{ name: '', email: '', address: '' }, '「姓名」不能为空'],
  ])('refuses %j with %s and changes nothing', async (change, msg) => {
    const u = await m.member();
    const before = (await m.info(u.token)).body.data;
    const res = await u.call('/api/auth/update4profile', { ...PROFILE, ...change });
    expect(res.body).toEqual({ code: 0, msg, data: { error: 'INVALID_INPUT' } });
    expect((await m.info(u.token)).body.data).toEqual(before);
  });

  it('accepts teacher and individual users without a teacher', async () => {
    for (const organization of [3, 1]) {
      const u = await m.member();
      const res = await u.call('/api/auth/update4profile', { ...PROFILE, organization, teacher: '' });
      expect(res.body.code).toBe(1);
    }
  });

  it("changes only the caller's profile", async () => {
    const a = await m.member();
    const b = await m.member();
    await a.call('/api/auth/update4profile', PROFILE);
    await b.call('/api/auth/update4profile', {
      ...PROFILE,
      name: '李四',
      region: '江苏省-苏州市-姑苏区-320508',
    });
    expect((await m.info(a.token)).body.data.userInfo).toMatchObject({ name: '张三', area: '闵行区' });
    expect((await m.info(b.token)).body.data.userInfo).toMatchObject({ name: '李四', area: '姑苏区' });
  });
});
