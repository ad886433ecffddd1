import { and, count, desc, eq } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import type { Services } from '../platform/services.ts';
import { samplings } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { getPublicSettings } from '../catalogue/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { ADDRESS_NOT_FOUND } from '../../shared/member/address.ts';
import { pickupProblem } from '../../shared/member/pickup-dates.ts';
import type { SceneDateOf } from './scene-date.ts';
import {
  canTransition,
  SAMPLING_NOT_CANCELLABLE,
  SAMPLING_NOT_FOUND,
  SAMPLING_STATUS_TEXT,
  type SamplingRequest,
  type SamplingStatus,
} from '../../shared/member/sampling.ts';
import { findOwnAddress } from './addresses.ts';
import type { Pickup } from '../../shared/member/responses.ts';
import { lockUser } from '../accounts/index.ts';
import { assertKnownRegion } from './regions.ts';

type Row = typeof samplings.$inferSelect;

/** More open pickups than this for one account is not a real need; it stops a script filling the calendar. */
const MAX_PENDING_PICKUPS = 10;

function toPickup(row: Row): Pickup {
  return {
    rid: row.rid,
    type: 1,
    status: row.status,
    status_text: SAMPLING_STATUS_TEXT[row.status],
    date: row.date,
    time: row.time,
    name: row.name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    area: row.area,
    address: row.address,
    address_code: row.addressCode,
    address_rid: row.addressRid,
    message: row.message,
    created: row.createdAt.toISOString(),
    cancelled: row.cancelledAt?.toISOString() ?? null,
  };
}

/**
 * Books a home pickup. The date and slot rules and the served area are checked again here with
 * the settings in the database, whatever the browser allowed. A saved address must be the
 * user's own; its fields are copied onto the pickup.
 */
export async function addSampling(
  s: Services,
  userId: number,
  req: SamplingRequest,
  sceneDateOf: SceneDateOf,
): Promise<Pickup> {
  const settings = await getPublicSettings(s);
  const now = new Date(s.now());
  let place: Pick<
    Row,
    'name' | 'phone' | 'province' | 'city' | 'area' | 'address' | 'addressCode' | 'addressRid'
  >;
  if (!req.newAddress) {
    const saved = await findOwnAddress(s.db, userId, req.sendAddress);
    if (!saved) throw new DomainError(ADDRESS_NOT_FOUND, 200, 'NOT_FOUND');
    place = {
      name: saved.name,
      phone: saved.phone,
      province: saved.province,
      city: saved.city,
      area: saved.area,
      address: saved.address,
      addressCode: saved.addressCode,
      addressRid: saved.rid,
    };
  } else {
    const a = req.newAddress;
    assertKnownRegion(a);
    place = {
      name: a.name,
      phone: a.phone,
      province: a.province,
      city: a.city,
      area: a.area,
      address: a.address,
      addressCode: a.address_code,
      addressRid: null,
    };
  }
  // Pickup must come before the user's on-site session (their scene date), as the form says.
  const problem = pickupProblem({ ...req, address_code: place.addressCode }, settings, {
    today: now,
    sceneDate: await sceneDateOf(s.db, userId, +now),
  });
  if (problem) throw new DomainError(problem);

  // The user row lock makes "count, then insert" one step, so parallel requests cannot pass the cap together.
  return s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(samplings)
      .where(and(eq(samplings.userId, userId), eq(samplings.status, 'pending')));
    if (n >= MAX_PENDING_PICKUPS) throw new DomainError('待取样的预约已达上限，请等待取样完成或取消部分预约');
    const [row] = await tx
      .insert(samplings)
      .values({
        rid: newRid('sampling'),
        userId,
        type: 1,
        status: 'pending',
        date: req.date,
        time: req.time,
        ...place,
        message: req.message,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toPickup(row!);
  });
}

export async function listSamplings(
  s: Services,
  userId: number,
  q: { page?: number; size?: number; status?: SamplingStatus },
): Promise<{ list: Pickup[]; total: number }> {
  const { size, offset } = pageWindow(q.page, q.size);
  const where = and(eq(samplings.userId, userId), q.status ? eq(samplings.status, q.status) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    s.db
      .select()
      .from(samplings)
      .where(where)
      .orderBy(desc(samplings.createdAt), desc(samplings.id))
      .limit(size)
      .offset(offset),
    s.db.select({ n: count() }).from(samplings).where(where),
  ]);
  return { list: rows.map(toPickup), total: n };
}

/**
 * Moves a pickup along its life cycle (see SAMPLING_STATUS in shared/sampling.ts). The row is
 * locked so a cancel and a staff "picked" cannot both win. userId limits it to one owner.
 */
export async function transitionSampling(
  s: Services,
  rid: string,
  to: SamplingStatus,
  userId?: number,
): Promise<Pickup> {
  return s.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(samplings)
      .where(and(eq(samplings.rid, rid), userId === undefined ? undefined : eq(samplings.userId, userId)))
      .for('update');
    if (!row) throw new DomainError(SAMPLING_NOT_FOUND, 200, 'NOT_FOUND');
    if (!canTransition(row.status, to))
      throw new DomainError(to === 'cancelled' ? SAMPLING_NOT_CANCELLABLE : '取样单状态不允许此操作');
    const now = new Date(s.now());
    const [updated] = await tx
      .update(samplings)
      .set({ status: to, updatedAt: now, ...(to === 'cancelled' ? { cancelledAt: now } : {}) })
      .where(eq(samplings.id, row.id))
      .returning();
    return toPickup(updated!);
  });
}

/** The customer may cancel only their own pending pickup. */
export const cancelSampling = (s: Services, userId: number, rid: string) =>
  transitionSampling(s, rid, 'cancelled', userId);
