// Each notification job's delivery (decision 0091): claimed in the database before any provider is
// called, so a job run again (a retry, a lease that ran out) never sends twice; a repeat of the
// same message about one order within 10 minutes is merged, and folded into one message at the end
// of the first one's window; WeChat's send-result pushes recorded against the message they name.
import { and, desc, eq, gt, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Job } from '../platform/jobs.ts';
import { notifyDeliveries } from './tables.ts';
import { jobs } from '../platform/jobs-table.ts';
import type { DeliveryLog } from '../../shared/notify/channels.ts';

/** Repeats of one message about one order on one channel within this window are merged. */
const MERGE_WINDOW_MS = 10 * 60_000;

/** How long the console's 通知记录 keeps a delivery (decision 0096). */
export const DELIVERY_RETENTION_DAYS = 365;
const PRUNE_BATCH = 5_000;

type Delivery = { orderId: number | null; userId: number; template: string; channel: string };

const deliveryKey = (job: Job) => job.uniqueKey ?? `job:${job.id}`;

/** The folded message of the repeats merged against one delivery (see `claimFold`). */
export const foldKey = (leadId: number, channel: string) => `notify:fold:${leadId}:${channel}`;

type Claim = { status: 'go' } | { status: 'done' } | { status: 'merged'; leadId: number; foldAt: number };

/**
 * Claims a job's delivery: 'go' (call the provider), 'done' (a run before this one sent it, merged
 * it or is sending it: nothing to do) or 'merged' (the same message about the same order went on
 * this channel less than 10 minutes ago: it is recorded against that one, `leadId`, and the caller
 * queues the folded message due at `foldAt`, the end of the lead's window, in the same
 * transaction). Repeats of one message on one order are serialised by an advisory lock, so two
 * workers cannot both find no recent one. A failed delivery is claimed again.
 */
export async function claimDelivery(
  s: Services,
  job: Job,
  d: Delivery & { title: string },
  onMerged: (tx: Tx, leadId: number, foldAt: number) => Promise<void>,
): Promise<Claim['status']> {
  const key = deliveryKey(job);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const existing = await lockedDelivery(tx, d, key);
    if (existing) {
      if (existing.status !== 'failed') return 'done';
      await tx
        .update(notifyDeliveries)
        .set({ status: 'sending', updatedAt: new Date(now) })
        .where(eq(notifyDeliveries.key, key));
      return 'go';
    }
    // The latest message of the same news on the same channel in the window, if any.
    const [lead] =
      d.orderId !== null && d.channel !== 'inbox'
        ? await tx
            .select({ id: notifyDeliveries.id, createdAt: notifyDeliveries.createdAt })
            .from(notifyDeliveries)
            .where(
              and(
                ...sameNewsSent(d.orderId, d),
                gt(notifyDeliveries.createdAt, new Date(now - MERGE_WINDOW_MS)),
              ),
            )
            .orderBy(desc(notifyDeliveries.createdAt), desc(notifyDeliveries.id))
            .limit(1)
        : [];
    await tx.insert(notifyDeliveries).values({
      key,
      ...d,
      status: lead ? 'merged' : 'sending',
      detail: lead ? '10分钟内已发送同类通知，本条并入随后的合并通知' : '',
      foldedInto: lead?.id ?? null,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    if (!lead) return 'go';
    await onMerged(tx, lead.id, lead.createdAt.getTime() + MERGE_WINDOW_MS);
    return 'merged';
  });
}

/**
 * The delivery row of `key`, if any, locked, after the repeats' lock: repeats of one message about
 * one order on one channel are claimed one at a time.
 */
async function lockedDelivery(tx: Tx, d: Delivery, key: string) {
  await lockRepeats(tx, d);
  const [existing] = await tx
    .select({ status: notifyDeliveries.status })
    .from(notifyDeliveries)
    .where(eq(notifyDeliveries.key, key))
    .for('update');
  return existing;
}

/** Messages of the same news (order, kind, channel) sent or being sent. */
const sameNewsSent = (orderId: number, d: Delivery) => [
  eq(notifyDeliveries.orderId, orderId),
  eq(notifyDeliveries.template, d.template),
  eq(notifyDeliveries.channel, d.channel),
  inArray(notifyDeliveries.status, ['sending', 'sent']),
];

/** Repeats of one message about one order on one channel are claimed one at a time. */
async function lockRepeats(tx: Tx, d: Delivery) {
  if (d.orderId !== null)
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`notify:${d.orderId}:${d.template}:${d.channel}`}))`,
    );
}

/**
 * Claims the folded message of the repeats merged against delivery `leadId`, at the end of its
 * window: answers the merged repeats' delivery keys (= their jobs' keys), oldest first, for the
 * caller to word one message from; or null when there is nothing to send (a run before this one
 * claimed it, or a message sent since, after the window, already told the customer something
 * newer: the fold is then recorded as merged into it). Under the same lock as the repeats' claims,
 * so a repeat claimed after this one is merged against this message instead and folded later.
 */
export async function claimFold(
  s: Services,
  job: Job,
  d: Delivery & { leadId: number; title: (count: number) => string },
): Promise<string[] | null> {
  const key = deliveryKey(job);
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const existing = await lockedDelivery(tx, d, key);
    if (existing && existing.status !== 'failed') return null;
    const folded = await tx
      .select({ key: notifyDeliveries.key })
      .from(notifyDeliveries)
      .where(and(eq(notifyDeliveries.foldedInto, d.leadId), eq(notifyDeliveries.status, 'merged')))
      .orderBy(notifyDeliveries.id);
    const [newer] =
      d.orderId === null
        ? []
        : await tx
            .select({ id: notifyDeliveries.id })
            .from(notifyDeliveries)
            .where(
              and(
                ...sameNewsSent(d.orderId, d),
                gt(notifyDeliveries.id, d.leadId),
                isNull(notifyDeliveries.foldedInto),
              ),
            )
            .limit(1);
    const row = {
      status: newer ? ('merged' as const) : ('sending' as const),
      detail: newer ? '其后已有更新的同类通知发出，本条不再发送' : '',
      title: d.title(folded.length + 1),
      foldedInto: newer?.id ?? null,
      updatedAt: new Date(now),
    };
    if (existing) await tx.update(notifyDeliveries).set(row).where(eq(notifyDeliveries.key, key));
    else
      await tx.insert(notifyDeliveries).values({
        key,
        userId: d.userId,
        orderId: d.orderId,
        template: d.template,
        channel: d.channel,
        ...row,
        createdAt: new Date(now),
      });
    return newer || folded.length === 0 ? null : folded.map((f) => f.key);
  });
}

/** The outcome of a claimed delivery. */
export async function settleDelivery(
  db: Db | Tx,
  job: Job,
  outcome: { status: 'sent' | 'fallback' | 'failed'; detail?: string; msgId?: string },
  now: number,
): Promise<void> {
  await db
    .update(notifyDeliveries)
    .set({
      status: outcome.status,
      detail: (outcome.detail ?? '').slice(0, 300),
      msgId: outcome.msgId || null,
      updatedAt: new Date(now),
    })
    .where(eq(notifyDeliveries.key, deliveryKey(job)));
}

/**
 * An in-system message is written in one transaction with its delivery row (sent at once): false
 * when a run before this one wrote it already.
 */
export async function recordInboxDelivery(
  tx: Tx,
  job: Job,
  d: Delivery & { title: string },
  now: number,
): Promise<boolean> {
  const rows = await tx
    .insert(notifyDeliveries)
    .values({
      key: deliveryKey(job),
      ...d,
      status: 'sent',
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: notifyDeliveries.id });
  return rows.length > 0;
}

/**
 * WeChat's send-result push for messages it accepted: the result is recorded on the delivery;
 * answers the delivery keys (job keys) whose message did not arrive, for the SMS fallback.
 */
export async function recordSendResults(
  s: Services,
  results: readonly { msgId: string; result: string }[],
): Promise<string[]> {
  const failed: string[] = [];
  for (const r of results) {
    if (!r.msgId) continue;
    const rows = await s.db
      .update(notifyDeliveries)
      .set({ result: r.result.slice(0, 100), updatedAt: new Date(s.now()) })
      .where(and(eq(notifyDeliveries.channel, 'wechat'), eq(notifyDeliveries.msgId, r.msgId)))
      .returning({ key: notifyDeliveries.key });
    if (r.result !== 'success') failed.push(...rows.map((row) => row.key));
  }
  return failed;
}

/** The console's 通知记录 of one order, newest first. */
export async function deliveryLog(db: Db, orderId: number): Promise<DeliveryLog> {
  const rows = await db
    .select()
    .from(notifyDeliveries)
    .where(eq(notifyDeliveries.orderId, orderId))
    .orderBy(desc(notifyDeliveries.id))
    .limit(200);
  return {
    list: rows.map((r) => ({
      template: r.template,
      title: r.title,
      channel: r.channel,
      status: r.status,
      detail: r.detail,
      result: r.result,
      created: r.createdAt.toISOString(),
    })),
  };
}

/**
 * The clean-up (a periodic job): deliveries older than the log's retention go, in batches, except
 * one a notification job still waiting or running needs: its own (a retry claims it, and must find
 * it sent) and those a folded message still to be sent reads (its lead and the repeats folded into
 * it). A job that finished is never run again and its key stays in `jobs`, so a pruned row cannot
 * let a message go twice. Answers how many rows went.
 */
export async function pruneDeliveries(s: Services): Promise<number> {
  const cutoff = new Date(s.now() - DELIVERY_RETENTION_DAYS * 86_400_000);
  const d = notifyDeliveries;
  const needed = s.db
    .select({ one: sql`1` })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'notify'), // NOTIFY (index.ts)
        inArray(jobs.status, ['pending', 'running']),
        or(
          eq(jobs.uniqueKey, d.key),
          sql`${jobs.payload} ->> 'fold' in (${d.id}::text, ${d.foldedInto}::text)`,
        ),
      ),
    );
  const old = s.db
    .select({ id: d.id })
    .from(d)
    .where(and(lt(d.createdAt, cutoff), notExists(needed)))
    .orderBy(d.id)
    .limit(PRUNE_BATCH);
  let total = 0;
  for (;;) {
    const count = (await s.db.delete(d).where(inArray(d.id, old)).returning({ id: d.id })).length;
    total += count;
    if (count < PRUNE_BATCH) return total;
  }
}
