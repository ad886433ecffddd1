import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { members, type Member } from '../factories/users.ts';
import { setting } from '#server/catalogue/site-tables.ts';
import { demoSamplingSetting } from '#server/catalogue/seed/settings.ts';
import { transitionSampling } from '#server/member/samplings.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';
import { pickupDateBounds, weekdayOf } from '#shared/member/pickup-dates.ts';
import type { Address } from '#shared/member/responses.ts';
import type { Pickup } from '#shared/member/responses.ts';
import type { SamplingSetting } from '#shared/catalogue/settings.ts';

const t = await setupApi();
const m = members(t);

const shanghai = {
  name: '王五',
  phone: '13912345678',
  province: '上海市',
  city: '上海市',
  area: '闵行区',
  address: '东川路800号',
  address_code: '310112',
};
const beijing = { ...shanghai, province: '北京市', city: '北京市', area: '海淀区', address_code: '110108' };

const today = () => shanghaiDate(t.services.now());
/** The next day on or after `from` with this weekday (0 = Sunday). */
const nextWeekday = (week: number, from = addDays(today(), 1)) => {
  let d = from;
  while (weekdayOf(d) !== week) d = addDays(d, 1);
  return d;
};
const tuesday = () => nextWeekday(2);

async function useSettings(change: Partial<SamplingSetting>) {
  await t.services.db
    .update(setting)
    .set({ value: { ...demoSamplingSetting, ...change } })
    .where(eq(setting.key, 'samplingSetting'));
}
beforeEach(() => useSettings({}));

const saved = async (u: Member, body = shanghai) =>
  (await u.call<Address>('/api/auth/address/add', body)).body.data.address_rid;
const book = (u: Member, body: object) => u.call<Pickup>('/api/auth/sampling/add', body);
const list = async (u: Member, body: object = {}) =>
  (await u.call<{ list: Pickup[]; total: number }>('/api/auth/sampling/list', body)).body.data;

describe('sampling/add', () => {
  it('books a pickup at a saved address, copying the address in', async () => {
    const u = await m.member();
    const rid = await saved(u);
    const date = tuesday();
    const res = await book(u, {
      type: 1,
      sendAddress: rid,
      date,
      time: '09:00-11:00',
      message: ' 请到门卫处取 ',
    });
    expect(res.body).toMatchObject({ code: 1, msg: '提交成功!' });
    expect(res.body.data).toMatchObject({
      type: 1,
      status: 'pending',
      status_text: '待取样',
      date,
      time: '09:00-11:00',
      ...shanghai,
      address_rid: rid,
      message: '请到门卫处取',
      cancelled: null,
    });
    expect(res.body.data.rid).toMatch(/^s[\w-]{12}$/);

    // Editing the saved address later does not move the booked pickup.
    await u.call('/api/auth/address/edit', { address_rid: rid, ...shanghai, address: '新地址1号' });
    expect((await list(u)).list[0]).toMatchObject({ address: '东川路800号', address_rid: rid });
  });

  it('books a pickup at a one-off address in Suzhou without saving it', async () => {
    const u = await m.member();
    const res = await book(u, {
      type: 1,
      ...shanghai,
      province: '',
      city: '',
      area: '',
      address_code: '',
      region: '江苏省-苏州市-昆山市-320583',
      date: tuesday(),
      time: '13:30-15:30',
    });
    expect(res.body.data).toMatchObject({
      city: '苏州市',
      area: '昆山市',
      address_code: '320583',
      address_rid: null,
    });
    expect((await m.info(u.token)).body.data.address).toEqual([]);
  });

  it('serves the districts the served-area table names, the industrial park included', async () => {
    const settings = await t.post<{ samplingInfo: { city: string; districts: string[] }[] }>(
      '/api/open/setting',
      {},
    );
    const suzhou = settings.body.data.samplingInfo.find((c) => c.city === '苏州市')!;
    expect(suzhou.districts).toContain('苏州工业园区');
    const u = await m.member();
    const res = await book(u, {
      type: 1,
      ...shanghai,
      province: '',
      city: '',
      area: '',
      address_code: '',
      region: '江苏省-苏州市-苏州工业园区-320571',
      date: tuesday(),
      time: '09:00-11:00',
    });
    expect(res.body).toMatchObject({ code: 1, data: { area: '苏州工业园区', address_code: '320571' } });
  });

  it('refuses an address outside the served cities', async () => {
    const u = await m.member();
    const rid = await saved(u, beijing);
    const when = { date: tuesday(), time: '09:00-11:00' };
    for (const body of [
      { sendAddress: rid, ...when },
      { ...beijing, ...when },
    ]) {
      expect((await book(u, body)).body).toEqual({
        code: 0,
        msg: '该地址所在城市暂未开通上门取样服务',
        data: { error: 'REFUSED' },
      });
    }
    expect((await list(u)).total).toBe(0);
  });

  it.each([
    [{}, '[姓名]不能为空'],
    [{ name: '王五' }, '[手机]不能为空'],
    [{ name: '王五', phone: '139123456789' }, '[手机]最多11位'],
    [{ name: '王五', phone: '13912345678' }, '[取样地址]不能为空'],
    [{ name: '王五', phone: '13912345678', region: '上海市-上海市-闵行区-310112' }, '[详细地址]不能为空'],
    [{ ...shanghai }, '[取样日期]不能为空'],
    [{ ...shanghai, date: '2026-02-30' }, '[取样日期]格式不正确'],
    [{ ...shanghai, date: '2026-03-03' }, '[取样时间]不能为空'],
    [{ ...shanghai, date: '2026-03-03', time: '9点' }, '[取样时间]格式不正确'],
    [{ ...shanghai, date: '2026-03-03', time: '09:00-11:00', type: 0 }, '[取样方式]不正确'],
    [
      { ...shanghai, date: '2026-03-03', time: '09:00-11:00', message: 'x'.repeat(201) },
      '[备注]最多200个字符',
    ],
  ])('validates %j → %s', async (body, msg) => {
    const u = await m.member();
    // The time's format is re-checked by the shared pickup rules in the service.
    const error = msg === '[取样时间]格式不正确' ? 'REFUSED' : 'INVALID_INPUT';
    expect((await book(u, body)).body).toEqual({ code: 0, msg, data: { error } });
  });

  it('re-checks the date rules on the server', async () => {
    const u = await m.member();
    const rid = await saved(u);
    const at = (date: string, time = '09:00-11:00') => book(u, { sendAddress: rid, date, time });
    const refused = async (date: string, msg: string) =>
      expect((await at(date)).body).toEqual({ code: 0, msg, data: { error: 'REFUSED' } });

    await refused(addDays(today(), -1), '[取样日期]不能早于今天');
    await refused(nextWeekday(0), '该日期不提供上门取样，请选择其他日期');
    // Six months ahead: the same day of month; one day more is refused.
    const horizon = pickupDateBounds(today()).maxDate;
    await refused(addDays(horizon, 1), '[取样日期]最多可预约6个月内的日期');

    const holiday = tuesday();
    await useSettings({ disabled_date: [holiday] });
    await refused(holiday, '该日期不提供上门取样，请选择其他日期');
    await useSettings({ disabled_date: [holiday], invalid_disabled_date: [holiday] });
    expect((await at(holiday)).body.code).toBe(1);
    // invalid_disabled_date only cancels disabled_date: a Sunday stays closed (disabled_week).
    await useSettings({ invalid_disabled_date: [nextWeekday(0)] });
    await refused(nextWeekday(0), '该日期不提供上门取样，请选择其他日期');
  });

  it('re-checks the time slot rules on the server', async () => {
    const u = await m.member();
    const rid = await saved(u);
    const date = tuesday();
    const at = (time: string, d = date) => book(u, { sendAddress: rid, date: d, time });

    expect((await at('08:00-09:00')).body.msg).toBe('[取样时间]不在可选时段内');
    await useSettings({ disabled_time: ['15:30-17:30'], disabled_date_time: [`${date} 13:30-15:30`] });
    expect((await at('15:30-17:30')).body).toEqual({
      code: 0,
      msg: '该时段不提供上门取样，请选择其他时间',
      data: { error: 'REFUSED' },
    });
    expect((await at('13:30-15:30')).body.msg).toBe('该时段不提供上门取样，请选择其他时间');
    expect((await at('13:30-15:30', addDays(date, 1))).body.code).toBe(1);
    expect((await at('11:00-13:00')).body.code).toBe(1);

    // Move the clock to 10:00 on that Tuesday in Shanghai (a fresh login: the old token has
    // expired by then): the 09:00 slot has started, the 11:00 one is inside the two hours' notice
    // the lab needs; with a 30-minute notice it can be booked.
    m.advance(shanghaiMidnight(date)! + 10 * 3600_000 - t.services.now());
    expect(today()).toBe(date);
    const later = await m.member();
    const laterRid = await saved(later);
    const atToday = (time: string) => book(later, { sendAddress: laterRid, date, time });
    const tooSoon = '上门取样需提前预约，该时段已来不及安排，请选择其他时间';
    expect((await atToday('09:00-11:00')).body.msg).toBe(tooSoon);
    expect((await atToday('11:00-13:00')).body.msg).toBe(tooSoon);
    await useSettings({ notice_minutes: 30 });
    expect((await atToday('09:00-11:00')).body.msg).toBe(tooSoon);
    expect((await atToday('11:00-13:00')).body.code).toBe(1);
  });

  it('limits open pickups per account, also under parallel requests', async () => {
    const u = await m.member();
    const rid = await saved(u);
    const one = () => book(u, { sendAddress: rid, date: tuesday(), time: '09:00-11:00' });
    const results = await Promise.all(Array.from({ length: 12 }, one));
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(10);
    expect(results.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual([
      '待取样的预约已达上限，请等待取样完成或取消部分预约',
      '待取样的预约已达上限，请等待取样完成或取消部分预约',
    ]);
    // Cancelling one frees a place.
    await u.call('/api/auth/sampling/cancel', {
      rid: (results.find((r) => r.body.code === 1)!.body.data as Pickup).rid,
    });
    expect((await one()).body.code).toBe(1);
  });
});

describe('sampling/list and cancel', () => {
  it('lists newest first with paging and a status filter; cancels only a pending pickup', async () => {
    const u = await m.member();
    const rid = await saved(u);
    const made: Pickup[] = [];
    for (const time of ['09:00-11:00', '11:00-13:00', '13:30-15:30']) {
      m.advance(1000);
      made.push((await book(u, { sendAddress: rid, date: tuesday(), time })).body.data);
    }
    expect(await list(u)).toEqual({ list: [...made].reverse(), total: 3 });
    expect(await list(u, { page: 2, size: 2 })).toEqual({ list: [made[0]], total: 3 });

    const cancelled = await u.call<Pickup>('/api/auth/sampling/cancel', { rid: made[1]!.rid });
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 'cancelled', status_text: '已取消' } });
    expect(cancelled.body.data.cancelled).toBe(new Date(t.services.now()).toISOString());
    expect((await list(u, { status: 'cancelled' })).list.map((p) => p.rid)).toEqual([made[1]!.rid]);
    expect((await list(u, { status: 'pending' })).total).toBe(2);

    // Cancelling twice, or after staff picked the sample up, is refused.
    const again = await u.call('/api/auth/sampling/cancel', { rid: made[1]!.rid });
    expect(again.body).toEqual({ code: 0, msg: '该取样单已处理，无法取消', data: { error: 'REFUSED' } });
    await transitionSampling(t.services, made[2]!.rid, 'picked');
    expect((await u.call('/api/auth/sampling/cancel', { rid: made[2]!.rid })).body.msg).toBe(
      '该取样单已处理，无法取消',
    );
    await expect(transitionSampling(t.services, made[1]!.rid, 'picked')).rejects.toThrow(
      '取样单状态不允许此操作',
    );
    expect((await transitionSampling(t.services, made[2]!.rid, 'received')).status_text).toBe('已送达');
  });

  it('validates list and cancel input', async () => {
    const u = await m.member();
    expect((await u.call('/api/auth/sampling/list', { status: 'lost' })).body.msg).toBe('[状态]不正确');
    expect((await u.call('/api/auth/sampling/list', { page: 'abc' })).body.msg).toBe('[页码]格式不正确');
    expect((await u.call('/api/auth/sampling/cancel', {})).body.msg).toBe('[取样单编号]不能为空');
    expect((await u.call('/api/auth/sampling/cancel', { rid: 'sNoSuchPickup' })).body.msg).toBe(
      '取样单不存在',
    );
    expect((await t.post('/api/auth/sampling/list', {})).status).toBe(401);
  });
});

describe('ownership', () => {
  it("user B cannot see, cancel or book with user A's pickup or address", async () => {
    const a = await m.member();
    const b = await m.member();
    const rid = await saved(a);
    const pickup = (await book(a, { sendAddress: rid, date: tuesday(), time: '09:00-11:00' })).body.data;

    expect(await list(b)).toEqual({ list: [], total: 0 });
    expect((await b.call('/api/auth/sampling/cancel', { rid: pickup.rid })).body).toEqual({
      code: 0,
      msg: '取样单不存在',
      data: { error: 'NOT_FOUND' },
    });
    expect((await book(b, { sendAddress: rid, date: tuesday(), time: '09:00-11:00' })).body).toEqual({
      code: 0,
      msg: '地址不存在',
      data: { error: 'NOT_FOUND' },
    });
    expect(await list(a)).toEqual({ list: [pickup], total: 1 });
    expect(await list(b)).toEqual({ list: [], total: 0 });
  });
});
