// The customer's own samples at an on-site session (预约现场, decision 0078): optional records a
// staff member makes from the order page when the customer brings samples to the instrument.
// They start in the lab's hands (已签收), numbered after the order's other samples, each with its
// 'created' event by that staff member; from there the same custody events as every sample
// (stored, taken, tested, returned, disposed). No labels notice: nothing is to be posted.
import { count, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { sampleEvents, samples } from './tables.ts';
import { toOrderSample } from './read.ts';
import { findOrder, lockOrder, orderLineDirectory } from '../orders/index.ts';
import { findUserById } from '../accounts/index.ts';
import { RESERVATION_TYPE_ID } from '../../shared/orders/order-status.ts';
import { sampleNo } from '../../shared/samples/samples.ts';
import type { OnSiteSamplesRequest } from '../../shared/samples/requests.ts';
import type { OrderSample } from '../../shared/samples/responses.ts';

const line = orderLineDirectory('on_site_line');

export const ON_SITE_REFUSED = {
  notOnSite: '仅预约现场订单可登记现场样品（送样检测订单的样品在下单时生成）',
  cancelled: '订单已取消，不能登记样品',
  notReady: '订单报价并付款后才能登记现场样品',
  whichItem: '该订单有多个检测项目，请选择样品所属的项目',
  noSuchItem: '该订单没有此检测项目',
} as const;

/** sample/onSite: `count` samples of one line of an on-site order, received by the staff member. */
export async function addOnSiteSamples(
  s: Services,
  staffId: number,
  req: OnSiteSamplesRequest,
): Promise<OrderSample[]> {
  const found = await findOrder(s.db, req.rid);
  if (found.typeId !== RESERVATION_TYPE_ID) throw new DomainError(ON_SITE_REFUSED.notOnSite);
  const lines = await s.db
    .select({ id: line.id, itemRid: line.itemRid, name: line.name, disposal: line.disposal })
    .from(line)
    .where(eq(line.orderId, found.id))
    .orderBy(line.id);
  const chosen = req.item_rid
    ? lines.find((l) => l.itemRid === req.item_rid)
    : lines.length === 1
      ? lines[0]
      : undefined;
  if (!chosen) throw new DomainError(req.item_rid ? ON_SITE_REFUSED.noSuchItem : ON_SITE_REFUSED.whichItem);
  const staff = await findUserById(s.db, staffId);
  return s.db.transaction(async (tx) => {
    // The order's lock numbers two staff members' records one after the other.
    const o = await lockOrder(tx, found.id);
    if (o.status === 'cancelled') throw new DomainError(ON_SITE_REFUSED.cancelled);
    if (o.status === 'quoting' || o.status === 'unpaid') throw new DomainError(ON_SITE_REFUSED.notReady);
    const [{ n }] = await tx.select({ n: count() }).from(samples).where(eq(samples.orderId, o.id));
    const at = new Date(s.now());
    const made = await tx
      .insert(samples)
      .values(
        Array.from({ length: req.count }, (_, i) => ({
          rid: newRid('sample'),
          orderId: o.id,
          orderItemId: chosen.id,
          sampleNo: sampleNo(o.orderNo, n + i + 1),
          name: req.count === 1 ? req.name : `${req.name}-${i + 1}`,
          itemRid: chosen.itemRid,
          itemName: chosen.name,
          status: 'received' as const,
          disposal: chosen.disposal,
          createdAt: at,
        })),
      )
      .returning();
    await tx.insert(sampleEvents).values(
      made.map((m) => ({
        sampleId: m.id,
        kind: 'created' as const,
        fromStatus: null,
        toStatus: m.status,
        actorKind: 'staff' as const,
        actorId: staffId,
        actorName: staff?.name || staff?.phone || '',
        note: req.note || '预约现场：客户自带样品，现场登记',
        at,
      })),
    );
    return made.map((m) => toOrderSample(m, 1));
  });
}
