import { Hono } from 'hono';
import { DeviceWeekSchema } from '../../shared/catalogue/responses.ts';
import { DeviceWeekRequestSchema } from '../../shared/catalogue/catalogue.ts';
import { contract } from '../platform/http/contract.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';
import { getDeviceWeek } from './calendar.ts';

/** What anyone may see of the booking calendar: an instrument's week of slots, never who booked. */
export function reservationOpenRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/device/query4timeExtra',
    contract({ body: DeviceWeekRequestSchema, response: DeviceWeekSchema }),
    async (c) => {
      const q = await readBody(c, DeviceWeekRequestSchema);
      const week = await getDeviceWeek(c.var.services, q);
      if (!week) throw notFound('仪器');
      return ok(c, week);
    },
  );

  return r;
}
