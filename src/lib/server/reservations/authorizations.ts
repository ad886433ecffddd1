// Instrument authorisation (decision 0087): the customers staff trained on an instrument that
// requires it; booking checks it (book.ts). And the customer search of 代客预约.
import { and, count, desc, eq, ilike, like, or } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { deviceAuthorizations } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { DEVICE_UNAVAILABLE } from '../../shared/reservations/reservation-rules.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiIso } from '../../shared/time.ts';
import { deviceDirectory } from '../catalogue/index.ts';
import { userDirectory, userIdByRid } from '../accounts/index.ts';
import { containsPattern } from '../platform/db/like.ts';

const instrument = deviceDirectory('instrument');
const customer = userDirectory('customer');

const customerRow = {
  rid: customer.rid,
  name: customer.name,
  phone: customer.phone,
  company: customer.company,
};
const toRef = (u: { rid: string; name: string | null; phone: string | null; company: string | null }) => ({
  rid: u.rid,
  name: u.name ?? '',
  phone: u.phone ?? '',
  company: u.company ?? '',
});

/** Up to 10 customers whose phone or name contains the words, for booking on their behalf. */
export async function searchCustomers(s: Services, kw: string) {
  const p = containsPattern(kw.trim());
  const rows = await s.db
    .select(customerRow)
    .from(customer)
    .where(or(like(customer.phone, p), ilike(customer.name, p), ilike(customer.company, p)))
    .orderBy(desc(customer.createdAt))
    .limit(10);
  return { list: rows.map(toRef) };
}

async function deviceId(s: Services, rid: string) {
  const [d] = await s.db
    .select({ id: instrument.id, rid: instrument.rid, name: instrument.name })
    .from(instrument)
    .where(eq(instrument.rid, rid));
  if (!d) throw new DomainError(DEVICE_UNAVAILABLE, 200, 'NOT_FOUND');
  return d;
}

async function customerId(s: Services, rid: string) {
  const id = await userIdByRid(s.db, rid);
  if (!id) throw new DomainError('客户不存在', 200, 'NOT_FOUND');
  return id;
}

/** The authorised customers, of one instrument or all, latest first. */
export async function listAuthorizations(
  s: Services,
  q: { page?: number; size?: number; device_rid?: string },
) {
  const w = pageWindow(q.page, q.size);
  const where = q.device_rid
    ? eq(deviceAuthorizations.deviceId, (await deviceId(s, q.device_rid)).id)
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({
        a: deviceAuthorizations,
        device: { rid: instrument.rid, name: instrument.name },
        customer: customerRow,
      })
      .from(deviceAuthorizations)
      .innerJoin(instrument, eq(instrument.id, deviceAuthorizations.deviceId))
      .innerJoin(customer, eq(customer.id, deviceAuthorizations.userId))
      .where(where)
      .orderBy(desc(deviceAuthorizations.grantedAt), desc(deviceAuthorizations.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(deviceAuthorizations).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      device: r.device,
      customer: toRef(r.customer),
      note: r.a.note,
      granted_at: shanghaiIso(r.a.grantedAt),
    })),
    total,
  };
}

/** Authorises a customer on an instrument; granting again keeps the first grant and its note. */
export async function grantAuthorization(
  s: Services,
  staffId: number,
  input: { device_rid: string; user_rid: string; note: string },
) {
  const d = await deviceId(s, input.device_rid);
  const userId = await customerId(s, input.user_rid);
  const [added] = await s.db
    .insert(deviceAuthorizations)
    .values({ deviceId: d.id, userId, note: input.note, grantedBy: staffId, grantedAt: new Date(s.now()) })
    .onConflictDoNothing()
    .returning({ id: deviceAuthorizations.id });
  if (!added) throw new DomainError('该客户已获得此仪器的授权');
  return { rid: input.user_rid };
}

/** Withdraws an authorisation; bookings already made stay. */
export async function revokeAuthorization(s: Services, input: { device_rid: string; user_rid: string }) {
  const d = await deviceId(s, input.device_rid);
  const userId = await customerId(s, input.user_rid);
  const [gone] = await s.db
    .delete(deviceAuthorizations)
    .where(and(eq(deviceAuthorizations.deviceId, d.id), eq(deviceAuthorizations.userId, userId)))
    .returning({ id: deviceAuthorizations.id });
  if (!gone) throw new DomainError('该客户没有此仪器的授权', 200, 'NOT_FOUND');
  return { rid: input.user_rid };
}
