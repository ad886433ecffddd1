import { contract } from '../platform/http/contract.ts';
import { DeviceDetailSchema, DevicePageSchema } from '../../shared/catalogue/responses.ts';
import { Hono } from 'hono';
import { DeviceSearchQuerySchema, RidRequestSchema } from '../../shared/catalogue/catalogue.ts';
import { getDevice, listDevices } from './devices.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readQuery } from '../platform/http/envelope.ts';

/** Instruments for on-site booking (预约现场): search and detail (their week of slots: reservations). */
export function deviceRoutes() {
  const r = new Hono<ApiEnv>();

  r.get(
    '/web/device/search',
    contract({ query: DeviceSearchQuerySchema, response: DevicePageSchema }),
    async (c) => {
      const q = readQuery(c, DeviceSearchQuerySchema);
      return ok(c, await listDevices(c.var.services, q));
    },
  );

  r.get('/device/detail', contract({ query: RidRequestSchema, response: DeviceDetailSchema }), async (c) => {
    const { rid } = readQuery(c, RidRequestSchema);
    const detail = await getDevice(c.var.services, rid);
    if (!detail) throw notFound('仪器');
    return ok(c, detail);
  });

  return r;
}
