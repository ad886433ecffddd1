import { describe, expect, it } from 'vitest';
import { firstError } from '#shared/accounts/auth.ts';
import { profileSchema } from '#shared/member/profile.ts';
import { addressSchema } from '#shared/member/address.ts';
import { sampleDeliverySchema, samplingRequestSchema } from '#shared/member/sampling.ts';

const student = {
  name: ' 张三 ',
  email: 'zhang@example.com',
  organization: 0,
  company: '复旦大学',
  teacher: '李老师',
  teacher_phone: '021-1234567',
  teacher_mail: '',
  region: '上海市-上海市-闵行区-310112',
  address: ' 东川路800号 ',
};
const profileError = (v: unknown) => firstError(profileSchema.safeParse(v));

describe('profileSchema', () => {
  it.each([
    [{ name: '' }, '「姓名」不能为空'],
    [{ email: '  ' }, '「邮箱」不能为空'],
    [{ email: 'zhang' }, '「邮箱」格式不正确'],
    [{ organization: null }, '「用户类型」不能为空'],
    [{ organization: 7 }, '「用户类型」不正确'],
    [{ company: '' }, '「公司/单位」不能为空'],
    [{ teacher: ' ' }, '「导师/负责人」不能为空'],
    [{ region: '' }, '「寄送地址」不能为空'],
    [{ region: '上海市-上海市-闵行区' }, '「寄送地址」不能为空'],
    [{ address: '' }, '「详细地址」不能为空'],
    [{ organization: 2, company_leader: '' }, '「负责人姓名」不能为空'],
    [
      { organization: 2, company_leader: '王总', company_leader_phone: '138000000001' },
      '「负责人电话」最多11位',
    ],
    // Only the first problem, in the dialog's order.
    [{ name: '', email: '', company: '' }, '「姓名」不能为空'],
    [{ company: '', address: '' }, '「公司/单位」不能为空'],
    // The spec's order: 寄送地址 and 详细地址 before an enterprise's leader.
    [{ organization: 2, company_leader: '', region: '' }, '「寄送地址」不能为空'],
    [{ organization: 2, company_leader: '', address: '' }, '「详细地址」不能为空'],
  ])('%j → %s', (change, message) => {
    expect(profileError({ ...student, ...change })).toBe(message);
  });

  it('requires the teacher only for students and the leader only for enterprises', () => {
    for (const organization of [3, 1])
      expect(profileError({ ...student, organization, teacher: '' })).toBe(null);
    const parsed = profileSchema.parse({ ...student, organization: '2', company_leader: ' 王总 ' });
    expect(parsed).toMatchObject({ organization: 2, company_leader: '王总', teacher: '', teacher_phone: '' });
  });

  it('trims inputs and splits the region on "-"', () => {
    expect(profileSchema.parse(student)).toEqual({
      name: '张三',
      email: 'zhang@example.com',
      organization: 0,
      company: '复旦大学',
      teacher: '李老师',
      teacher_phone: '021-1234567',
      teacher_mail: '',
      company_leader: '',
      company_leader_phone: '',
      province: '上海市',
      city: '上海市',
      area: '闵行区',
      address_code: '310112',
      address: '东川路800号',
    });
    const { region: _r, ...parts } = {
      ...student,
      province: '江苏省',
      city: '苏州市',
      area: '吴中区',
      address_code: '320506',
    };
    expect(profileSchema.parse(parts)).toMatchObject({ city: '苏州市', address_code: '320506' });
  });
});

describe('addressSchema', () => {
  const ok = {
    name: '王五',
    phone: '13912345678',
    region: '江苏省-苏州市-吴中区-320506',
    address: '星湖街1号',
  };
  it.each([
    [{ name: '' }, '[姓名]不能为空'],
    [{ phone: '' }, '[手机]不能为空'],
    [{ phone: '139123456789' }, '[手机]最多11位'],
    [{ phone: '12345678901' }, '[手机]格式不正确，请输入11位手机号'],
    [{ region: '' }, '[所在地区]不能为空'],
    [{ address: ' ' }, '[详细地址]不能为空'],
    [{ address: 'x'.repeat(201) }, '[详细地址]最多200个字符'],
    [{ name: 'a\u0000b' }, '[姓名]包含非法字符'],
  ])('%j → %s', (change, message) => {
    expect(firstError(addressSchema.safeParse({ ...ok, ...change }))).toBe(message);
  });
  it('accepts a valid address', () => {
    expect(addressSchema.parse(ok)).toMatchObject({
      province: '江苏省',
      area: '吴中区',
      address_code: '320506',
    });
  });
});

describe('samplingRequestSchema', () => {
  const when = { date: '2026-11-24', time: '09:00-11:00' };
  it.each([
    [{}, '[姓名]不能为空'],
    [{ name: '王五' }, '[手机]不能为空'],
    [{ name: '王五', phone: '13912345678' }, '[取样地址]不能为空'],
    [{ name: '王五', phone: '13912345678', region: '上海市-上海市-闵行区-310112' }, '[详细地址]不能为空'],
    [
      { name: '王五', phone: '13912345678', region: '上海市-上海市-闵行区-310112', address: '路1号' },
      '[取样日期]不能为空',
    ],
    [{ sendAddress: 'aXYZ' }, '[取样日期]不能为空'],
    [{ sendAddress: 'aXYZ', date: '2026-11-24' }, '[取样时间]不能为空'],
    [{ sendAddress: 'aXYZ', date: '2026-02-30', time: '09:00-11:00' }, '[取样日期]格式不正确'],
    [{ sendAddress: 'aXYZ', ...when, type: 0 }, '[取样方式]不正确'],
  ])('%j → %s', (input, message) => {
    expect(firstError(samplingRequestSchema.safeParse(input))).toBe(message);
  });

  it('keeps a saved address as sendAddress, or a new one as newAddress', () => {
    expect(
      samplingRequestSchema.parse({ type: 1, sendAddress: 'aXYZ', ...when, message: ' 门卫处 ' }),
    ).toEqual({
      type: 1,
      sendAddress: 'aXYZ',
      newAddress: null,
      ...when,
      message: '门卫处',
    });
    const parsed = samplingRequestSchema.parse({
      name: '王五',
      phone: '13912345678',
      province: '上海市',
      city: '上海市',
      area: '闵行区',
      address_code: '310112',
      address: '路1号',
      ...when,
    });
    expect(parsed.newAddress).toEqual({
      name: '王五',
      phone: '13912345678',
      province: '上海市',
      city: '上海市',
      area: '闵行区',
      address_code: '310112',
      address: '路1号',
    });
  });
});

describe('sampleDeliverySchema', () => {
  it('needs nothing more for self-delivery', () => {
    expect(sampleDeliverySchema.parse({ type: 0, date: '' })).toEqual({ type: 0 });
    expect(firstError(sampleDeliverySchema.safeParse({}))).toBe('请选择送样方式');
    expect(firstError(sampleDeliverySchema.safeParse({ type: 2 }))).toBe('[送样方式]不正确');
  });

  it('checks a pickup like the home sampling dialog, with address_rid for a saved address', () => {
    expect(firstError(sampleDeliverySchema.safeParse({ type: 1 }))).toBe('[姓名]不能为空');
    expect(firstError(sampleDeliverySchema.safeParse({ type: '1', address_rid: 'aXYZ' }))).toBe(
      '[取样日期]不能为空',
    );
    expect(
      sampleDeliverySchema.parse({ type: 1, address_rid: 'aXYZ', date: '2026-11-24', time: '09:00-11:00' }),
    ).toEqual({
      type: 1,
      address_rid: 'aXYZ',
      newAddress: null,
      date: '2026-11-24',
      time: '09:00-11:00',
      message: '',
    });
  });
});
