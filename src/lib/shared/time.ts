// The one place an instant becomes the date or time people read: every date and time on screen,
// in the console, in PDFs, e-mails, CSV files and provider calls is Asia/Shanghai wall-clock time.
// Shanghai has kept a fixed +08:00 offset since 1991, so local time is plain arithmetic on epoch
// milliseconds (no Intl time-zone data, identical on the server and in the browser).

export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

type Instant = Date | number | string;

/** 'YYYY-MM-DDTHH:mm:ss' of Shanghai wall-clock time; the shapes below are cut from it. */
const wallClock = (at: Instant) => new Date(+new Date(at) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19);

/** The Shanghai calendar date (YYYY-MM-DD) of an instant. */
export const shanghaiDate = (at: Date | number) => wallClock(at).slice(0, 10);

/** 'YYYY-MM' of an instant, in Shanghai. */
export const shanghaiMonth = (at: Date | number) => wallClock(at).slice(0, 7);

/** Shanghai wall-clock time of an instant as people read it: 'YYYY-MM-DD HH:mm'. */
export const shanghaiMinute = (at: Instant) => wallClock(at).slice(0, 16).replace('T', ' ');

/** 'YYYY-MM-DD HH:mm:ss' (the timestamp payment providers sign). */
export const shanghaiSecond = (at: Instant) => wallClock(at).replace('T', ' ');

/** 'HH:mm' of an instant in Shanghai. */
export const shanghaiClock = (at: Instant) => wallClock(at).slice(11, 16);

/** The hour (0–23) of an instant in Shanghai. */
export const shanghaiHour = (at: Instant) => Number(wallClock(at).slice(11, 13));

/** The day of the week (0 = Sunday) of an instant in Shanghai. */
export const shanghaiWeekday = (at: Instant) => new Date(+new Date(at) + SHANGHAI_OFFSET_MS).getUTCDay();

/** ISO 8601 with the +08:00 offset, e.g. 2026-11-23T08:30:00+08:00. */
export const shanghaiIso = (at: Date | number) => `${wallClock(at)}+08:00`;

/** The value of a datetime-local input ('YYYY-MM-DDTHH:mm', Shanghai) for an instant. */
export const shanghaiInputMinute = (at: Instant) => wallClock(at).slice(0, 16);

/** A YYYY-MM-DD date written out in Chinese: 2026年11月3日. */
export function chineseDate(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
}
