import { describe, expect, it } from 'vitest';
import { limitTo, loadAreas } from '../../src/islands/region/data.ts';

describe('region picker data (GB/T 2260 from @vant/area-data)', () => {
  it('builds the province → city → district tree', async () => {
    const areas = await loadAreas();
    expect(areas.provinces.length).toBeGreaterThanOrEqual(34);
    expect(areas.provinces.find((p) => p.code === '310000')?.name).toBe('上海市');
    expect(areas.cities.get('32')?.find((c) => c.code === '320500')?.name).toBe('苏州市');
    expect(areas.districts.get('3101')?.find((d) => d.code === '310104')?.name).toBe('徐汇区');
    // Sorted by code, so the picker lists divisions in the standard's order.
    const codes = areas.provinces.map((p) => p.code);
    expect(codes).toEqual([...codes].sort());
  });

  it.each([
    // allowRegion entry, level digits, division code, kept?
    ['310104', 2, '310000', true], // a district keeps its province
    ['310104', 4, '310100', true], // … and its city
    ['310104', 6, '310104', true],
    ['310104', 6, '310105', false], // but not its neighbours
    ['310104', 2, '320000', false],
    ['320500', 4, '320500', true], // a whole city keeps the city
    ['320500', 6, '320508', true], // … and every district in it
    ['320500', 6, '320611', false],
    ['440000', 4, '440300', true], // a whole province keeps every city
    ['440000', 6, '440305', true],
    ['440000', 2, '450000', false],
  ] as const)('allowRegion %s at %i digits: %s kept = %s', (allowed, digits, code, kept) => {
    expect(limitTo([{ code, name: '' }], [allowed], digits)).toHaveLength(kept ? 1 : 0);
  });

  it('keeps everything without a list and nothing with an empty one', () => {
    const list = [{ code: '110000', name: '北京市' }];
    expect(limitTo(list, undefined, 2)).toEqual(list);
    expect(limitTo(list, [], 2)).toEqual([]);
  });
});
