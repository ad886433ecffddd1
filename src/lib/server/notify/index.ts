import { eq, inArray } from 'drizzle-orm';
import { newRid } from '../platform/ids.ts';
import { userMessages } from './tables.ts';
import { enqueue, type Job, type JobHandler } from '../platform/jobs.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import type { OrderAction, OrderStatus } from '../../shared/orders/order-status.ts';
import {
  CHANNELS,
  render,
  renderFolded,
  smsParams,
  templateFor,
  type Channel,
  type Payload,
  type Template,
} from './templates.ts';
import { userDirectory, wechatOpenid } from '../accounts/index.ts';
import { chosenChannels, KIND_OF_TEMPLATE } from '../../shared/notify/channels.ts';
import { choicesOf, returnSubscription, useSubscription } from './preferences.ts';
import {
  claimDelivery,
  claimFold,
  foldKey,
  pruneDeliveries,
  recordInboxDelivery,
  recordSendResults,
  settleDelivery,
} from './deliveries.ts';
import { jobs } from '../platform/jobs-table.ts';
import type { SendResult } from '../platform/adapters/wechat/callback.ts';

const person = userDirectory('person');

export { CHANNELS };
export { WECHAT_JS_SDK_ORIGIN, wechatOpenTagPage } from './open-tag.ts';

/** The job kind of one message on one channel (payload: NotifyPayload). */
export const NOTIFY = 'notify';

/** The periodic clean-up of the delivery log past its retention (decision 0096). */
export const NOTIFY_PRUNE = 'notify.prune';
export const pruneDeliveriesJob: JobHandler = async (s) => void (await pruneDeliveries(s));

export type NotifyPayload = {
  channel: Channel;
  userId: number;
  orderId: number | null;
  /** The order_events row that caused it (0: none, a message with its own `key`). */
  eventId: number;
  template: Template;
  vars: Payload;
  /** The message's own key, when it has one instead of an event (a report version). */
  key?: string;
  /** WeChat only: SMS goes instead when WeChat cannot deliver (the customer chose both). */
  smsFallback?: boolean;
  /**
   * The folded message of the repeats merged against this delivery id (its `key` is
   * `fold:<id>`): worded at the end of that delivery's window from the latest repeat.
   */
  fold?: number;
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

/** The job key of one message on one channel: (order, event, channel), or its own key. */
const notifyKey = (n: Omit<NotifyPayload, 'channel'>, channel: Channel) =>
  n.key ? `notify:${n.key}:${channel}` : `notify:${n.orderId ?? '-'}:${n.eventId}:${channel}`;

/**
 * Queues a message on each of a template's channels inside the caller's transaction; the
 * unique key (order, event, channel) makes a repeated call a no-op. Order news of a kind the
 * customer chooses channels for (样品签收, 报告已出, 待付款/补差价) follows their choice once they
 * have bound WeChat: with WeChat chosen it goes by WeChat, and SMS only if WeChat cannot deliver
 * (decision 0091). Without a bound WeChat the template's own channels go.
 */
export async function queueNotification(
  tx: Tx,
  n: Omit<NotifyPayload, 'channel' | 'smsFallback'> & { channels: readonly Channel[]; now: number },
): Promise<void> {
  const kind = KIND_OF_TEMPLATE[n.template];
  // WeChat only for a customer with a bound WeChat now; one unbound before the send falls back.
  const choice = kind && (await wechatOpenid(tx, n.userId)) ? (await choicesOf(tx, n.userId))[kind] : null;
  const { channels, smsFallback } = choice
    ? chosenChannels(n.channels, choice)
    : { channels: n.channels, smsFallback: false };
  await enqueue(
    tx,
    channels.map((channel) => {
      const payload: NotifyPayload = {
        channel,
        userId: n.userId,
        orderId: n.orderId,
        eventId: n.eventId,
        template: n.template,
        vars: n.vars,
        ...(n.key ? { key: n.key } : {}),
        ...(channel === 'wechat' ? { smsFallback } : {}),
      };
      return { kind: NOTIFY, payload, uniqueKey: notifyKey(n, channel), runAt: n.now };
    }),
    n.now,
  );
}

/**
 * WeChat could not deliver (unbound, not subscribed, refused, failed, timed out): the same
 * message by SMS, under the SMS key of the same event, so it goes once even if SMS was queued too.
 */
async function fallBackToSms(db: Db | Tx, n: NotifyPayload, now: number): Promise<void> {
  if (!n.smsFallback) return;
  const payload: NotifyPayload = { ...n, channel: 'sms', smsFallback: false };
  await enqueue(db, [{ kind: NOTIFY, payload, uniqueKey: notifyKey(n, 'sms'), runAt: now }], now);
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

const isNotice = (n: NotifyPayload | NoticePayload): n is NoticePayload => 'title' in n;

/**
 * Sends one queued message (the `notify` job). Order news is claimed in notify_deliveries first:
 * a job run again never sends twice, and a repeat within 10 minutes is merged, and folded into one
 * message at the end of the window (deliveries.ts).
 */
export const sendNotification: JobHandler = async (s, job, finish) => {
  const n = job.payload as NotifyPayload | NoticePayload;
  const site = s.env.PUBLIC_SITE_URL.replace(/\/$/, '');
  if (!isNotice(n) && n.fold !== undefined) return sendFold(s, job, n, site);
  const { title, text } = isNotice(n) ? n : render(n.template, n.vars, site);
  const delivery = isNotice(n)
    ? { userId: n.userId, orderId: null, template: 'notice', channel: n.channel, title }
    : { userId: n.userId, orderId: n.orderId, template: n.template, channel: n.channel, title };
  if (n.channel === 'inbox') {
    // The message, its delivery and the job's "done" mark commit together: written once.
    await s.db.transaction(async (tx) => {
      if (!(await finish(tx))) return;
      if (!(await recordInboxDelivery(tx, job, delivery, s.now()))) return;
      await tx.insert(userMessages).values({
        rid: newRid('message'),
        userId: n.userId,
        orderId: isNotice(n) ? null : n.orderId,
        title,
        body: text,
        createdAt: new Date(s.now()),
      });
    });
    return;
  }
  if (isNotice(n)) return;
  const claim = await claimDelivery(s, job, delivery, (tx, leadId, foldAt) =>
    queueFold(tx, n, leadId, foldAt, s.now()),
  );
  if (claim === 'go') await deliver(s, job, n, title, text, site);
};

/**
 * A repeat was merged against delivery `leadId`: the one folded message of that delivery's
 * repeats is queued for the end of its window (once, by its key, however many repeats).
 */
async function queueFold(tx: Tx, n: NotifyPayload, leadId: number, runAt: number, now: number) {
  const payload: NotifyPayload = { ...n, eventId: 0, key: `fold:${leadId}`, fold: leadId };
  await enqueue(tx, [{ kind: NOTIFY, payload, uniqueKey: foldKey(leadId, n.channel), runAt }], now);
}

/**
 * The folded message: the latest repeat's words (its state is the customer's now, e.g. the last
 * quoted amount), saying how many messages of the news it stands for.
 */
async function sendFold(s: Services, job: Job, n: NotifyPayload, site: string) {
  const folded = await claimFold(s, job, {
    userId: n.userId,
    orderId: n.orderId,
    template: n.template,
    channel: n.channel,
    leadId: n.fold!,
    title: (c) => renderFolded(n.template, n.vars, c, site).title,
  });
  if (!folded) return;
  const rows = await s.db
    .select({ key: jobs.uniqueKey, payload: jobs.payload })
    .from(jobs)
    .where(inArray(jobs.uniqueKey, folded));
  const last = rows.sort((a, b) => folded.indexOf(a.key!) - folded.indexOf(b.key!)).at(-1);
  const latest = last ? (last.payload as NotifyPayload).vars : n.vars;
  const { title, text } = renderFolded(n.template, latest, folded.length + 1, site);
  await deliver(s, job, { ...n, vars: latest }, title, text, site);
}

/** Sends a claimed delivery by SMS, e-mail or WeChat and records the outcome. */
async function deliver(s: Services, job: Job, n: NotifyPayload, title: string, text: string, site: string) {
  if (n.channel === 'wechat') return sendWechat(s, job, n, title, text, site);
  const [user] = await s.db
    .select({ phone: person.phone, email: person.email })
    .from(person)
    .where(eq(person.id, n.userId));
  try {
    // An account deleted since: nobody left to tell.
    if (user && n.channel === 'sms')
      await s.sms.send({
        phone: user.phone,
        text: `【检测服务平台】${text}`,
        template: n.template,
        params: smsParams(n.template, n.vars),
      });
    else if (user?.email && n.channel === 'email')
      await s.mail.send({ to: user.email, subject: `【检测服务平台】${title}`, text });
  } catch (error) {
    // Claimed again by the retry the runner schedules.
    await settleDelivery(s.db, job, { status: 'failed', detail: String((error as Error).message) }, s.now());
    throw error;
  }
  await settleDelivery(s.db, job, { status: 'sent', detail: user ? '' : '账号已注销' }, s.now());
}

/** A WeChat subscription message, or the SMS fallback with the reason recorded. */
async function sendWechat(
  s: Services,
  job: Job,
  n: NotifyPayload,
  title: string,
  text: string,
  site: string,
) {
  const kind = KIND_OF_TEMPLATE[n.template];
  const fallback = async (detail: string) => {
    await s.db.transaction(async (tx) => {
      await settleDelivery(tx, job, { status: 'fallback', detail }, s.now());
      await fallBackToSms(tx, n, s.now());
    });
  };
  const openid = await wechatOpenid(s.db, n.userId);
  if (!openid) return fallback('未绑定微信');
  if (!kind || n.orderId === null || !(await useSubscription(s.db, n.orderId, kind, s.now())))
    return fallback('未订阅该类微信通知');
  try {
    const { msgId } = await s.wechat.sendNotice({
      openid,
      kind,
      title,
      text,
      orderNo: n.vars.order_no,
      // To the order's per-sample progress (decision 0093): what a phone opens from the message.
      url: `${site}/member/order?rid=${encodeURIComponent(n.vars.order_rid ?? '')}#samples`,
    });
    await settleDelivery(s.db, job, { status: 'sent', msgId }, s.now());
  } catch (error) {
    await returnSubscription(s.db, n.orderId, kind);
    await fallback(`微信发送失败：${String((error as Error).message)}`);
  }
}

/**
 * WeChat's send-result push (subscribe_msg_sent_event): each result recorded on its delivery; a
 * message WeChat accepted but could not deliver goes by SMS instead, once.
 */
export async function recordWechatResults(s: Services, results: readonly SendResult[]): Promise<void> {
  for (const key of await recordSendResults(s, results)) {
    const [job] = await s.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.uniqueKey, key));
    if (job) await fallBackToSms(s.db, job.payload as NotifyPayload, s.now());
  }
}
