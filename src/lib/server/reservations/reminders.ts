import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { addEvent, orderDirectory } from '../orders/index.ts';
import { reservations } from './tables.ts';
import { ACTIVE_RESERVATION } from '../../shared/reservations/reservation-rules.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import { shanghaiDate, shanghaiMinute } from '../../shared/time.ts';
import { CHANNELS } from '../notify/index.ts';
import { queueNotification } from '../notify/index.ts';
import { deviceDirectory } from '../catalogue/index.ts';

const ord = orderDirectory('ord');

const instrument = deviceDirectory('instrument');

/**
 * Queues the day-before reminders (SMS + in-system message) for sessions starting tomorrow in
 * Shanghai. Exactly once with several processes: the conditional update of reminder_queued_at
 * lets one transaction win each reservation, and the outbox rows hang off the timeline entry it
 * writes (unique order_id, event_id, channel). Returns how many reservations were queued.
 */
export async function queueReservationReminders(s: Services, limit = 50): Promise<number> {
  const now = s.now();
  const tomorrow = addDays(shanghaiDate(now), 1);
  const from = new Date(shanghaiMidnight(tomorrow)!);
  const to = new Date(shanghaiMidnight(addDays(tomorrow, 1))!);
  const due = await s.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        inArray(reservations.status, [...ACTIVE_RESERVATION]),
        gte(reservations.startAt, from),
        lt(reservations.startAt, to),
        isNull(reservations.reminderQueuedAt),
      ),
    )
    .orderBy(asc(reservations.startAt))
    .limit(limit);
  let queued = 0;
  for (const { id } of due) {
    const won = await s.db.transaction(async (tx) => {
      const [r] = await tx
        .update(reservations)
        .set({ reminderQueuedAt: new Date(now) })
        .where(and(eq(reservations.id, id), isNull(reservations.reminderQueuedAt)))
        .returning();
      if (!r) return false;
      const [info] = await tx
        .select({
          orderNo: ord.orderNo,
          status: ord.status,
          amountFen: ord.amountFen,
          name: instrument.name,
        })
        .from(ord)
        .innerJoin(instrument, eq(instrument.id, r.deviceId))
        .where(eq(ord.id, r.orderId));
      const period = `${shanghaiMinute(r.startAt)}–${shanghaiMinute(r.endAt).slice(11)}`;
      const eventId = await addEvent(tx, {
        orderId: r.orderId,
        from: info.status,
        to: info.status,
        action: 'remind',
        actor: 'system',
        actorId: null,
        note: `已发送上机提醒：${period}`,
        now,
      });
      await queueNotification(tx, {
        channels: CHANNELS.reminder,
        userId: r.userId,
        orderId: r.orderId,
        eventId,
        template: 'reminder',
        vars: {
          order_no: info.orderNo,
          amount_fen: String(info.amountFen),
          note: `${info.name}（${period}）`,
          recycle: '0',
        },
        now,
      });
      return true;
    });
    if (won) queued++;
  }
  return queued;
}

/** The periodic job that queues them (about once a minute, in whichever process claims it). */
export const RESERVATION_REMINDERS = 'reservation-reminders';
export const queueRemindersJob = async (s: Services) => {
  await queueReservationReminders(s);
};
