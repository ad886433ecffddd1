import { and, count, desc, eq } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { addresses } from './tables.ts';
import { lockUser } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { ADDRESS_NOT_FOUND, MAX_ADDRESSES, type NewAddress } from '../../shared/member/address.ts';
import type { Address } from '../../shared/member/responses.ts';
import { assertKnownRegion } from './regions.ts';
import type { Tx } from '../platform/db/client.ts';

type Row = typeof addresses.$inferSelect;

export function toAddress(row: Row): Address {
  return {
    address_rid: row.rid,
    name: row.name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    area: row.area,
    address: row.address,
    address_code: row.addressCode,
    default: row.isDefault ? 1 : 0,
    created: row.createdAt.toISOString(),
  };
}

/** Newest first: after the default, the order of every address list. */
export const addressOrder = [desc(addresses.createdAt), desc(addresses.id)];

/** The user's addresses, the default first, then newest first. */
export async function listAddresses(db: Db | Tx, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), ...addressOrder);
  return rows.map(toAddress);
}

/** One of the user's own addresses; another user's rid reads as not found. */
export async function findOwnAddress(db: Db | Tx, userId: number, rid: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.rid, rid)));
  return row;
}

/** Inserts inside a transaction that has locked the user; the first address becomes the default. */
export async function insertAddress(tx: Tx, userId: number, input: NewAddress, now: number): Promise<Row> {
  assertKnownRegion(input);
  const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  if (n >= MAX_ADDRESSES) throw new DomainError(`最多保存${MAX_ADDRESSES}个地址，请先删除不用的地址`);
  const [row] = await tx
    .insert(addresses)
    .values({
      rid: newRid('address'),
      userId,
      name: input.name,
      phone: input.phone,
      province: input.province,
      city: input.city,
      area: input.area,
      address: input.address,
      addressCode: input.address_code,
      isDefault: n === 0,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning();
  return row!;
}

export async function addAddress(s: Services, userId: number, input: NewAddress): Promise<Address> {
  return s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    return toAddress(await insertAddress(tx, userId, input, s.now()));
  });
}

export async function editAddress(
  s: Services,
  userId: number,
  input: NewAddress & { address_rid: string },
): Promise<Address> {
  assertKnownRegion(input);
  const [row] = await s.db
    .update(addresses)
    .set({
      name: input.name,
      phone: input.phone,
      province: input.province,
      city: input.city,
      area: input.area,
      address: input.address,
      addressCode: input.address_code,
      updatedAt: new Date(s.now()),
    })
    .where(and(eq(addresses.userId, userId), eq(addresses.rid, input.address_rid)))
    .returning();
  if (!row) throw new DomainError(ADDRESS_NOT_FOUND, 200, 'NOT_FOUND');
  return toAddress(row);
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(s: Services, userId: number, rid: string): Promise<void> {
  await s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.rid, rid)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) throw new DomainError(ADDRESS_NOT_FOUND, 200, 'NOT_FOUND');
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(...addressOrder)
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

export async function setDefaultAddress(s: Services, userId: number, rid: string): Promise<Address> {
  return s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const target = await findOwnAddress(tx, userId, rid);
    if (!target) throw new DomainError(ADDRESS_NOT_FOUND, 200, 'NOT_FOUND');
    if (target.isDefault) return toAddress(target);
    // Clear first: the partial unique index allows one default per user at any moment.
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: new Date(s.now()) })
      .where(eq(addresses.id, target.id))
      .returning();
    return toAddress(row!);
  });
}
