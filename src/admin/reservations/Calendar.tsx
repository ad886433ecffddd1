import { staffAction, type Me } from '../session.ts';
import { button, filterInput } from '../ui.tsx';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import { mondayOf, useWeek } from './week.ts';
import WeekGrid, { dayColumns } from './WeekGrid.tsx';
import BookingPanel from './BookingPanel.tsx';
import { useFinishDialogs } from './FinishDialogs.tsx';
import { deviceSettings } from '../../lib/shared/reservations/reservation-rules.ts';

/**
 * The week of one instrument: days across, opening hours down in 30-minute rows; bookings and
 * blocks (maintenance of this instrument, holidays of all) placed on their rows. A booking opens
 * its details below the grid with the staff steps. The grid scrolls sideways inside its frame on
 * a phone.
 */
export default function Calendar({ me }: { me: Me }) {
  const {
    devices,
    deviceRid,
    setDeviceRid,
    monday,
    setMonday,
    settings,
    bookings,
    blocks,
    picked,
    setPicked,
    load,
  } = useWeek();
  const manager = me.permissions.includes('reservations.manage');
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));

  const act = (call: Endpoint, body: Record<string, unknown>, done: string) =>
    staffAction(call, body, done, load);
  const device = devices?.find((d) => d.rid === deviceRid);
  const finish = useFinishDialogs(act);

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
      <WeekGrid
        columns={dayColumns(days)}
        settings={settings && deviceSettings(settings, device?.booking_rules)}
        label={`${device?.name ?? '仪器'} 一周预约`}
        blocks={blocks}
        bookings={bookings}
        picked={picked}
        onPick={setPicked}
      />
      {bookings === null && deviceRid && <p className="text-sm text-slate-400">加载中…</p>}
      {bookings?.length === 0 && <p className="text-sm text-slate-500">本周没有预约。</p>}
      <BookingPanel
        picked={picked}
        manager={manager}
        act={act}
        onClose={() => setPicked(null)}
        onDone={finish.openDone}
        onNoShow={finish.openNoShow}
      />
      {finish.dialogs}
    </section>
  );
}
