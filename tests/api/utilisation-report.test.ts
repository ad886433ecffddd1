// Instrument utilisation (issue 35, decision 0092): one working day of an instrument open
// 08:30–18:30 (10 h) with known downtime (a fault and an overlapping 其他停机 in the morning, a
// maintenance running past closing) and known bookings (used with and without recorded times,
// a no-show, a cancellation, one tomorrow) and a testing step (开始检测 14:00 to 完成 15:00, on
// the instrument its entry records, overlapping a booking by half an hour) gives hand-computed
// hours: downtime leaves the available hours, overlaps count once, and customers of other
// institutions are external.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { reservationHelpers } from '../support/reservations.ts';
import type { Worklist } from '#shared/worklist/responses.ts';
import { device } from '#server/catalogue/tables.ts';
import { eq } from 'drizzle-orm';
import { labCalendar } from '#server/calendar/index.ts';
import { PROFILE } from '../factories/users.ts';
import { addDays } from '#shared/slots.ts';
import ExcelJS from 'exceljs';
import { ANNUAL_COLUMNS, type Utilisation, type UtilisationRow } from '#shared/analytics/utilisation.ts';

const t = await setupApi();
const r = reservationHelpers(t);

let day = '';
let deviceRid = '';
let idleRid = '';

beforeAll(async () => {
  const { calendar } = await labCalendar(t.services);
  const d = await r.device({ lead_hours: 0 });
  deviceRid = d.rid;
  idleRid = (await r.device({ lead_hours: 0 })).rid;
  // The fixture's day is a Tuesday (customers move the clock on, and their sessions expire).
  let monday = r.nextMonday();
  while (!calendar.isWorkingDay(addDays(monday, 1)) || !calendar.isWorkingDay(addDays(monday, 2)))
    monday = r.nextMonday();
  day = addDays(monday, 1);
  const own = await r.customer('institution');
  // A teacher of another university (billed after use, like the lab's own).
  const other = await r.customer('institution');
  const moved = await t.post(
    '/api/auth/update4profile',
    { ...PROFILE, organization: 3, company: '浙江大学', email: `u${other.phone}@example.com` },
    other.h,
  );
  expect(moved.body, moved.body.msg).toMatchObject({ code: 1 });
  const block = async (kind: string, from: string, to: string) =>
    expect(
      (
        await r.admin('block/add', {
          kind,
          device_rid: d.rid,
          start: r.iso(day, from),
          end: r.iso(day, to),
          reason: '测试',
        })
      ).body.code,
    ).toBe(1);
  await block('fault', '09:00', '10:00');
  await block('other', '09:30', '10:30');
  await block('maintenance', '17:30', '19:30');
  const saved = await r.admin('analytics/institution/save', { key: 'labInstitution', name: ' 复旦大学 ' });
  expect(saved.body).toMatchObject({ code: 1, data: { name: '复旦大学' } });

  const used = await r.booked(own.h, d.rid, day, '10:30', '12:30');
  const plain = await r.booked(other.h, d.rid, day, '12:30', '14:30');
  const missed = await r.booked(other.h, d.rid, day, '14:30', '15:30');
  const dropped = await r.booked(own.h, d.rid, day, '15:30', '16:30');
  expect(
    (await t.post('/api/auth/reservation/cancel', { rid: dropped.rid, reason: '改期' }, own.h)).body.code,
  ).toBe(1);
  await r.booked(other.h, d.rid, addDays(day, 1), '10:30', '15:30');
  // The other university's order of an item tested on the idle instrument by its catalogue link,
  // whose result records the instrument `d` was used: the step counts on `d`.
  const it = await r.demoItem(1);
  const linked = await r.admin('catalogue/item/edit', { rid: it.rid, device_rid: idleRid });
  expect(linked.body, linked.body.msg).toMatchObject({ code: 1 });
  const placed = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters, count: 1 }], delivery: { type: 0 } },
    other.h,
  );
  expect(placed.body, placed.body.msg).toMatchObject({ code: 1 });
  const orderRid = placed.body.data.list[0].rid;
  expect((await r.admin('order/receive', { rid: orderRid })).body.code).toBe(1);
  const work = await r.admin<Worklist>('worklist/list', { view: 'all' });
  const piece = work.body.data.groups
    .flatMap((g) => g.items.flatMap((i) => i.rows))
    .find((x) => x.order_rid === orderRid)!;
  expect((await r.admin('worklist/take', { rid: piece.rid })).body.code).toBe(1);
  r.goTo(day, '14:00');
  expect((await r.admin('worklist/start', { rid: piece.rid })).body.code).toBe(1);
  r.goTo(day, '15:00');
  const [dev] = await t.services.db.select().from(device).where(eq(device.rid, d.rid));
  const entered = await r.admin('result/save', {
    rid: piece.rid,
    method: '',
    instrument: `${dev.name} ${dev.model}`,
    entries: [{ key: '_text', value: '见原始数据' }],
  });
  expect(entered.body, entered.body.msg).toMatchObject({ code: 1 });
  expect((await r.admin('worklist/done', { rid: piece.rid })).body.code).toBe(1);
  r.goTo(day, '17:00');
  const done = (body: Record<string, unknown>) => r.admin('reservation/done', body);
  const usedDone = await done({
    rid: used.rid,
    actual_start: r.iso(day, '10:40'),
    actual_end: r.iso(day, '12:10'),
  });
  expect(usedDone.body, usedDone.body.msg).toMatchObject({ code: 1 });
  const plainDone = await done({ rid: plain.rid });
  expect(plainDone.body, plainDone.body.msg).toMatchObject({ code: 1 });
  expect((await r.admin('reservation/no_show', { rid: missed.rid })).body.code).toBe(1);
}, 60_000);

const report = async (from = day, to = day) => {
  const res = await r.admin<Utilisation>('analytics/utilisation', { from, to });
  expect(res.body, res.body.msg).toMatchObject({ code: 1 });
  return res.body.data;
};
const rowOf = (u: Utilisation, rid: string) => u.rows.find((x) => x.rid === rid) as UtilisationRow;

describe('utilisation report', () => {
  it('matches the hand-computed hours of the day', async () => {
    const u = await report();
    expect(u.institution).toBe('复旦大学');
    expect(rowOf(u, deviceRid)).toEqual({
      rid: deviceRid,
      name: expect.any(String),
      open_hours: 10,
      // 09:00–10:00 and 09:30–10:30 overlap: 1.5 h down, not 2; the maintenance counts until 18:30.
      downtime: { holiday: 0, maintenance: 1, fault: 1, no_operator: 0, other: 1 },
      downtime_hours: 2.5,
      available_hours: 7.5,
      // 2 + 2 + 1 (the no-show held its time; the cancelled hour did not).
      booked_hours: 5,
      // 1.5 recorded + 2 booked (no time recorded) + the testing step 14:00–15:00, of which
      // 14:00–14:30 overlaps the booking: 1.5 + 2.5.
      used_hours: 4,
      testing_hours: 1,
      // The other university's booking and its order's test, 12:30–15:00; the institution's own
      // 1.5 are not external.
      external_hours: 2.5,
      external_users: 1,
      utilisation_pct: 53.3,
      // Tomorrow's 5 hours over a 10-hour day.
      backlog_days: 0.5,
    });
    expect(rowOf(u, idleRid)).toMatchObject({
      open_hours: 10,
      downtime_hours: 0,
      available_hours: 10,
      used_hours: 0,
      testing_hours: 0,
      utilisation_pct: 0,
      backlog_days: 0,
    });
  });

  it('a holiday block closes every instrument; a non-working day has no hours', async () => {
    const tomorrow = addDays(day, 1);
    expect(
      (
        await r.admin('block/add', {
          kind: 'holiday',
          start: r.iso(tomorrow, '08:00'),
          end: r.iso(tomorrow, '12:00'),
          reason: '所庆',
        })
      ).body.code,
    ).toBe(1);
    const u = await report(tomorrow, tomorrow);
    expect(rowOf(u, idleRid)).toMatchObject({ downtime: { holiday: 3.5 }, available_hours: 6.5 });
    const sunday = addDays(day, -2);
    expect(rowOf(await report(sunday, sunday), idleRid)).toMatchObject({
      open_hours: 0,
      utilisation_pct: null,
    });
  });

  it('refuses bad input and a fault without an instrument, in Chinese', async () => {
    expect((await r.admin('analytics/utilisation', { from: day, to: addDays(day, -1) })).body.code).toBe(0);
    expect(
      (
        await r.admin('block/add', {
          kind: 'fault',
          start: r.iso(addDays(day, 3), '09:00'),
          end: r.iso(addDays(day, 3), '10:00'),
          reason: '真空泵',
        })
      ).body,
    ).toMatchObject({ code: 0, msg: '[仪器]不能为空（维护、故障等停机需指定仪器）' });
  });

  it('the annual statistics: the evaluation form columns for the year, from the same figures, as xlsx', async () => {
    const year = Number(day.slice(0, 4));
    const { calendar } = await labCalendar(t.services);
    // Open days of the year: the lab's working days, less Sundays (closed for booking).
    let open = 0;
    for (let d = `${year}-01-01`; d <= `${year}-12-31`; d = addDays(d, 1))
      if (calendar.isWorkingDay(d) && new Date(`${d}T12:00:00Z`).getUTCDay() !== 0) open++;
    const res = await r.admin<{ rows: Record<string, string | number>[] }>('analytics/annual', { year });
    expect(res.body, res.body.msg).toMatchObject({ code: 1 });
    const { name } = rowOf(await report(), deviceRid);
    const row = res.body.data.rows.find((x) => x.name === name)!;
    // Downtime: the day's 2.5 hours and tomorrow's holiday morning (3.5 of opening hours).
    expect(row).toMatchObject({
      available_hours: open * 10 - 6,
      downtime_hours: 6,
      used_hours: 4,
      external_hours: 2.5,
      share_pct: 62.5,
      external_users: 1,
      // Billed after use and not yet paid: no income in the ledger.
      income_yuan: '0.00',
    });
    expect(res.body.data.rows.at(-1)).toMatchObject({ no: '合计', used_hours: 4, external_hours: 2.5 });

    const file = await t.api.request('/api/admin/analytics/annual/xlsx', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await r.staff()) },
      body: JSON.stringify({ year }),
    });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(2).values).toEqual([undefined, ...ANNUAL_COLUMNS.map(([, label]) => label)]);
    const line = (ws.getRow(3 + res.body.data.rows.indexOf(row)).values as unknown[]).slice(1);
    expect(line).toEqual(ANNUAL_COLUMNS.map(([k]) => (k === 'income_yuan' ? 0 : row[k])));
    expect((await r.admin('analytics/annual', { year: 'x' })).body).toMatchObject({
      code: 0,
      msg: '[年度]格式不正确',
    });
  });
});
