import { eq, inArray } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { claimAsProtocol, findOwnFile } from '../files/index.ts';
import { orderEvents, orderItems } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { deviceDirectory, toDeviceSummary, type Device } from '../catalogue/index.ts';
import { filesOf, findOwnOrder } from './read.ts';

const instrument = deviceDirectory('instrument');

/**
 * The instrument an order's reservation booked (reservations' read): reservations import orders,
 * so the app hands it to the customer's order routes (decision 0061).
 */
export type ReservedDevice = (db: Services['db'], orderId: number) => Promise<Device | undefined>;

/** listProtocolFile: the signed agreements attached to the user's order. */
export async function listProtocolFiles(s: Services, userId: number, rid: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  return { list: (await filesOf(s.db, o.id)).filter((f) => f.kind === 'protocol') };
}

/**
 * updateProtocolFile: attaches a file the user uploaded (upload4file) to the order as its
 * signed agreement, on the timeline.
 */
export async function attachProtocolFile(s: Services, userId: number, rid: string, fileRid: string) {
  const o = await findOwnOrder(s.db, userId, rid);
  if (o.status === 'cancelled') throw new DomainError('订单已取消');
  await s.db.transaction(async (tx) => {
    const f = await findOwnFile(tx, userId, fileRid);
    // Only what the customer uploaded as a document: never a report or a receipt photo of staff.
    if (!f || (f.kind !== 'attachment' && f.kind !== 'protocol'))
      throw new DomainError('文件不存在', 200, 'NOT_FOUND');
    // Conditional on the file still being free: of two requests racing to attach it to two
    // orders, one wins and the other writes nothing, not even a timeline entry.
    if (!(await claimAsProtocol(tx, f.id, o.id))) throw new DomainError('该文件已用于其他订单');
    await tx.insert(orderEvents).values({
      orderId: o.id,
      fromStatus: o.status,
      toStatus: o.status,
      action: 'upload',
      actorKind: 'customer',
      actorId: userId,
      note: `上传签署协议：${f.originalName}`,
      at: new Date(s.now()),
    });
  });
  return listProtocolFiles(s, userId, rid);
}

/**
 * relateEquipment: the instruments that run the order's items; a reservation order (type 2)
 * lists its reserved instrument first.
 */
export async function relatedEquipment(
  s: Services,
  reservedDevice: ReservedDevice,
  userId: number,
  rid: string,
) {
  const o = await findOwnOrder(s.db, userId, rid);
  const reserved = await reservedDevice(s.db, o.id);
  const itemRids = (
    await s.db.select({ rid: orderItems.itemRid }).from(orderItems).where(eq(orderItems.orderId, o.id))
  ).map((r) => r.rid);
  const linked =
    itemRids.length === 0
      ? []
      : await s.db
          .select()
          .from(instrument)
          .where(inArray(instrument.itemRid, itemRids))
          .orderBy(instrument.sort);
  const seen = new Set<number>();
  const list = [...(reserved ? [reserved] : []), ...linked].filter((d) => !seen.has(d.id) && seen.add(d.id));
  return { list: list.map(toDeviceSummary) };
}
