import { Hono } from 'hono';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { route } from '../platform/http/route.ts';
import { ok } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { calendarAdminApi as api } from '../../shared/calendar/api.ts';
import {
  calendarMonth,
  calendarSettingsOf,
  importOfficial,
  removeLabDay,
  saveCalendarSettings,
  saveLabDay,
} from './days.ts';

/** The working calendar under /api/admin/calendar (decision 0079). */
export function calendarAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, api.month, async (c, input) => ok(c, await calendarMonth(c.var.services, input.query().month)));
  route(r, api.save, async (c, input) => {
    const body = await input.body();
    const saved = await saveLabDay(c.var.services, requireUser(c).id, body);
    return ok(c, saved, body.kind === 'closed' ? `已设 ${body.date} 停工` : `已设 ${body.date} 加班`);
  });
  route(r, api.remove, async (c, input) => {
    const { date } = await input.body();
    return ok(c, await removeLabDay(c.var.services, date), `已取消 ${date} 的自定安排`);
  });
  route(r, api.import, async (c, input) => {
    const { csv, check } = await input.body();
    const result = await importOfficial(c.var.services, requireUser(c).id, csv, check);
    const msg = result.errors.length
      ? `有 ${result.errors.length} 行错误，未导入`
      : result.stored
        ? `已导入 ${result.rows} 天（${result.years.join('、')}年）`
        : `检查通过：${result.rows} 天`;
    return ok(c, result, msg);
  });
  route(r, api.settings, async (c) => ok(c, await calendarSettingsOf(c.var.services)));
  route(r, api.saveSettings, async (c, input) => {
    const { cutoff } = await input.body();
    return ok(c, await saveCalendarSettings(c.var.services, requireUser(c).id, cutoff), '已保存');
  });
  return r;
}
