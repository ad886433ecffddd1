import { describe, expect, it } from 'vitest';
import { isRegionAllowed, joinRegion, regionLabel, splitRegion } from '#shared/member/region.ts';

describe('splitRegion / joinRegion', () => {
  it.each([
    [
      '上海市-上海市-闵行区-310112',
      { province: '上海市', city: '上海市', area: '闵行区', address_code: '310112' },
    ],
    [
      '江苏省-苏州市-昆山市-320583',
      { province: '江苏省', city: '苏州市', area: '昆山市', address_code: '320583' },
    ],
    [
      ' 江苏省 - 苏州市 - 姑苏区 - 320508 ',
      { province: '江苏省', city: '苏州市', area: '姑苏区', address_code: '320508' },
    ],
    ['上海市-上海市-闵行区', null],
    ['上海市--闵行区-310112', null],
    ['上海市-上海市-闵行区-31011', null],
    ['上海市-上海市-闵行区-310112-x', null],
    ['上海市-上海市-闵\u0000行区-310112', null],
    [`上海市-${'市'.repeat(33)}-闵行区-310112`, null],
    ['', null],
  ])('%j', (value, expected) => {
    expect(splitRegion(value)).toEqual(expected);
    if (expected) expect(splitRegion(joinRegion(expected))).toEqual(expected);
  });

  it('joins only complete regions', () => {
    expect(joinRegion({ province: '上海市', city: '上海市', area: '闵行区', address_code: '310112' })).toBe(
      '上海市-上海市-闵行区-310112',
    );
    expect(joinRegion({ province: '上海市', city: '', area: '', address_code: '' })).toBe('');
    expect(joinRegion(null)).toBe('');
    expect(regionLabel({ province: '上海市', city: '上海市', area: '闵行区' })).toBe('上海市 闵行区');
    expect(regionLabel({ province: '江苏省', city: '苏州市', area: '吴中区' })).toBe('江苏省 苏州市 吴中区');
  });
});

describe('isRegionAllowed', () => {
  const allow = ['310112', '320500', '330000'];
  it.each([
    ['310112', true, 'a listed district'],
    ['310113', false, 'a neighbouring district'],
    ['320583', true, 'a district of a listed city'],
    ['320102', false, 'another city in the same province'],
    ['330106', true, 'a district of a listed province'],
    ['', false, 'no code'],
    ['31011', false, 'malformed'],
  ])('%s → %s (%s)', (code, expected) => {
    expect(isRegionAllowed(code, allow)).toBe(expected);
  });
});
