import { expect } from 'vitest';
import type { TestContext } from '../setup/api.ts';
import { orderHelpers, staffToken } from './orders.ts';
import { DEMO_STAFF_PHONE, ensureDemoStaff } from '#server/staff/index.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';
import type { ReservationAdded, ReservationItem } from '#shared/reservations/reservation.ts';
import type { DeviceWeek } from '#shared/catalogue/catalogue.ts';

type Res<T> = { status: number; body: { code: number; msg: string; data: T } };

/**
 * Reservation helpers over a setupApi() context: the accounts clock moved to a known Shanghai
 * time (forward only), instruments made through the staff API, bookings at 'YYYY-MM-DD HH:mm'.
 */
export function reservationHelpers(t: TestContext) {
  const o = orderHelpers(t);
  const now = () => t.services.now();

  /** Moves the clock forward to the next Monday 10:00 Shanghai (a fresh week for each test). */
  function nextMonday() {
    let date = addDays(shanghaiDate(now()), 1);
    while (new Date(shanghaiMidnight(date)! + 8 * 3600_000).getUTCDay() !== 1) date = addDays(date, 1);
    goTo(date, '10:00');
    return date;
  }
  function goTo(date: string, hhmm: string) {
    const target = at(date, hhmm);
    expect(target, 'the clock only moves forward').toBeGreaterThanOrEqual(now());
    o.a.advance(target - now());
  }
  const at = (date: string, hhmm: string) => Date.parse(iso(date, hhmm));
  const iso = (date: string, hhmm: string) => `${date}T${hhmm}:00+08:00`;

  // Console sessions live 2 hours and the clock runs on: a new one when the last one is old.
  let staffAt = -Infinity;
  let staffHeaders: Record<string, string> = {};
  async function staff(): Promise<Record<string, string>> {
    if (now() - staffAt > 3600_000) {
      await ensureDemoStaff(t.services);
      staffHeaders = o.a.bearer(await staffToken(t, DEMO_STAFF_PHONE));
      staffAt = now();
    }
    return staffHeaders;
  }
  async function admin<T = unknown>(path: string, body: unknown): Promise<Res<T>> {
    return t.post<T>(`/api/admin/${path}`, body, await staff());
  }

  let n = 0;
  /** An on-sale instrument made by staff: 300 元/hour, 60-minute rows, 24 h lead by default. */
  async function device(extra: Record<string, unknown> = {}) {
    const res = await admin<{ rid: string; name: string; min_minutes: number }>('device/add', {
      name: `测试仪器${++n}`,
      model: `M-${n}`,
      category: '电子显微镜',
      location: '测试楼 101',
      price_fen: 30000,
      price_unit: 'hour',
      min_minutes: 60,
      lead_hours: 24,
      ...extra,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    return res.body.data;
  }

  function book(
    h: Record<string, string>,
    deviceRid: string,
    date: string,
    from: string,
    to: string,
    extra = {},
  ) {
    return t.post<ReservationAdded>(
      '/api/auth/reservation/add',
      { device_rid: deviceRid, start: iso(date, from), end: iso(date, to), ...extra },
      h,
    );
  }
  async function booked(
    h: Record<string, string>,
    deviceRid: string,
    date: string,
    from: string,
    to: string,
  ) {
    const res = await book(h, deviceRid, date, from, to);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1 });
    return res.body.data;
  }

  async function list(h: Record<string, string>, scope = 'upcoming') {
    const res = await t.post<{ list: ReservationItem[]; total: number; scene_date: string | null }>(
      '/api/auth/reservation/list4person',
      { page: 1, size: 50, scope },
      h,
    );
    expect(res.body.code).toBe(1);
    return res.body.data;
  }

  async function week(deviceRid: string, date: string) {
    const res = await t.post<DeviceWeek>('/api/open/device/query4timeExtra', { rid: deviceRid, date });
    expect(res.body.code).toBe(1);
    return res.body.data;
  }
  /** The status of the row starting at hhmm on the first day of a week answer. */
  const slotStatus = (w: DeviceWeek, hhmm: string, day = 0) =>
    w.days[day].slots.find((s) => s.start.slice(11, 16) === hhmm)?.status;

  return { ...o, staff, admin, nextMonday, goTo, at, iso, device, book, booked, list, week, slotStatus };
}
