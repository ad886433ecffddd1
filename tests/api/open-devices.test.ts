import { describe, expect, it } from 'vitest';
import type { DeviceDetail, DeviceSummary, DeviceWeek, Paged } from '#shared/catalogue/catalogue.ts';
import { addDays } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';
import { setupApi } from '../setup/api.ts';

const t = await setupApi();
type DeviceList = Paged<DeviceSummary> & { categories: string[] };

describe('GET /api/open/web/device/search', () => {
  it('lists instruments with categories and paging', async () => {
    const res = await t.get<DeviceList>('/api/open/web/device/search?page=1&size=5');
    expect(res.body.code).toBe(1);
    expect(res.body.data.total).toBeGreaterThanOrEqual(12);
    expect(res.body.data.list).toHaveLength(5);
    expect(res.body.data.categories).toContain('电子显微镜');
    const d = res.body.data.list[0];
    expect(Object.keys(d).sort()).toEqual(
      [
        'rid',
        'name',
        'model',
        'category',
        'location',
        'img',
        'sketch',
        'price_fen',
        'price_unit',
        'min_minutes',
        'lead_hours',
        'remote',
        'item_rid',
        // An instrument's billing, authorisation and own hours (decision 0087).
        'bill_by_actual',
        'needs_authorization',
        'booking_rules',
      ].sort(),
    );
  });

  it('finds instruments by the abbreviations researchers type, in any case', async () => {
    const names = async (kw: string) =>
      (
        await t.get<DeviceList>(`/api/open/web/device/search?kw=${encodeURIComponent(kw)}`)
      ).body.data.list.map((d) => d.name);
    expect(await names('SEM')).toEqual(['场发射扫描电子显微镜', '冷场发射扫描电子显微镜']);
    expect(await names('xrd')).toEqual(['X 射线粉末衍射仪', '多功能 X 射线衍射仪']);
    expect(await names('NMR')).toEqual(['400 MHz 核磁共振波谱仪']);
    expect(await names('Raman')).toEqual(['共聚焦显微拉曼光谱仪']);
    expect(await names('没有这种仪器')).toEqual([]);
  });

  it('searches by model and filters by category', async () => {
    const bruker = await t.get<DeviceList>(
      `/api/open/web/device/search?kw=${encodeURIComponent('bruker d8')}`,
    );
    expect(bruker.body.data.list.map((d) => d.model)).toEqual(['Bruker D8 Advance']);
    const em = await t.get<DeviceList>(
      `/api/open/web/device/search?category=${encodeURIComponent('电子显微镜')}`,
    );
    expect(em.body.data.total).toBeGreaterThanOrEqual(2);
    expect(em.body.data.list.every((d) => d.category === '电子显微镜')).toBe(true);
  });

  it('rejects a non-numeric page in Chinese', async () => {
    expect((await t.get('/api/open/web/device/search?page=abc')).body).toEqual({
      code: 0,
      msg: '[页码]格式不正确',
      data: { error: 'INVALID_INPUT' },
    });
  });
});

describe('GET /api/open/device/detail', () => {
  it('returns specs and the linked item', async () => {
    const res = await t.get<DeviceDetail>('/api/open/device/detail?rid=dev-tem-talos');
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({
      rid: 'dev-tem-talos',
      model: 'Thermo Fisher Talos F200X',
      item: { rid: 'tem-onsite', type_id: 2 },
    });
    expect(res.body.data.specs.length).toBeGreaterThan(0);
  });

  it('answers missing and unknown devices in the envelope', async () => {
    expect((await t.get('/api/open/device/detail')).body.msg).toBe('[编号]不能为空');
    expect((await t.get('/api/open/device/detail?rid=nope')).body).toEqual({
      code: 0,
      msg: '仪器不存在或已下线',
      data: { error: 'NOT_FOUND' },
    });
  });
});

describe('POST /api/open/device/query4timeExtra', () => {
  it('returns a week of slots from the given day, sized by the device', async () => {
    // A week far enough ahead that lead time does not matter, inside the six-month horizon.
    const monday = nextMonday(addDays(shanghaiDate(new Date()), 14));
    const res = await t.post<DeviceWeek>('/api/open/device/query4timeExtra', {
      rid: 'dev-tem-talos',
      date: monday,
    });
    expect(res.body.code).toBe(1);
    const w = res.body.data;
    expect(w).toMatchObject({ rid: 'dev-tem-talos', date: monday, min_minutes: 120, lead_hours: 48 });
    expect(w.days.map((d) => d.week)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    const mon = w.days[0];
    expect(mon.slots[0]).toEqual({
      start: `${monday}T08:30:00+08:00`,
      end: `${monday}T10:30:00+08:00`,
      status: 'free',
    });
    expect(mon.slots).toHaveLength(5);
    expect(mon.slots.at(-1)!.end).toBe(`${monday}T18:30:00+08:00`);
    expect(w.days[6]).toMatchObject({ closed: true });
    expect(w.days[6].slots.every((s) => s.status === 'closed')).toBe(true);
  });

  it('defaults to the week starting today in Shanghai', async () => {
    const res = await t.post<DeviceWeek>('/api/open/device/query4timeExtra', { rid: 'dev-xrd-d8' });
    expect(res.body.data.date).toBe(shanghaiDate(new Date()));
    expect(res.body.data.days).toHaveLength(7);
  });

  it('rejects impossible dates and unknown devices', async () => {
    const bad = await t.post('/api/open/device/query4timeExtra', { rid: 'dev-xrd-d8', date: '2026-02-30' });
    expect(bad.body).toEqual({ code: 0, msg: '[日期]不存在', data: { error: 'INVALID_INPUT' } });
    const fmt = await t.post('/api/open/device/query4timeExtra', { rid: 'dev-xrd-d8', date: '2026/03/01' });
    expect(fmt.body.msg).toBe('[日期]格式不正确，应为 YYYY-MM-DD');
    const none = await t.post('/api/open/device/query4timeExtra', { rid: 'nope' });
    expect(none.body.msg).toBe('仪器不存在或已下线');
  });
});

function nextMonday(date: string): string {
  let d = date;
  while (new Date(`${d}T12:00:00+08:00`).getUTCDay() !== 1) d = addDays(d, 1);
  return d;
}
