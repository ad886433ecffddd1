// An instrument's blocks and authorisations as the audit log keeps them (decision 0095): each
// named by its instrument's public id, so the instrument's history finds them, with the fields a
// person reads (封锁时段: 类型 and period; 仪器授权: instrument · customer).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { deviceAuthorizations, deviceBlocks } from './tables.ts';
import { deviceDirectory } from '../catalogue/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { BLOCK_KIND_TEXT } from '../../shared/reservations/reservation-rules.ts';
import { shanghaiMinute } from '../../shared/time.ts';

const instrument = deviceDirectory('audited_instrument');
const customer = userDirectory('audited_customer');

/** A block by its public id: its instrument's id (a holiday, which has none: its own). */
export async function blockRecord(db: Db, rid: string) {
  const [b] = await db
    .select({ b: deviceBlocks, device: instrument.rid, deviceName: instrument.name })
    .from(deviceBlocks)
    .leftJoin(instrument, eq(instrument.id, deviceBlocks.deviceId))
    .where(eq(deviceBlocks.rid, rid))
    .limit(1);
  if (!b) return null;
  return {
    rid: b.device ?? b.b.rid,
    // Its reason is the call's own note (说明), shown beside the change.
    block: `${BLOCK_KIND_TEXT[b.b.kind]}：${shanghaiMinute(b.b.startAt.toISOString())} 至 ${shanghaiMinute(b.b.endAt.toISOString())}`,
  };
}

/** Whether a customer (the call's user_rid) is authorised on an instrument (its public id). */
export async function authorizationRecord(db: Db, deviceRid: string, body: Record<string, unknown> | null) {
  const userRid = typeof body?.user_rid === 'string' ? body.user_rid : '';
  const [d] = await db
    .select({ id: instrument.id, name: instrument.name })
    .from(instrument)
    .where(eq(instrument.rid, deviceRid))
    .limit(1);
  if (!d) return null;
  const [row] = await db
    .select({ name: customer.name, phone: customer.phone, note: deviceAuthorizations.note })
    .from(deviceAuthorizations)
    .innerJoin(customer, eq(customer.id, deviceAuthorizations.userId))
    .where(and(eq(deviceAuthorizations.deviceId, d.id), eq(customer.rid, userRid)))
    .limit(1);
  const who = row ? `${row.name || row.phone}${row.name && row.phone ? `（${row.phone}）` : ''}` : null;
  return { rid: deviceRid, authorization: who && `${d.name} · ${who}` };
}
