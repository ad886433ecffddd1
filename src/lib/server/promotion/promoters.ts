// Becoming a promoter: the application, staff's review, and my promotion overview.
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { promoterRebateEntries, promoters, promoterWithdrawals } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { containsPattern } from '../platform/db/like.ts';
import { pageWindow } from '../../shared/pagination.ts';
import {
  ALREADY_PROMOTER,
  APPLICATION_PENDING,
  bpToPercentText,
  percentToBp,
  PROMOTER_DECIDED,
  PROMOTER_NOT_FOUND,
  PROMOTER_STATUS_TEXT,
  type PromoterStatus,
} from '../../shared/promotion/promotion.ts';
import { frozenOf, rateOf, type Promoter } from './purse.ts';
import { invitedCounts } from './invite.ts';
import { monthUsed } from './withdrawals.ts';
import { invitedCountOf, userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

const applicationOut = (p: Promoter) => ({
  rid: p.rid,
  status: p.status,
  status_text: PROMOTER_STATUS_TEXT[p.status],
  real_name: p.realName,
  channel: p.channel,
  note: p.note,
  reject_reason: p.rejectReason,
  applied_at: p.appliedAt.toISOString(),
});

async function promoterOf(s: Services, userId: number): Promise<Promoter | undefined> {
  const [row] = await s.db.select().from(promoters).where(eq(promoters.userId, userId));
  return row;
}

/**
 * promoter_apply/add: one application per customer; a rejected one may apply again (the same row
 * goes back to review). Two at once: the unique user id lets one in and the other is told so.
 */
export async function applyPromoter(
  s: Services,
  userId: number,
  input: { real_name: string; channel: string; note: string },
) {
  const now = new Date(s.now());
  return s.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(promoters).where(eq(promoters.userId, userId)).for('update');
    if (existing?.status === 'approved') throw new DomainError(ALREADY_PROMOTER, 200, 'REFUSED');
    if (existing?.status === 'pending') throw new DomainError(APPLICATION_PENDING, 200, 'REFUSED');
    const fields = {
      status: 'pending' as const,
      realName: input.real_name,
      channel: input.channel,
      note: input.note,
      rejectReason: '',
      appliedAt: now,
      reviewedAt: null,
      reviewedBy: null,
      updatedAt: now,
    };
    if (existing) {
      const [row] = await tx.update(promoters).set(fields).where(eq(promoters.id, existing.id)).returning();
      return applicationOut(row);
    }
    const [row] = await tx
      .insert(promoters)
      .values({ rid: newRid('promoter'), userId, ...fields })
      .onConflictDoNothing({ target: promoters.userId })
      .returning();
    if (!row) throw new DomainError(APPLICATION_PENDING, 200, 'CONFLICT');
    return applicationOut(row);
  });
}

/** myPromotion/init: standing, rate, and the purse in its parts. */
export async function myPromotion(s: Services, userId: number) {
  const now = s.now();
  const p = await promoterOf(s, userId);
  const counts = await invitedCounts(s.db, userId);
  const cap = s.env.PROMOTION_WITHDRAW_MONTHLY_YUAN * 100;
  let figures = { frozen: 0, withdrawable: 0, pending: 0, earned: 0, monthUsed: 0 };
  if (p) {
    const frozen = await frozenOf(s.db, p.id, now);
    const [[pending], [earned], used] = await Promise.all([
      s.db
        .select({ sum: sql<string>`coalesce(sum(${promoterWithdrawals.amountFen}), 0)` })
        .from(promoterWithdrawals)
        .where(and(eq(promoterWithdrawals.promoterId, p.id), eq(promoterWithdrawals.status, 'pending'))),
      s.db
        .select({ sum: sql<string>`coalesce(sum(${promoterRebateEntries.amountFen}), 0)` })
        .from(promoterRebateEntries)
        .where(
          and(
            eq(promoterRebateEntries.promoterId, p.id),
            inArray(promoterRebateEntries.kind, ['rebate', 'reverse']),
          ),
        ),
      monthUsed(s.db, p.id, now),
    ]);
    figures = {
      frozen,
      withdrawable: Math.max(0, p.balanceFen - frozen),
      pending: Number(pending.sum),
      earned: Number(earned.sum),
      monthUsed: used,
    };
  }
  const status: PromoterStatus | 'none' = p?.status ?? 'none';
  return {
    promoter_status: status,
    promoter_status_text: PROMOTER_STATUS_TEXT[status],
    application: p ? applicationOut(p) : null,
    rate_percent_text: bpToPercentText(rateOf({ rateBp: p?.rateBp ?? null }, s.env)),
    bind_months: s.env.PROMOTION_BIND_MONTHS,
    freeze_days: s.env.PROMOTION_FREEZE_DAYS,
    frozen_fen: figures.frozen,
    withdrawable_fen: figures.withdrawable,
    pending_fen: figures.pending,
    withdrawn_fen: p?.withdrawnFen ?? 0,
    earned_fen: figures.earned,
    withdraw_min_fen: s.env.PROMOTION_WITHDRAW_MIN_YUAN * 100,
    monthly_cap_fen: cap,
    month_left_fen: Math.max(0, cap - figures.monthUsed),
    fee_percent_text: bpToPercentText(percentToBp(s.env.PROMOTION_WITHDRAW_FEE_PERCENT)),
    invited_count: counts.invited,
  };
}

// ---- staff ----

export async function listPromoters(
  s: Services,
  q: { page?: number; size?: number; status?: PromoterStatus; keyword: string },
) {
  const w = pageWindow(q.page, q.size);
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(promoters.status, q.status));
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    filters.push(or(ilike(customer.phone, like), ilike(promoters.realName, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    s.db
      .select({
        p: promoters,
        userRid: customer.rid,
        phone: customer.phone,
        invited: invitedCountOf(promoters.userId),
      })
      .from(promoters)
      .innerJoin(customer, eq(customer.id, promoters.userId))
      .where(where)
      .orderBy(desc(promoters.appliedAt), desc(promoters.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ n: count() })
      .from(promoters)
      .innerJoin(customer, eq(customer.id, promoters.userId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...applicationOut(r.p),
      user_rid: r.userRid,
      phone: r.phone,
      rate_percent_text: bpToPercentText(rateOf(r.p, s.env)),
      invited_count: Number(r.invited),
      balance_fen: r.p.balanceFen,
      withdrawn_fen: r.p.withdrawnFen,
      reviewed_at: r.p.reviewedAt?.toISOString() ?? null,
    })),
    total: total.n,
  };
}

/** Approves or rejects an application waiting for review (once: a decided one is refused). */
export async function decidePromoter(
  s: Services,
  staffId: number,
  input: { rid: string } & ({ approve: true; rate_percent?: number } | { approve: false; reason: string }),
) {
  const now = new Date(s.now());
  return s.db.transaction(async (tx) => {
    const [p] = await tx.select().from(promoters).where(eq(promoters.rid, input.rid)).for('update');
    if (!p) throw new DomainError(PROMOTER_NOT_FOUND, 200, 'NOT_FOUND');
    if (p.status !== 'pending') throw new DomainError(PROMOTER_DECIDED, 200, 'CONFLICT');
    const [row] = await tx
      .update(promoters)
      .set(
        input.approve
          ? {
              status: 'approved',
              rateBp: input.rate_percent === undefined ? null : percentToBp(input.rate_percent),
              reviewedAt: now,
              reviewedBy: staffId,
              updatedAt: now,
            }
          : {
              status: 'rejected',
              rejectReason: input.reason,
              reviewedAt: now,
              reviewedBy: staffId,
              updatedAt: now,
            },
      )
      .where(eq(promoters.id, p.id))
      .returning();
    return applicationOut(row);
  });
}
