import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { indexMsg } from '#server/require/tables.ts';
import type { PublicSettings } from '#shared/catalogue/settings.ts';
import { setupApi } from '../setup/api.ts';

const t = await setupApi();

describe('POST /api/open/setting', () => {
  it('returns contact details, served regions and the pickup calendar', async () => {
    const res = await t.post<PublicSettings>('/api/open/setting');
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(['allowRegion', 'localInfo', 'samplingInfo', 'samplingSetting']);
    expect(Object.keys(d.localInfo).sort()).toEqual(['address', 'email', 'express', 'phone']);
    expect(d.localInfo.express.address).not.toBe('');
    expect(d.allowRegion).toContain('310112');
    expect(d.allowRegion.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(d.samplingSetting).toEqual({
      disabled_date: [],
      disabled_date_time: [],
      disabled_time: [],
      disabled_week: [0],
      invalid_disabled_date: [],
      sampling_time1: '09:00-11:00',
      sampling_time2: '11:00-13:00',
      sampling_time3: '13:30-15:30',
      sampling_time4: '15:30-17:30',
      // Ours: a pickup needs two hours' notice.
      notice_minutes: 120,
    });
    expect(d.samplingInfo.map((r) => r.city)).toEqual(['上海市', '苏州市']);
    // The popup table and the region codes describe the same districts.
    expect(d.samplingInfo.flatMap((r) => r.districts)).toHaveLength(d.allowRegion.length);
  });
});

describe('POST /api/open/setting/list4key', () => {
  it('returns only the asked-for keys', async () => {
    const res = await t.post<Partial<PublicSettings>>('/api/open/setting/list4key', {
      keys: ['allowRegion', 'samplingInfo'],
    });
    expect(res.body.code).toBe(1);
    expect(Object.keys(res.body.data).sort()).toEqual(['allowRegion', 'samplingInfo']);
  });

  it('names an unknown key in Chinese', async () => {
    const res = await t.post('/api/open/setting/list4key', { keys: ['allowRegion', 'password'] });
    expect(res.body).toEqual({
      code: 0,
      msg: '未知的设置项：password（可选：localInfo、allowRegion、samplingSetting、samplingInfo）',
      data: { error: 'INVALID_INPUT' },
    });
    expect((await t.post('/api/open/setting/list4key', {})).body.msg).toBe('[keys]不能为空');
    expect((await t.post('/api/open/setting/list4key', { keys: 'allowRegion' })).body.msg).toBe(
      '[keys]应为设置项名称的数组',
    );
  });
});

describe('POST /api/open/indexMsg/add', () => {
  // The tests pose as the reverse proxy, whose X-Forwarded-For entry is trusted only then.
  t.services.env.TRUST_PROXY = true;
  const valid = {
    name: '李雷',
    phone: '13912345678',
    email: 'lilei@example.edu.cn',
    company: '示例大学',
    content: '需要做 20 个样品的 XRD 和 SEM，请报价。',
  };

  it('stores a valid requirement', async () => {
    const res = await t.post('/api/open/indexMsg/add', valid, {
      // A client-supplied entry first, the one our proxy appended last: the last one counts.
      'x-forwarded-for': '10.9.9.9, 198.51.100.1',
    });
    expect(res.body).toEqual({ code: 1, msg: '提交成功!', data: null });
    const [row] = await t.services.db.select().from(indexMsg).orderBy(desc(indexMsg.id)).limit(1);
    expect(row).toMatchObject({ ...valid, ip: '198.51.100.1' });
  });

  it('shows the first problem in the spec wording', async () => {
    const cases: [object, string][] = [
      [{}, '[姓名]不能为空'],
      [{ ...valid, name: '   ' }, '[姓名]不能为空'],
      [{ ...valid, phone: '' }, '[手机号]不能为空'],
      [{ ...valid, phone: '12345678901' }, '[手机号]格式不正确'],
      [{ ...valid, phone: '139123456789' }, '[手机号]格式不正确'],
      [{ ...valid, content: '' }, '[需求内容]不能为空'],
      [{ ...valid, content: 'x'.repeat(2001) }, '[需求内容]不能超过2000个字'],
      [{ ...valid, name: '名'.repeat(21) }, '[姓名]不能超过20个字'],
      [{ ...valid, email: 'not-an-email' }, '[邮箱]格式不正确'],
      [{ ...valid, phone: 13912345678 }, '[手机号]格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post('/api/open/indexMsg/add', body, { 'x-forwarded-for': '198.51.100.2' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, msg, data: { error: 'INVALID_INPUT' } });
    }
  });

  it('accepts a post without the optional e-mail and company', async () => {
    const res = await t.post(
      '/api/open/indexMsg/add',
      { name: '韩梅梅', phone: '15800001111', content: '咨询 DFT 计算周期' },
      { 'x-forwarded-for': '198.51.100.3' },
    );
    expect(res.body.code).toBe(1);
  });

  it('limits each address to five posts in ten minutes, counted in the database', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const results = await Promise.all(
      Array.from({ length: 7 }, () => t.post('/api/open/indexMsg/add', valid, ip)),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(5);
    expect(results.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual([
      '提交过于频繁，请稍后再试',
      '提交过于频繁，请稍后再试',
    ]);
    const stored = await t.services.db.select().from(indexMsg).where(eq(indexMsg.ip, '203.0.113.9'));
    expect(stored).toHaveLength(5);
    // Another address is not affected.
    const other = await t.post('/api/open/indexMsg/add', valid, { 'x-forwarded-for': '203.0.113.10' });
    expect(other.body.code).toBe(1);
  });

  it('counts only the last ten minutes', async () => {
    const ip = '203.0.113.20';
    const old = new Date(Date.now() - 11 * 60_000);
    await t.services.db
      .insert(indexMsg)
      .values(Array.from({ length: 5 }, () => ({ ...valid, ip, createdAt: old })));
    const res = await t.post('/api/open/indexMsg/add', valid, { 'x-forwarded-for': ip });
    expect(res.body.code).toBe(1);
  });
});
