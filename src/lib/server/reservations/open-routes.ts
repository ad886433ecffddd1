import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';
import { reservationsApi } from '../../shared/reservations/api.ts';
import { getDeviceWeek } from './calendar.ts';

/** What anyone may see of the booking calendar: an instrument's week of slots, never who booked. */
export function reservationOpenRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, reservationsApi.deviceWeek, async (c, { body }) => {
    const q = await body();
    const week = await getDeviceWeek(c.var.services, q);
    if (!week) throw notFound('仪器');
    return ok(c, week);
  });

  return r;
}
