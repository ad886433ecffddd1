import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { notificationOutbox, userMessages, users } from '../../db/schema/index.ts';
import { newRid } from '../accounts/crypto.ts';
import type { Tx } from '../ledger/index.ts';
import type { OrderAction, OrderStatus } from '../../../shared/order-status.ts';
import { queueReservationReminders } from '../reservations/reminders.ts';
import { CHANNELS, render, smsParams, templateFor, type Payload, type Template } from './templates.ts';

export const MAX_ATTEMPTS = 8;
const REMINDER_INTERVAL_MS = 60_000;
/** A claimed row is another worker's to retry if its sender has not finished in this time. */
const LEASE_MS = 60_000;
/** 5 s, 10 s, 20 s … capped at an hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Queues the messages for one transition inside its transaction. The unique
 * (order_id, event_id, channel) index makes a repeated call a no-op.
 */
export async function queueForTransition(
  tx: Tx,
  t: {
    action: OrderAction;
    to: OrderStatus;
    userId: number;
    orderId: number;
    eventId: number;
    payload: Payload;
    hasEmail: boolean;
    now: number;
  },
): Promise<void> {
  const template = templateFor(t.action, t.to);
  if (!template) return;
  const channels = CHANNELS[template].filter((c) => c !== 'email' || t.hasEmail);
  if (channels.length === 0) return;
  await tx
    .insert(notificationOutbox)
    .values(
      channels.map((channel) => ({
        channel,
        userId: t.userId,
        orderId: t.orderId,
        eventId: t.eventId,
        template,
        payload: t.payload,
        nextAttemptAt: new Date(t.now),
        createdAt: new Date(t.now),
      })),
    )
    .onConflictDoNothing();
}

type Row = typeof notificationOutbox.$inferSelect;

/** Claims due rows (skipping those another worker holds) and marks them as being sent. */
async function claim(s: Services, limit: number): Promise<Row[]> {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        and(
          or(eq(notificationOutbox.status, 'pending'), eq(notificationOutbox.status, 'sending')),
          lte(notificationOutbox.nextAttemptAt, new Date(now)),
        ),
      )
      .orderBy(notificationOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notificationOutbox)
      .set({
        status: 'sending',
        nextAttemptAt: new Date(now + LEASE_MS),
        attempts: sqlIncrement(),
      })
      .where(
        inArray(
          notificationOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

const sqlIncrement = () => sql`${notificationOutbox.attempts} + 1`;

async function deliver(s: Services, row: Row): Promise<void> {
  const { title, text } = render(row.template as Template, row.payload as Payload);
  const now = s.now();
  if (row.channel === 'inbox') {
    // The message and the "sent" mark commit together: an in-system message is written once.
    await s.db.transaction(async (tx) => {
      const [still] = await tx
        .select({ status: notificationOutbox.status })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.id, row.id))
        .for('update');
      if (still?.status !== 'sending') return;
      await tx.insert(userMessages).values({
        rid: newRid().replace(/^u/, 'm'),
        userId: row.userId,
        orderId: row.orderId,
        title,
        body: text,
        createdAt: new Date(now),
      });
      await tx
        .update(notificationOutbox)
        .set({ status: 'sent', sentAt: new Date(now) })
        .where(eq(notificationOutbox.id, row.id));
    });
    return;
  }
  const [user] = await s.db
    .select({ phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user) throw new Error('user gone');
  if (row.channel === 'sms')
    await s.sms.send({
      phone: user.phone,
      text: `【检测服务平台】${text}`,
      template: row.template,
      params: smsParams(row.template as Template, row.payload as Payload),
    });
  else if (user.email) await s.mail.send({ to: user.email, subject: `【检测服务平台】${title}`, text });
  await s.db
    .update(notificationOutbox)
    .set({ status: 'sent', sentAt: new Date(s.now()) })
    .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, 'sending')));
}

/** One pass: claims due messages, sends each, retries failures later. Returns how many were sent. */
export async function runNotificationsOnce(s: Services, limit = 50): Promise<number> {
  const rows = await claim(s, limit);
  let sent = 0;
  for (const row of rows) {
    try {
      await deliver(s, row);
      sent++;
    } catch (error) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      console.warn(
        `[notify] ${row.channel} #${row.id} attempt ${row.attempts} failed:`,
        (error as Error).message,
      );
      await s.db
        .update(notificationOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: String((error as Error).message).slice(0, 500),
          nextAttemptAt: new Date(s.now() + backoffMs(row.attempts)),
        })
        .where(eq(notificationOutbox.id, row.id));
    }
  }
  return sent;
}

/** The in-process worker: a pass every `intervalMs`; stop() waits for the pass in flight. */
export function startNotificationWorker(s: Services, intervalMs = 1_000): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let remindersAt = 0;
  const tick = () => {
    running = (async () => {
      try {
        // Day-before reservation reminders join the outbox about once a minute.
        if (s.now() - remindersAt >= REMINDER_INTERVAL_MS) {
          remindersAt = s.now();
          await queueReservationReminders(s);
        }
        // Drain a backlog quickly, then wait for the next tick.
        while (!stopped && (await runNotificationsOnce(s)) > 0);
      } catch (error) {
        console.warn('[notify] pass failed:', (error as Error).message);
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
