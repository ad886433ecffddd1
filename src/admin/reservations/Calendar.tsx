import { useCallback, useEffect, useState } from 'react';
import { consoleApi, notice, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, filterInput, FormModal, input, when } from '../ui.tsx';
import type { Paged, RowOf } from '../lists.ts';
import { addDays, shanghaiMidnight } from '../../lib/shared/slots.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { shanghaiWeekday } from '../../lib/shared/time.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import type { Endpoint, InputOf, OutputOf } from '../../lib/shared/api/endpoint.ts';

type Booking = RowOf<typeof reservationsAdminApi.list>;
type Block = RowOf<typeof reservationsAdminApi.blockList>;
type Device = RowOf<typeof reservationsAdminApi.deviceList>;
type Settings = OutputOf<typeof reservationsAdminApi.settingGet>;

const MIN = 60_000;
const CELL = 30;
const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const HIDDEN = new Set(['cancelled', 'rejected']);
const TONE: Record<string, string> = {
  pending: 'border-brand-300 bg-brand-50 text-brand-800',
  confirmed: 'border-accent-300 bg-accent-50 text-accent-800',
  done: 'border-slate-300 bg-slate-100 text-slate-600',
  no_show: 'border-red-200 bg-red-50 text-red-700',
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const weekdayOf = (date: string) => shanghaiWeekday(shanghaiMidnight(date)!);
const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

/** All pages of a staff list (50 a page), for the week's blocks and bookings. */
async function every<E extends Endpoint>(list: E, body: Record<string, unknown>): Promise<RowOf<E>[]> {
  const rows: RowOf<E>[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = (await consoleApi.call(list, { ...body, page, size: 50 } as InputOf<E>)) as
      Paged<RowOf<E>> | null | undefined;
    if (!res) break;
    rows.push(...res.list);
    if (rows.length >= res.total || res.list.length === 0) break;
  }
  return rows;
}

/**
 * The week of one instrument: days across, opening hours down in 30-minute rows; bookings and
 * blocks (maintenance of this instrument, holidays of all) placed on their rows. A booking opens
 * its details below the grid with the staff steps. The grid scrolls sideways inside its frame on
 * a phone.
 */
export default function Calendar({ me }: { me: Me }) {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [deviceRid, setDeviceRid] = useState('');
  const [monday, setMonday] = useState(() => mondayOf(shanghaiDate(Date.now())));
  const [settings, setSettings] = useState<Settings | null>(null);
  const [bookings, setBookings] = useState<Booking[] | null>(null);
  const [blocks, setBlocks] = useState<Block[]>([]);
  const [picked, setPicked] = useState<Booking | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const manager = me.permissions.includes('reservations.manage');
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));

  useEffect(() => {
    void every(reservationsAdminApi.deviceList, {}).then((list) => {
      setDevices(list);
      setDeviceRid((r) => r || list[0]?.rid || '');
    });
    void consoleApi.call(reservationsAdminApi.settingGet, {}).then((s) => s && setSettings(s));
  }, []);

  const load = useCallback(async () => {
    if (!deviceRid) return;
    const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    const [perDay, allBlocks] = await Promise.all([
      Promise.all(week.map((date) => every(reservationsAdminApi.list, { device_rid: deviceRid, date }))),
      every(reservationsAdminApi.blockList, {}),
    ]);
    const list = perDay.flat().filter((b) => !HIDDEN.has(b.status));
    setBookings(list);
    setBlocks(allBlocks.filter((b) => b.kind === 'holiday' || b.device?.rid === deviceRid));
    setPicked((p) => (p ? (list.find((b) => b.rid === p.rid) ?? null) : null));
  }, [deviceRid, monday]);
  useEffect(() => {
    setBookings(null);
    void load();
  }, [load]);

  const open = minutesOf(settings?.open ?? '08:30');
  const close = minutesOf(settings?.close ?? '18:30');
  const rows = Math.max(1, Math.ceil((close - open) / CELL));
  /** The grid rows an interval covers on a day, clipped to opening hours; null when outside. */
  const place = (date: string, startIso: string, endIso: string) => {
    const dayStart = shanghaiMidnight(date)! + open * MIN;
    const from = Math.max(Date.parse(startIso), dayStart);
    const to = Math.min(Date.parse(endIso), dayStart + (close - open) * MIN);
    if (to <= from) return null;
    const first = Math.floor((from - dayStart) / MIN / CELL);
    const last = Math.ceil((to - dayStart) / MIN / CELL);
    return { gridRow: `${first + 2} / ${last + 2}` };
  };

  const act = (call: Endpoint, body: Record<string, unknown>, done: string) =>
    staffAction(call, body, done, load);
  const device = devices?.find((d) => d.rid === deviceRid);

  return (
    <section aria-labelledby="calendar-title" className="grid grid-cols-1 gap-3">
      <h2 id="calendar-title" className="sr-only">
        仪器预约日历
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <select
          className={filterInput.replace('sm:w-44', 'sm:w-auto')}
          aria-label="选择仪器"
          value={deviceRid}
          onChange={(e) => (setDeviceRid(e.target.value), setPicked(null))}
        >
          {devices?.length === 0 && <option value="">暂无仪器</option>}
          {devices?.map((d) => (
            <option key={d.rid} value={d.rid}>
              {d.name}
            </option>
          ))}
        </select>
        <button type="button" className={button.ghost} onClick={() => setMonday((m) => addDays(m, -7))}>
          上一周
        </button>
        <button
          type="button"
          className={button.link}
          onClick={() => setMonday(mondayOf(shanghaiDate(Date.now())))}
        >
          本周
        </button>
        <button type="button" className={button.ghost} onClick={() => setMonday((m) => addDays(m, 7))}>
          下一周
        </button>
        <span className="text-sm text-slate-500" aria-live="polite">
          {monday.slice(5)} 至 {addDays(monday, 6).slice(5)}
          {device && ` · ${device.location}`}
        </span>
      </div>
      <div className="flex flex-wrap gap-2 text-xs text-slate-500" aria-hidden="true">
        <span className={`rounded border px-1.5 ${TONE.pending}`}>待确认</span>
        <span className={`rounded border px-1.5 ${TONE.confirmed}`}>已确认</span>
        <span className={`rounded border px-1.5 ${TONE.done}`}>已完成</span>
        <span className={`rounded border px-1.5 ${TONE.no_show}`}>未到场</span>
        <span className="rounded border border-slate-300 bg-[repeating-linear-gradient(45deg,#f1f5f9_0_6px,#e2e8f0_6px_12px)] px-1.5">
          封锁（维护 / 节假日）
        </span>
      </div>

      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        data-testid="calendar-scroll"
      >
        <div
          role="group"
          aria-label={`${device?.name ?? '仪器'} 一周预约`}
          className="grid min-w-[760px] text-xs"
          style={{
            gridTemplateColumns: '3.5rem repeat(7, minmax(6.5rem, 1fr))',
            gridTemplateRows: `2.5rem repeat(${rows}, 1.75rem)`,
          }}
        >
          <div className="sticky left-0 z-20 border-b border-slate-200 bg-slate-50" />
          {days.map((d, i) => {
            const closed = settings?.closed_weekdays.includes(weekdayOf(d));
            const today = d === shanghaiDate(Date.now());
            return (
              <div
                key={d}
                style={{ gridColumn: i + 2, gridRow: 1 }}
                className={`border-b border-l border-slate-200 px-1.5 py-1 text-center ${today ? 'bg-brand-50 font-semibold text-brand-700' : 'bg-slate-50'}`}
              >
                <span className="block">{WEEKDAY[weekdayOf(d)]}</span>
                <span className="text-slate-500">
                  {d.slice(5)}
                  {closed && ' 休'}
                </span>
              </div>
            );
          })}
          {Array.from({ length: rows }, (_, r) => (
            <div
              key={`t${r}`}
              style={{ gridColumn: 1, gridRow: r + 2 }}
              className="sticky left-0 z-20 border-b border-slate-100 bg-white pr-1 text-right text-slate-400 tabular-nums"
            >
              {r % 2 === 0 ? hhmm(open + r * CELL) : ''}
            </div>
          ))}
          {days.map((d, i) =>
            Array.from({ length: rows }, (_, r) => (
              <div
                key={`${d}-${r}`}
                aria-hidden="true"
                style={{ gridColumn: i + 2, gridRow: r + 2 }}
                className={`border-b border-l border-slate-100 ${settings?.closed_weekdays.includes(weekdayOf(d)) ? 'bg-slate-50' : ''}`}
              />
            )),
          )}
          {days.flatMap((d, i) =>
            blocks.map((b) => {
              const at = place(d, b.start, b.end);
              return at ? (
                <div
                  key={`${b.rid}-${d}`}
                  role="note"
                  data-block={b.rid}
                  style={{ ...at, gridColumn: i + 2 }}
                  className="bg-[repeating-linear-gradient(45deg,#f1f5f9_0_6px,#e2e8f0_6px_12px)] z-[1] m-px overflow-hidden rounded border border-slate-300 px-1 text-slate-600"
                  title={`${b.kind_text}：${b.reason}`}
                >
                  {b.kind_text} · {b.reason}
                </div>
              ) : null;
            }),
          )}
          {bookings &&
            days.flatMap((d, i) =>
              bookings.map((b) => {
                const at = shanghaiDate(Date.parse(b.start)) === d && place(d, b.start, b.end);
                if (!at) return null;
                const label = `${shanghaiMinute(b.start).slice(11)}–${shanghaiMinute(b.end).slice(11)} ${b.customer.name || b.customer.phone} ${b.status_text}`;
                return (
                  <button
                    key={b.rid}
                    type="button"
                    data-booking={b.rid}
                    aria-label={`预约 ${d} ${label}`}
                    aria-pressed={picked?.rid === b.rid}
                    onClick={() => setPicked(b)}
                    style={{ ...at, gridColumn: i + 2 }}
                    className={`z-10 m-px overflow-hidden rounded border px-1 text-left leading-tight ${TONE[b.status] ?? TONE.done} ${picked?.rid === b.rid ? 'ring-2 ring-brand-500' : ''}`}
                  >
                    <span className="block font-medium tabular-nums">
                      {shanghaiMinute(b.start).slice(11)}–{shanghaiMinute(b.end).slice(11)}
                    </span>
                    <span className="block truncate">{b.customer.name || b.customer.phone}</span>
                    <span className="block truncate">{b.status_text}</span>
                  </button>
                );
              }),
            )}
        </div>
      </div>
      {bookings === null && deviceRid && <p className="text-sm text-slate-400">加载中…</p>}
      {bookings?.length === 0 && <p className="text-sm text-slate-500">本周没有预约。</p>}

      {picked && (
        <div
          role="region"
          aria-label="预约详情"
          className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
        >
          <div className="flex flex-wrap items-center gap-2">
            <strong>{picked.device.name}</strong>
            <Badge
              tone={
                picked.status === 'pending' ? 'brand' : picked.status === 'confirmed' ? 'accent' : 'slate'
              }
            >
              {picked.status_text}
            </Badge>
            <button type="button" className={`${button.link} ml-auto`} onClick={() => setPicked(null)}>
              关闭
            </button>
          </div>
          <p>
            {when(picked.start)} – {when(picked.end).slice(11)} ·{' '}
            {picked.customer.name || picked.customer.phone} {picked.customer.phone} {picked.customer.company}
          </p>
          <p className="text-slate-500">
            订单 {picked.order_no} · {picked.order_status_text}
            {picked.remark && ` · 备注：${picked.remark}`}
          </p>
          {manager && (
            <div className="flex flex-wrap gap-1.5">
              {picked.status === 'pending' && (
                <button
                  type="button"
                  className={button.primary}
                  onClick={() =>
                    void act(reservationsAdminApi.confirm, { rid: picked.rid }, '预约已确认').then(
                      (e) => e && notice('error', e),
                    )
                  }
                >
                  确认预约
                </button>
              )}
              {(picked.status === 'pending' || picked.status === 'confirmed') && (
                <>
                  <button
                    type="button"
                    className={button.ghost}
                    onClick={() =>
                      void act(reservationsAdminApi.done, { rid: picked.rid }, '已标记完成').then(
                        (e) => e && notice('error', e),
                      )
                    }
                  >
                    标记完成
                  </button>
                  <button
                    type="button"
                    className={button.ghost}
                    onClick={() =>
                      void act(reservationsAdminApi.noShow, { rid: picked.rid }, '已标记未到场').then(
                        (e) => e && notice('error', e),
                      )
                    }
                  >
                    未到场
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    onClick={() => (setReason(''), setRejecting(true))}
                  >
                    驳回
                  </button>
                </>
              )}
            </div>
          )}
        </div>
      )}

      <FormModal
        open={rejecting}
        title="驳回预约"
        submitText="驳回"
        danger
        onClose={() => setRejecting(false)}
        onSubmit={() => act(reservationsAdminApi.reject, { rid: picked!.rid, reason }, '预约已驳回')}
      >
        <Field label="驳回原因（客户可见）" hint="必填">
          <input
            className={input}
            name="reason"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </FormModal>
    </section>
  );
}
