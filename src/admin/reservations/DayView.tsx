import { useCallback, useEffect, useState } from 'react';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { button, filterInput } from '../ui.tsx';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import {
  deviceSettings,
  hhmmToMinute,
  minuteToHhmm,
} from '../../lib/shared/reservations/reservation-rules.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import { every, type Block, type Booking, type Device, type Settings } from './week.ts';
import WeekGrid from './WeekGrid.tsx';
import BookingPanel from './BookingPanel.tsx';
import { useFinishDialogs } from './FinishDialogs.tsx';

const HIDDEN = new Set(['cancelled', 'rejected']);

/**
 * 日视图: one day across every instrument, a column each, from the earliest opening to the latest
 * closing of them all; a booking opens its details and steps below, as on the week.
 */
export default function DayView({ me }: { me: Me }) {
  const [date, setDate] = useState(() => shanghaiDate(Date.now()));
  const [devices, setDevices] = useState<Device[]>([]);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [bookings, setBookings] = useState<Booking[] | null>(null);
  const [blocks, setBlocks] = useState<Block[]>([]);
  const [picked, setPicked] = useState<Booking | null>(null);

  useEffect(() => {
    void every(reservationsAdminApi.deviceList, {}).then((l) => setDevices(l.filter((d) => d.on_sale)));
    void consoleApi.call(reservationsAdminApi.settingGet, {}).then((s) => s && setSettings(s));
  }, []);
  const load = useCallback(async () => {
    const [list, allBlocks] = await Promise.all([
      every(reservationsAdminApi.list, { date }),
      every(reservationsAdminApi.blockList, {}),
    ]);
    const shown = list.filter((b) => !HIDDEN.has(b.status));
    setBookings(shown);
    setBlocks(allBlocks);
    setPicked((p) => (p ? (shown.find((b) => b.rid === p.rid) ?? null) : null));
  }, [date]);
  useEffect(() => {
    setBookings(null);
    void load();
  }, [load]);

  const act = (call: Endpoint, body: Record<string, unknown>, done: string) =>
    staffAction(call, body, done, load);
  const finish = useFinishDialogs(act);
  // The rows run from the earliest opening to the latest closing of the instruments shown.
  const own = settings ? devices.map((d) => deviceSettings(settings, d.booking_rules)) : [];
  const span = settings && {
    ...settings,
    open: minuteToHhmm(
      Math.min(...own.map((s) => hhmmToMinute(s.open) ?? 510), hhmmToMinute(settings.open)!),
    ),
    close: minuteToHhmm(
      Math.max(...own.map((s) => hhmmToMinute(s.close) ?? 1110), hhmmToMinute(settings.close)!),
    ),
    closed_weekdays: [],
  };

  return (
    <section aria-labelledby="day-title" className="grid grid-cols-1 gap-3">
      <h2 id="day-title" className="sr-only">
        仪器日视图
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={button.ghost} onClick={() => setDate((d) => addDays(d, -1))}>
          前一天
        </button>
        <input
          type="date"
          className={filterInput}
          aria-label="日期"
          value={date}
          onChange={(e) => e.target.value && setDate(e.target.value)}
        />
        <button type="button" className={button.link} onClick={() => setDate(shanghaiDate(Date.now()))}>
          今天
        </button>
        <button type="button" className={button.ghost} onClick={() => setDate((d) => addDays(d, 1))}>
          后一天
        </button>
        <span className="text-sm text-slate-500" aria-live="polite">
          {bookings ? `${bookings.length} 个预约` : '加载中…'}
        </span>
      </div>
      <WeekGrid
        columns={devices.map((d) => ({ key: d.rid, date, title: d.name, sub: d.location, deviceRid: d.rid }))}
        settings={span}
        label={`${date} 全部仪器预约`}
        blocks={blocks}
        bookings={bookings}
        picked={picked}
        onPick={setPicked}
      />
      <BookingPanel
        picked={picked}
        manager={me.permissions.includes('reservations.manage')}
        act={act}
        onClose={() => setPicked(null)}
        onDone={finish.openDone}
        onNoShow={finish.openNoShow}
      />
      {finish.dialogs}
    </section>
  );
}
