// The console's lists of results (decision 0075): an order's results (made when first opened),
// and the 待审核 queue, oldest submission first, with how long each has waited.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { results } from './tables.ts';
import { ensureResults, orderByRid, resultsOfOrder } from './records.ts';
import { gatherResults, toView, viewsOf } from './read.ts';
import { reviewsRequired } from './settings.ts';
import { instrumentChoices } from './instruments.ts';
import { orderDirectory } from '../orders/index.ts';
import { displayNameOf, userDirectory } from '../accounts/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import type { ResultQueueRow } from '../../shared/results/responses.ts';

/** Orders whose results are not made yet: nothing is tested before the order stands (or after it is cancelled). */
const NOT_YET = new Set(['quoting', 'unpaid', 'cancelled']);

/** result/list: an order's results for staff member `me`, the lab's instruments and the setting. */
export async function orderResults(s: Services, me: number, orderRid: string) {
  const order = await orderByRid(s.db, orderRid);
  if (!NOT_YET.has(order.status)) await ensureResults(s.db, order.id, s.now());
  const [rows, required, instruments] = await Promise.all([
    resultsOfOrder(s.db, order.id),
    reviewsRequired(s.db),
    instrumentChoices(s.db),
  ]);
  return { reviews_required: required, instruments, results: await viewsOf(s.db, rows, me, required) };
}

const order = orderDirectory('queue_order');
const customer = userDirectory('queue_customer');

/** result/queue: the results waiting for review, oldest first. */
export async function reviewQueue(s: Services, me: number, q: { page?: number; size?: number }) {
  const w = pageWindow(q.page, q.size);
  const waiting = eq(results.status, 'submitted');
  const [rows, [{ total }], required] = await Promise.all([
    s.db
      .select()
      .from(results)
      .where(waiting)
      .orderBy(asc(results.submittedAt), asc(results.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(results).where(waiting),
    reviewsRequired(s.db),
  ]);
  const [g, orders] = await Promise.all([
    gatherResults(s.db, rows),
    rows.length
      ? s.db
          .select({
            id: order.id,
            orderNo: order.orderNo,
            customer: displayNameOf(customer),
            company: customer.company,
          })
          .from(order)
          .innerJoin(customer, eq(customer.id, order.userId))
          .where(inArray(order.id, [...new Set(rows.map((r) => r.orderId))]))
      : [],
  ]);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const now = s.now();
  const list: ResultQueueRow[] = rows.map((r) => {
    const v = toView(r, g, me, required);
    const o = byId.get(r.orderId);
    const since = r.submittedAt ?? r.createdAt;
    return {
      rid: v.rid,
      order_rid: v.order_rid,
      order_no: o?.orderNo ?? '',
      customer: o ? [o.customer, o.company].filter(Boolean).join(' · ') : '',
      item_name: v.item_name,
      sample_no: v.sample_no,
      entered_by: v.technicians.join('、'),
      submitted_at: since.toISOString(),
      waited_minutes: Math.max(0, Math.floor((now - since.getTime()) / 60_000)),
      approvals: v.approvals,
      reviews_required: required,
      latest: v.latest,
      files: v.files,
      review_refusal: v.review_refusal,
    };
  });
  return { list, total };
}
