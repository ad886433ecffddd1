import { and, count, eq } from 'drizzle-orm';
import { fenToYuan } from '../../shared/money.ts';
import type { Services } from '../platform/services.ts';
import { files, orderItems } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import type { OrderAction } from '../../shared/orders/order-status.ts';
import { DISPOSAL_RECYCLE } from '../../shared/plan/plan-rules.ts';
import { applyTransition, lockOrder, type OrderRow } from './transition.ts';
import { findOrder } from './read.ts';
import { cancelOrder } from './customer.ts';

export type StaffStep = Extract<
  OrderAction,
  'receive' | 'start' | 'deliver' | 'bill' | 'complete' | 'settle'
>;
export const NEED_REPORT = '请先上传检测报告';

/** An exact price for an order in 待报价; the quote replaces the list total. */
export async function quoteOrder(s: Services, staffId: number, rid: string, quotedFen: number, note: string) {
  const o = await findOrder(s.db, rid);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, o.id);
    return applyTransition(tx, order, {
      action: 'quote',
      actor: 'staff',
      actorId: staffId,
      note: note || `报价 ${fenToYuan(quotedFen)} 元`,
      now,
      patch: { amountFen: quotedFen, quotedFen },
    });
  });
}

/** Receipt, testing, data delivery, billing, completion and offline settlement by staff. */
export async function staffStep(s: Services, staffId: number, rid: string, action: StaffStep, note: string) {
  const o = await findOrder(s.db, rid);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, o.id);
    if (action === 'deliver' && order.status === 'testing') {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(files)
        .where(and(eq(files.orderId, order.id), eq(files.kind, 'report')));
      if (n === 0) throw new DomainError(NEED_REPORT);
    }
    const [{ recycle }] = await tx
      .select({ recycle: count() })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.disposal, DISPOSAL_RECYCLE)));
    return applyTransition(tx, order, {
      action,
      actor: 'staff',
      actorId: staffId,
      note,
      now,
      recycle: recycle > 0,
    });
  });
}

export async function staffCancel(
  s: Services,
  staffId: number,
  rid: string,
  reason: string,
): Promise<OrderRow> {
  const o = await findOrder(s.db, rid);
  return cancelOrder(s, o, { actor: 'staff', actorId: staffId, reason });
}
