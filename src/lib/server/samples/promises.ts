// The dashboard's per-sample service promises (decision 0078), read from the samples' records:
// a sample to be sent back is due 48 hours after the later of the end of its testing (检测后寄回)
// or the customer's request (申请寄回) and its order's full payment (the spec's "return within 48
// hours of full payment"), however late the disposal job lists it 待退回; a sample to be
// destroyed is due from the first day after its last day kept (5 working days after testing for
// 实验室销毁, N days for 留样). Each is kept by the sample's own custody event (寄回, 销毁), which
// takes it off these lists.
import { and, asc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { samples } from './tables.ts';
import { orderDirectory, orderEventDirectory } from '../orders/index.ts';
import { userDirectory } from '../accounts/index.ts';
import { shanghaiDate, shanghaiIso } from '../../shared/time.ts';
import { shanghaiMidnight } from '../../shared/slots.ts';
import { ORDER_STATUS_TEXT } from '../../shared/orders/order-status.ts';
import { promiseDue, type PromiseRow, type SamplePromiseKind } from '../../shared/orders/operations.ts';
import { SAMPLE_STATUS_TEXT } from '../../shared/samples/samples.ts';
import { RETENTION_RETURN, disposableFrom, retentionText } from '../../shared/samples/disposal.ts';

const order = orderDirectory('promise_order');
const customer = userDirectory('promise_customer');
const completion = orderEventDirectory('promise_completion');

/** When the sample last moved into `status` (its custody trail). */
const enteredAt = (status: string) =>
  sql<
    string | null
  >`(select max(e."at") from "sample_events" e where e."sample_id" = "samples"."id" and e."to_status" = ${status})`;
/** When the order was fully paid: its (last) move into 已完成. */
const paidAt = sql<
  string | null
>`(select max(${completion.at}) from ${completion} where ${completion.orderId} = ${order.id} and ${completion.toStatus} = 'completed')`;

/** A timestamp read through sql`` (a Date or its text, by driver), as epoch ms; 0 for none. */
const instant = (v: string | Date | null) => (v ? +new Date(v) : 0);

const columns = {
  s: samples,
  order: { rid: order.rid, orderNo: order.orderNo, status: order.status },
  customer: { rid: customer.rid, phone: customer.phone, name: customer.name, company: customer.company },
};

/** The samples whose promise of `kind` is overdue at `now`, the most overdue first. */
export async function overdueSamples(db: Db, kind: SamplePromiseKind, now: number): Promise<PromiseRow[]> {
  const base = () =>
    db
      .select({ ...columns, returnAsked: enteredAt('return_pending'), testedAt: enteredAt('tested'), paidAt })
      .from(samples)
      .innerJoin(order, eq(order.id, samples.orderId))
      .innerJoin(customer, eq(customer.id, order.userId));
  const rows =
    kind === 'sample_return'
      ? // Sent back once the order is paid in full (the lab ships after payment): listed 待退回,
        // or tested to be sent back before the job's next pass lists it.
        await base()
          .where(
            and(
              eq(order.status, 'completed'),
              or(
                eq(samples.status, 'return_pending'),
                and(
                  eq(samples.disposal, RETENTION_RETURN),
                  inArray(samples.status, ['stored', 'tested']),
                  sql`${enteredAt('tested')} is not null`,
                ),
              ),
            ),
          )
          .orderBy(asc(samples.id))
      : // Kept long enough: listed 待销毁 by the job, or past the date before the job's next pass.
        await base()
          .where(
            and(
              isNotNull(samples.retainUntil),
              lt(samples.retainUntil, shanghaiDate(now)),
              or(
                eq(samples.status, 'disposal_pending'),
                and(inArray(samples.status, ['stored', 'tested']), ne(samples.disposal, RETENTION_RETURN)),
              ),
            ),
          )
          .orderBy(asc(samples.id));
  return rows
    .map((r) => {
      const since =
        kind === 'sample_return'
          ? Math.max(
              // 检测后寄回 counts from the end of testing; a sample asked back, from the request.
              r.s.disposal === RETENTION_RETURN
                ? instant(r.testedAt) || instant(r.returnAsked)
                : instant(r.returnAsked),
              instant(r.paidAt),
            )
          : instant(r.testedAt) || shanghaiMidnight(r.s.retainUntil!)!;
      const due =
        kind === 'sample_return'
          ? promiseDue('sample_return', since)
          : shanghaiMidnight(disposableFrom(r.s.retainUntil!))!;
      return { r, since, due };
    })
    .filter(({ since, due }) => since > 0 && due <= now)
    .sort((a, b) => a.due - b.due || a.r.s.sampleNo.localeCompare(b.r.s.sampleNo))
    .map(({ r, since, due }) => ({
      rid: r.order.rid,
      order_no: r.order.orderNo,
      status: r.order.status,
      status_text: ORDER_STATUS_TEXT[r.order.status],
      customer: r.customer,
      since: shanghaiIso(since),
      due: shanghaiIso(due),
      sample: {
        rid: r.s.rid,
        sample_no: r.s.sampleNo,
        name: r.s.name,
        item_name: r.s.itemName,
        status_text: SAMPLE_STATUS_TEXT[r.s.status],
        disposal: r.s.disposal,
        retention_text: retentionText(r.s.disposal),
        retain_until: r.s.retainUntil,
      },
    }));
}
