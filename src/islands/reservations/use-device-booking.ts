// The booking state of /device/{rid}: the week shown (the browser's, from today in Shanghai), the
// picked range, the remark and the customer's own equipment, and reservation/add.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  clickSlot,
  keepSelection,
  mondayOf,
  picked,
  weekBounds,
  type CalendarDay,
  type Selection,
} from './selection.ts';
import type { BookableDevice, Booked } from './types.ts';
import { api, ApiError, isFailure } from '../../lib/client/api.ts';
import { OPEN_LOGIN_EVENT } from '../../lib/client/session.ts';
import { $scene, $token } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { reservationsApi } from '../../lib/shared/reservations/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Week = OutputOf<typeof reservationsApi.deviceWeek>;

/** A reservation just made, with the range it was made for. */
export type BookedRange = Booked & { date: string; week: number; time: string };

export function useDeviceBooking(device: BookableDevice) {
  const [monday, setMonday] = useState<string | null>(null);
  const [week, setWeek] = useState<Week | null>(null);
  const [loading, setLoading] = useState(true);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [remark, setRemark] = useState('');
  const [tempIds, setTempIds] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<{ message: string; incomplete: boolean } | null>(null);
  const [booked, setBooked] = useState<BookedRange | null>(null);
  const request = useRef(0);

  const load = useCallback(
    async (date: string) => {
      const ticket = ++request.current;
      setLoading(true);
      const data = await api.call(reservationsApi.deviceWeek, { rid: device.rid, date });
      if (ticket !== request.current) return null;
      setLoading(false);
      if (!data) return null;
      setWeek(data);
      setSelection((s) => keepSelection(s, data.days));
      return data;
    },
    [device.rid],
  );

  // The week is the browser's (today in Shanghai), never the cached page's.
  useEffect(() => setMonday(mondayOf(shanghaiDate(new Date()))), []);
  useEffect(() => {
    if (monday) void load(monday);
  }, [monday, load]);

  const days = week?.days ?? [];
  const pick = picked(selection, days);
  const bounds = monday ? weekBounds(monday, new Date()) : { prev: false, next: false };

  function onPick(day: CalendarDay, index: number, shift: boolean) {
    setProblem(null);
    setSelection((s) => clickSlot(s, day, index, shift));
  }

  async function book() {
    if (!pick || pending) return;
    if (!$token.get()) {
      window.dispatchEvent(new CustomEvent(OPEN_LOGIN_EVENT, { detail: { panel: 'log' } }));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const res = await api.call(
        reservationsApi.add,
        {
          device_rid: device.rid,
          start: pick.start,
          end: pick.end,
          remark: remark.trim() || undefined,
          temp_device_rids: tempIds.length ? tempIds : undefined,
        },
        { throws: true },
      );
      if (res) {
        setBooked({ ...res, date: pick.date, week: pick.week, time: `${pick.startTime}–${pick.endTime}` });
        // The pickup form refuses dates on or after the on-site date (spec section 5).
        $scene.set({ ...($scene.get() ?? {}), date: res.scene_date ?? pick.date });
        setSelection(null);
        setRemark('');
        setTempIds([]);
        toast.success('预约成功');
      }
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '预约失败，请稍后重试';
      setProblem({ message, incomplete: isFailure(error, 'INCOMPLETE_BASIC_INFO') });
      toast.error(message);
    } finally {
      setPending(false);
    }
    // Taken meanwhile or just booked: either way the calendar must show the slots as they are now.
    if (monday) await load(monday);
  }

  return {
    monday,
    setMonday,
    week,
    days,
    loading,
    bounds,
    selection,
    clearSelection: () => setSelection(null),
    onPick,
    pick,
    remark,
    setRemark,
    tempIds,
    setTempIds,
    pending,
    problem,
    booked,
    bookAgain: () => setBooked(null),
    book,
  };
}
