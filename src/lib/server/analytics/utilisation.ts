// Instrument utilisation (issue 35, decisions 0092 and 0097), computed from the bookings, the
// testing steps run on each instrument, the blocked times and each instrument's opening hours on
// the lab's working days. Instruments are few and a range's bookings and steps thousands at most,
// so the intervals are intersected here rather than in SQL.
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { deviceDirectory, readSetting, writeSetting } from '../catalogue/index.ts';
import { blockDirectory, getReservationSettings, reservationDirectory } from '../reservations/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { labCalendar } from '../calendar/index.ts';
import { testingSteps } from '../worklist/index.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate, shanghaiWeekday } from '../../shared/time.ts';
import {
  BLOCK_KINDS,
  deviceSettings,
  type BlockKind,
  type DeviceBookingRules,
  type ReservationStatus,
} from '../../shared/reservations/reservation-rules.ts';
import {
  INSTITUTION_SETTING_KEY,
  overlapHours,
  round2,
  unionHours,
  type Utilisation,
  type UtilisationQuery,
  type UtilisationRow,
} from '../../shared/analytics/utilisation.ts';
import type { WorkingCalendar } from '../../shared/calendar/working-days.ts';

const HOUR = 3_600_000;
/** Bookings that hold their time. */
const HELD: ReservationStatus[] = ['pending', 'confirmed', 'done', 'no_show'];
/** How far ahead the queue of future bookings is read. */
const BACKLOG_DAYS = 366;

/** The lab's own institution (customers of any other are external); '' when not set. */
export async function labInstitution(db: Db | Tx): Promise<string> {
  const v = (await readSetting(db, INSTITUTION_SETTING_KEY)) as { name?: string } | undefined;
  return v?.name?.trim() ?? '';
}

export async function saveLabInstitution(s: Services, name: string) {
  await writeSetting(s, INSTITUTION_SETTING_KEY, { name: name.trim() });
  return { name: await labInstitution(s.db) };
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** An instrument's open windows on the working days of [from, to]: one [start, end) per day. */
function openWindows(
  calendar: WorkingCalendar,
  rules: { open: string; close: string; closed_weekdays: number[] },
  from: string,
  to: string,
): [number, number][] {
  const out: [number, number][] = [];
  const [open, close] = [minutes(rules.open), minutes(rules.close)];
  if (close <= open) return out;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const midnight = shanghaiMidnight(d)!;
    if (!calendar.isWorkingDay(d) || rules.closed_weekdays.includes(shanghaiWeekday(midnight))) continue;
    out.push([midnight + open * 60_000, midnight + close * 60_000]);
  }
  return out;
}

/** The spans of `spans` within the windows (each clipped to each window it meets). */
const within = (spans: [number, number][], windows: [number, number][]) =>
  spans.flatMap(([a, b]) =>
    windows
      .filter(([c, d]) => b > c && a < d)
      .map(([c, d]): [number, number] => [Math.max(a, c), Math.min(b, d)]),
  );

export async function utilisationReport(s: Services, q: UtilisationQuery): Promise<Utilisation> {
  const start = shanghaiMidnight(q.from)!;
  const end = shanghaiMidnight(addDays(q.to, 1))!;
  const now = s.now();
  const today = shanghaiDate(now);
  const horizon = addDays(today, BACKLOG_DAYS);
  const { calendar } = await labCalendar(s);
  const lab = await getReservationSettings(s.db);
  const institution = await labInstitution(s.db);

  const d = deviceDirectory('d');
  const devices = await s.db
    .select({ id: d.id, rid: d.rid, name: d.name, rules: d.bookingRules, sort: d.sort })
    .from(d)
    .orderBy(d.sort, d.id);
  const b = blockDirectory('b');
  const blocks = await s.db
    .select({ deviceId: b.deviceId, kind: b.kind, startAt: b.startAt, endAt: b.endAt })
    .from(b)
    .where(and(lt(b.startAt, new Date(end)), gt(b.endAt, new Date(start))));
  // The range's bookings, and the queue from now on.
  const r = reservationDirectory('r');
  const u = userDirectory('u');
  const farEnd = Math.max(end, shanghaiMidnight(horizon)!);
  const bookings = await s.db
    .select({
      deviceId: r.deviceId,
      startAt: r.startAt,
      endAt: r.endAt,
      status: r.status,
      actualStartAt: r.actualStartAt,
      actualEndAt: r.actualEndAt,
      company: u.company,
      userId: r.userId,
    })
    .from(r)
    .innerJoin(u, eq(u.id, r.userId))
    .where(
      and(
        inArray(r.status, HELD),
        or(
          and(lt(r.startAt, new Date(end)), gt(r.endAt, new Date(start))),
          and(gt(r.endAt, new Date(now)), lt(r.startAt, new Date(farEnd))),
          sql`${r.actualStartAt} < ${new Date(end).toISOString()}::timestamptz and ${r.actualEndAt} > ${new Date(start).toISOString()}::timestamptz`,
        ),
      ),
    );

  // The lab's own testing on the instruments, from 开始检测 to 完成, and its customers' organisations.
  const steps = await testingSteps(s.db, new Date(start), new Date(end));
  const stepUsers = [...new Set(steps.map((x) => x.userId))];
  const companies = new Map(
    stepUsers.length === 0
      ? []
      : (await s.db.select({ id: u.id, company: u.company }).from(u).where(inArray(u.id, stepUsers))).map(
          (x) => [x.id, x.company],
        ),
  );

  const rows: UtilisationRow[] = devices.map((dev) => {
    const rules = deviceSettings(lab, dev.rules as DeviceBookingRules | null);
    const windows = openWindows(calendar, rules, q.from, q.to);
    const openHours = windows.reduce((n, [a, z]) => n + (z - a) / HOUR, 0);
    const mine = blocks.filter((x) => x.deviceId === null || x.deviceId === dev.id);
    const spans = (kind?: BlockKind) =>
      within(
        mine
          .filter((x) => kind === undefined || x.kind === kind)
          .map((x): [number, number] => [x.startAt.getTime(), x.endAt.getTime()]),
        windows,
      );
    const downtime = Object.fromEntries(BLOCK_KINDS.map((k) => [k, round2(unionHours(spans(k)))])) as Record<
      BlockKind,
      number
    >;
    const downtimeHours = unionHours(spans());
    const available = Math.max(0, openHours - downtimeHours);
    let booked = 0;
    let queued = 0;
    // Used time as spans within the range: a booking and a testing step at once count once.
    const usedSpans: [number, number][] = [];
    const externalSpans: [number, number][] = [];
    const testingSpans: [number, number][] = [];
    const externalUsers = new Set<number>();
    const clip = (a: number, z: number): [number, number] => [Math.max(a, start), Math.min(z, end)];
    const use = (span: [number, number], userId: number, company: string, testing: boolean) => {
      usedSpans.push(span);
      if (testing) testingSpans.push(span);
      if (institution && company.trim() !== institution && span[1] > span[0]) {
        externalSpans.push(span);
        externalUsers.add(userId);
      }
    };
    for (const k of bookings.filter((x) => x.deviceId === dev.id)) {
      const [a, z] = [k.startAt.getTime(), k.endAt.getTime()];
      booked += overlapHours(a, z, start, end);
      if (k.status === 'done') {
        const recorded = k.actualStartAt && k.actualEndAt;
        const span = recorded ? clip(k.actualStartAt!.getTime(), k.actualEndAt!.getTime()) : clip(a, z);
        use(span, k.userId, k.company, false);
      }
      if (k.status === 'pending' || k.status === 'confirmed') queued += overlapHours(a, z, now, Infinity);
    }
    for (const x of steps.filter((y) => y.deviceRid === dev.rid))
      use(clip(x.startedAt.getTime(), x.endedAt.getTime()), x.userId, companies.get(x.userId) ?? '', true);
    const used = unionHours(usedSpans);
    const external = unionHours(externalSpans);
    const daily = (minutes(rules.close) - minutes(rules.open)) / 60;
    return {
      rid: dev.rid,
      name: dev.name,
      open_hours: round2(openHours),
      downtime,
      downtime_hours: round2(downtimeHours),
      available_hours: round2(available),
      booked_hours: round2(booked),
      used_hours: round2(used),
      testing_hours: round2(unionHours(testingSpans)),
      external_hours: institution ? round2(external) : null,
      external_users: institution ? externalUsers.size : null,
      utilisation_pct: available > 0 ? Math.round((1000 * used) / available) / 10 : null,
      backlog_days: daily > 0 ? Math.round((10 * queued) / daily) / 10 : 0,
    };
  });
  return { from: q.from, to: q.to, institution, rows };
}
