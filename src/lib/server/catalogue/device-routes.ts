import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { catalogueApi } from '../../shared/catalogue/api.ts';
import { getDevice, listDevices } from './devices.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';

/** Instruments for on-site booking (预约现场): search and detail (their week of slots: reservations). */
export function deviceRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, catalogueApi.devices, async (c, input) => {
    const q = input.query();
    return ok(c, await listDevices(c.var.services, q));
  });

  route(r, catalogueApi.device, async (c, input) => {
    const { rid } = input.query();
    const detail = await getDevice(c.var.services, rid);
    if (!detail) throw notFound('仪器');
    return ok(c, detail);
  });

  return r;
}
