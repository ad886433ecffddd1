// Every kind of background job and who runs it (src/lib/server/platform/jobs.ts runs them).
import type { JobHandlers, PeriodicJob } from './platform/jobs.ts';
import { NOTIFY, NOTIFY_PRUNE, pruneDeliveriesJob, sendNotification } from './notify/index.ts';
import { queueRemindersJob, RESERVATION_REMINDERS } from './reservations/reminders.ts';
import {
  checkRefund,
  CLOSE_EXPIRED_PAYMENTS,
  closeExpiredPayments,
  RECONCILE,
  reconcileYesterday,
  REFUND_QUERY,
  refundOrderToChannel,
} from './payments/index.ts';
import {
  backfillDueDates,
  DUE_BACKFILL,
  ORDER_COMPLETED,
  ORDER_REFUNDED,
  ORDER_SETTLED,
} from './orders/index.ts';
import { closeSettledRequests } from './groups/index.ts';
import { DUE_WATCH, watchDue } from './worklist/index.ts';
import { ANALYTICS_EXPORT, runExport } from './analytics/index.ts';
import { disposalJob, SAMPLE_DISPOSAL } from './samples/index.ts';
import { awardInvitePoints, awardOrderPoints, expirePoints, POINTS_EXPIRE } from './points/index.ts';
import { ACCOUNT_INVITED } from './accounts/index.ts';
import { creditOrderRebate } from './promotion/index.ts';
import {
  autoConfirm,
  issueMonth,
  queueMonthlyStatements,
  STATEMENTS_AUTO_CONFIRM,
  STATEMENTS_ISSUE,
  STATEMENTS_MONTHLY,
} from './statements/index.ts';

export const JOB_HANDLERS: JobHandlers = {
  [NOTIFY]: sendNotification,
  [NOTIFY_PRUNE]: pruneDeliveriesJob,
  [RESERVATION_REMINDERS]: queueRemindersJob,
  [CLOSE_EXPIRED_PAYMENTS]: async (s) => void (await closeExpiredPayments(s)),
  [ORDER_REFUNDED]: (s, job) => refundOrderToChannel(s, String(job.payload.orderRid)),
  [REFUND_QUERY]: checkRefund,
  [RECONCILE]: reconcileYesterday,
  // One handler per kind: a completed order earns its points, then its inviter's rebate. Each
  // part is keyed by the order, so a retry after one part failed repeats nothing.
  [ORDER_COMPLETED]: async (s, job) => {
    await awardOrderPoints(s, String(job.payload.orderRid));
    await creditOrderRebate(s, String(job.payload.orderRid));
  },
  // An order paid or cancelled: requests to pay it from a group wallet that still wait are closed.
  [ORDER_SETTLED]: (s, job) => closeSettledRequests(s, String(job.payload.orderRid)),
  [POINTS_EXPIRE]: async (s) => void (await expirePoints(s)),
  // Someone registered with an invitation code: the inviter's points, once per invitee.
  [ACCOUNT_INVITED]: (s, job) =>
    s.db.transaction((tx) =>
      awardInvitePoints(tx, {
        inviterId: Number(job.payload.inviterId),
        inviteeId: Number(job.payload.inviteeId),
        points: s.env.POINTS_INVITE,
        validDays: s.env.POINTS_VALID_DAYS,
        now: s.now(),
      }),
    ),
  [STATEMENTS_MONTHLY]: queueMonthlyStatements,
  [STATEMENTS_ISSUE]: async (s, job) => void (await issueMonth(s, String(job.payload.month))),
  [STATEMENTS_AUTO_CONFIRM]: async (s) => void (await autoConfirm(s)),
  [SAMPLE_DISPOSAL]: disposalJob,
  [DUE_BACKFILL]: async (s) => void (await backfillDueDates(s)),
  [DUE_WATCH]: async (s) => void (await watchDue(s)),
  [ANALYTICS_EXPORT]: runExport,
};

export const PERIODIC_JOBS: PeriodicJob[] = [
  { kind: RESERVATION_REMINDERS, everyMs: 60_000 },
  { kind: CLOSE_EXPIRED_PAYMENTS, everyMs: 60_000 },
  { kind: RECONCILE, everyMs: 3_600_000 },
  { kind: POINTS_EXPIRE, everyMs: 3_600_000 },
  // Hourly: on the 1st (Shanghai) last month's statements are queued, once by the job's key.
  { kind: STATEMENTS_MONTHLY, everyMs: 3_600_000 },
  { kind: STATEMENTS_AUTO_CONFIRM, everyMs: 600_000 },
  // Retention dates, 待退回, disposal notices 3 working days ahead, 待销毁 (decision 0073).
  { kind: SAMPLE_DISPOSAL, everyMs: 900_000 },
  // Received orders without a due date get one from their receipt (decision 0079).
  { kind: DUE_BACKFILL, everyMs: 3_600_000 },
  // 即将超期 notices (once each), breaches and their delays (decision 0082).
  { kind: DUE_WATCH, everyMs: 300_000 },
  // The delivery log past its retention, except rows a waiting notification still needs (decision 0096).
  { kind: NOTIFY_PRUNE, everyMs: 3_600_000 },
];
