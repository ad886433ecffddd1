import { useCallback, useEffect, useState } from 'react';
import { consoleApi } from '../session.ts';
import type { Paged, RowOf } from '../lists.ts';
import { addDays, shanghaiMidnight } from '../../lib/shared/slots.ts';
import { shanghaiDate, shanghaiWeekday } from '../../lib/shared/time.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import type { Endpoint, InputOf, OutputOf } from '../../lib/shared/api/endpoint.ts';

export type Booking = RowOf<typeof reservationsAdminApi.list>;
export type Block = RowOf<typeof reservationsAdminApi.blockList>;
export type Device = RowOf<typeof reservationsAdminApi.deviceList>;
export type Settings = OutputOf<typeof reservationsAdminApi.settingGet>;

const HIDDEN = new Set(['cancelled', 'rejected']);

export const weekdayOf = (date: string) => shanghaiWeekday(shanghaiMidnight(date)!);
export const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

/** All pages of a staff list (50 a page), for the week's blocks and bookings. */
export async function every<E extends Endpoint>(list: E, body: Record<string, unknown>): Promise<RowOf<E>[]> {
  const rows: RowOf<E>[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = (await consoleApi.call(list, { ...body, page, size: 50 } as InputOf<E>)) as
      Paged<RowOf<E>> | null | undefined;
    if (!res) break;
    rows.push(...res.list);
    if (rows.length >= (res.total ?? Infinity) || res.list.length === 0) break;
  }
  return rows;
}

/**
 * The calendar's state: the instruments and the one shown, the week (from its Monday), the opening
 * hours, that week's bookings and blocks, and the booking picked; `load` reads the week again.
 */
export function useWeek() {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [deviceRid, setDeviceRid] = useState('');
  const [monday, setMonday] = useState(() => mondayOf(shanghaiDate(Date.now())));
  const [settings, setSettings] = useState<Settings | null>(null);
  const [bookings, setBookings] = useState<Booking[] | null>(null);
  const [blocks, setBlocks] = useState<Block[]>([]);
  const [picked, setPicked] = useState<Booking | null>(null);

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

  return {
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
  };
}
