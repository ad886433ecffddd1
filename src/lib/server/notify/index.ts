import { eq } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import { userMessages } from './tables.ts';
import { enqueue, type JobHandler } from '../platform/jobs.ts';
import type { Tx } from '../platform/db/client.ts';
import type { OrderAction, OrderStatus } from '../../shared/orders/order-status.ts';
import {
  CHANNELS,
  render,
  smsParams,
  templateFor,
  type Channel,
  type Payload,
  type Template,
} from './templates.ts';
import { userDirectory } from '../accounts/index.ts';

const person = userDirectory('person');

export { CHANNELS };

/** The job kind of one message on one channel (payload: NotifyPayload). */
export const NOTIFY = 'notify';

export type NotifyPayload = {
  channel: Channel;
  userId: number;
  orderId: number | null;
  /** The order_events row that caused it (0: none, a message with its own `key`). */
  eventId: number;
  template: Template;
  vars: Payload;
};

/**
 * A message about something other than an order (money, points, research groups): its words are
 * written when it is queued, and it goes to the in-system inbox (the bell) only.
 */
export type NoticePayload = {
  channel: 'inbox';
  userId: number;
  /** What it is about, unique per recipient and event (e.g. `transfer:<rid>:in`). */
  key: string;
  title: string;
  text: string;
};

/**
 * Queues notices in the caller's transaction, so each is sent exactly when its event commits;
 * the unique key (recipient, key) makes a repeated call a no-op.
 */
export async function queueNotices(
  tx: Tx,
  notices: readonly Omit<NoticePayload, 'channel'>[],
  now: number,
): Promise<void> {
  await enqueue(
    tx,
    notices.map((n) => ({
      kind: NOTIFY,
      payload: { channel: 'inbox', ...n } satisfies NoticePayload,
      uniqueKey: `notice:${n.userId}:${n.key}`,
      runAt: now,
    })),
    now,
  );
}

/**
 * Queues a message on each of a template's channels inside the caller's transaction; the
 * unique key (order, event, channel) makes a repeated call a no-op.
 */
export async function queueNotification(
  tx: Tx,
  n: Omit<NotifyPayload, 'channel'> & { channels: readonly Channel[]; now: number; key?: string },
): Promise<void> {
  await enqueue(
    tx,
    n.channels.map((channel) => {
      const payload: NotifyPayload = {
        channel,
        userId: n.userId,
        orderId: n.orderId,
        eventId: n.eventId,
        template: n.template,
        vars: n.vars,
      };
      return {
        kind: NOTIFY,
        payload,
        uniqueKey: n.key
          ? `notify:${n.key}:${channel}`
          : `notify:${n.orderId ?? '-'}:${n.eventId}:${channel}`,
        runAt: n.now,
      };
    }),
    n.now,
  );
}

/** Queues the messages for one order transition inside its transaction. */
export async function queueForTransition(
  tx: Tx,
  t: {
    action: OrderAction;
    to: OrderStatus;
    /** The order's project type: data analysis hears of its data, not a sample. */
    typeId?: number;
    userId: number;
    orderId: number;
    eventId: number;
    payload: Payload;
    hasEmail: boolean;
    now: number;
  },
): Promise<void> {
  const template = templateFor(t.action, t.to, t.typeId);
  if (!template) return;
  const channels = CHANNELS[template].filter((c) => c !== 'email' || t.hasEmail);
  await queueNotification(tx, {
    channels,
    userId: t.userId,
    orderId: t.orderId,
    eventId: t.eventId,
    template,
    vars: t.payload,
    now: t.now,
  });
}

/** Sends one queued message (the `notify` job). */
export const sendNotification: JobHandler = async (s, job, finish) => {
  const n = job.payload as NotifyPayload | NoticePayload;
  const { title, text } =
    'key' in n ? n : render(n.template, n.vars, s.env.PUBLIC_SITE_URL.replace(/\/$/, ''));
  if (n.channel === 'inbox') {
    // The message and the job's "done" mark commit together: an in-system message is written once.
    await s.db.transaction(async (tx) => {
      if (!(await finish(tx))) return;
      await tx.insert(userMessages).values({
        rid: newRid('message'),
        userId: n.userId,
        orderId: 'key' in n ? null : n.orderId,
        title,
        body: text,
        createdAt: new Date(s.now()),
      });
    });
    return;
  }
  const [user] = await s.db
    .select({ phone: person.phone, email: person.email })
    .from(person)
    .where(eq(person.id, n.userId));
  // An account deleted since: nobody left to tell.
  if (!user) return;
  if (n.channel === 'sms')
    await s.sms.send({
      phone: user.phone,
      text: `【检测服务平台】${text}`,
      template: n.template,
      params: smsParams(n.template, n.vars),
    });
  else if (user.email) await s.mail.send({ to: user.email, subject: `【检测服务平台】${title}`, text });
};
