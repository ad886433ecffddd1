import { contract } from '../platform/http/contract.ts';
import { Hono } from 'hono';
import {
  DeviceSearchQuerySchema,
  DeviceWeekRequestSchema,
  RidRequestSchema,
} from '../../shared/catalogue/catalogue.ts';
import { getDevice, getDeviceWeek, listDevices } from './devices.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../app.ts';
import { ok, readBody, readQuery } from '../platform/http/envelope.ts';

/** Instruments for on-site booking (预约现场): search, detail, a week of slots. */
export function deviceRoutes() {
  const r = new Hono<ApiEnv>();

  r.get('/web/device/search', contract({ query: DeviceSearchQuerySchema }), async (c) => {
    const q = readQuery(c, DeviceSearchQuerySchema);
    return ok(c, await listDevices(c.var.services, q));
  });

  r.get('/device/detail', contract({ query: RidRequestSchema }), async (c) => {
    const { rid } = readQuery(c, RidRequestSchema);
    const detail = await getDevice(c.var.services, rid);
    if (!detail) throw notFound('仪器');
    return ok(c, detail);
  });

  r.post('/device/query4timeExtra', contract({ body: DeviceWeekRequestSchema }), async (c) => {
    const q = await readBody(c, DeviceWeekRequestSchema);
    const week = await getDeviceWeek(c.var.services, q);
    if (!week) throw notFound('仪器');
    return ok(c, week);
  });

  return r;
}
