import { describe, expect, it } from 'vitest';
import { INCOMPLETE_BASIC_INFO, missingBasicFields, missingBasicInfo } from '#shared/member/completeness.ts';

const complete = {
  name: '张三',
  email: 'zhang@example.com',
  organization: 0,
  company: '复旦大学',
  address_code: '310112',
  address: '东川路800号',
};

describe('missingBasicInfo', () => {
  it.each([
    [{}, false],
    [{ name: '' }, true],
    [{ name: '   ' }, true],
    [{ email: '' }, true],
    [{ organization: null }, true],
    [{ organization: 2 }, false],
    [{ company: '' }, true],
    [{ address: '' }, true],
    [{ address_code: '' }, true],
  ])('%j over a complete profile → %s', (change, missing) => {
    expect(missingBasicInfo({ ...complete, ...change })).toBe(missing);
  });

  it('lists what is missing in the dialog order and treats no user as incomplete', () => {
    expect(missingBasicFields({ ...complete, name: '', company: '', address: '' })).toEqual([
      '姓名',
      '公司/单位',
      '地址',
    ]);
    expect(missingBasicInfo(null)).toBe(true);
    expect(INCOMPLETE_BASIC_INFO).toBe('未完善基本信息无法正常下单');
  });
});
