import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import type { OrderFiles, RecordUpload } from '../files/index.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';
import { orders } from './tables.ts';
import { addEvent } from './transition.ts';

/**
 * A customer's file uploaded to an order goes on its timeline (上传文件), its status unchanged.
 * (Staff no longer upload reports to an order, decision 0081; old 上传检测报告 entries stay.)
 */
const recordUpload: RecordUpload = async (tx, u) => {
  const [o] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, u.orderId));
  await addEvent(tx, {
    orderId: u.orderId,
    from: o.status,
    to: o.status,
    action: 'upload',
    actor: 'customer',
    actorId: u.uploaderId,
    note: `上传文件：${u.name}`,
    now: u.now,
  });
};

/** What the customer's file routes need of orders (files/routes.ts, wired in app.ts). */
export const orderFiles: OrderFiles = {
  /** The order a customer attaches a file to: theirs, and not closed. */
  async orderForUpload(s: Services, userId: number, rid: string): Promise<number> {
    const [o] = await s.db.select().from(orders).where(eq(orders.rid, rid));
    if (!o || o.userId !== userId) throw new DomainError(ORDER_NOT_FOUND, 200, 'NOT_FOUND');
    if (o.status === 'cancelled') throw new DomainError('订单已取消');
    return o.id;
  },
  async orderOwner(db: Db, orderId: number) {
    const [o] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    return o?.userId;
  },
  recordUpload,
};
