// The lab's working calendar (decision 0073): Monday to Friday in Asia/Shanghai, less China's
// public holidays, plus the weekend days the State Council moves work to (调休). It is the seed of
// issue 32's calendar: there the tables below become rows staff edit; every due date already asks
// this one module. Dates are Shanghai calendar dates, 'YYYY-MM-DD'.
import { addDays, shanghaiMidnight } from '../slots.ts';

/**
 * Days off on weekdays and weekends alike, from the State Council's notices (国办发明电).
 * 2025: 〔2024〕12号; 2026: 〔2025〕7号. A year missing here counts weekends only: add its notice
 * when it is published (each November).
 */
const HOLIDAYS: ReadonlySet<string> = new Set([
  // 2025
  '2025-01-01',
  ...range('2025-01-28', 8), // 春节 1.28–2.4
  ...range('2025-04-04', 3), // 清明
  ...range('2025-05-01', 5), // 劳动节
  ...range('2025-05-31', 3), // 端午
  ...range('2025-10-01', 8), // 国庆、中秋
  // 2026
  ...range('2026-01-01', 3), // 元旦
  ...range('2026-02-15', 9), // 春节 2.15–2.23
  ...range('2026-04-04', 3), // 清明
  ...range('2026-05-01', 5), // 劳动节
  ...range('2026-06-19', 3), // 端午
  ...range('2026-09-25', 3), // 中秋
  ...range('2026-10-01', 7), // 国庆
]);

/** Weekend days that are working days (调休上班). */
const MAKEUP_WORKDAYS: ReadonlySet<string> = new Set([
  '2025-01-26',
  '2025-02-08',
  '2025-04-27',
  '2025-09-28',
  '2025-10-11',
  '2026-01-04',
  '2026-02-14',
  '2026-02-28',
  '2026-05-09',
  '2026-09-20',
  '2026-10-10',
]);

function range(first: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(first, i));
}

const weekday = (date: string) => new Date(shanghaiMidnight(date)! + 8 * 3600_000).getUTCDay();

/** Whether the lab works on a Shanghai date. */
export function isWorkingDay(date: string): boolean {
  if (MAKEUP_WORKDAYS.has(date)) return true;
  if (HOLIDAYS.has(date)) return false;
  const d = weekday(date);
  return d !== 0 && d !== 6;
}

/**
 * The date `n` working days after `date` (n > 0) or before it (n < 0), counting only working
 * days and not `date` itself; with n = 0, `date` itself.
 */
export function addWorkingDays(date: string, n: number): string {
  const step = n < 0 ? -1 : 1;
  let day = date;
  for (let left = Math.abs(n); left > 0;) {
    day = addDays(day, step);
    if (isWorkingDay(day)) left--;
  }
  return day;
}
