// The order e-mail's link to the labels (decision 0074): when an order's samples are made and some
// are to be posted, the customer is asked, by e-mail and in the inbox, to print the labels from the
// order page (the download needs the token only the browser holds), once per order.
import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { referencedUser } from '../accounts/index.ts';
import { CHANNELS, queueNotification } from '../notify/index.ts';
import type { SampleOrder } from '../orders/index.ts';
import { samples } from './tables.ts';

export async function queueLabelsNotice(tx: Tx, order: SampleOrder, now: number): Promise<void> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(samples)
    .where(and(eq(samples.orderId, order.id), eq(samples.status, 'awaiting_post')));
  if (n === 0) return;
  const user = await referencedUser(tx, order.userId);
  await queueNotification(tx, {
    channels: CHANNELS.labels.filter((c) => c !== 'email' || Boolean(user?.email)),
    userId: order.userId,
    orderId: order.id,
    eventId: 0,
    key: `labels:${order.id}`,
    template: 'labels',
    vars: { order_no: order.orderNo, order_rid: order.rid, amount_fen: '0', note: String(n), recycle: '0' },
    now,
  });
}
