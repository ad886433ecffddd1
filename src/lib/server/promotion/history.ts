// promoter_rebate/list: my purse's history, newest first, with each rebate's freeze.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { promoterRebateEntries, promoters } from './tables.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { bpToPercentText, REBATE_KIND_TEXT, type RebateKind } from '../../shared/promotion/promotion.ts';

export async function rebateHistory(
  s: Services,
  userId: number,
  q: { page?: number; size?: number; kind?: RebateKind },
) {
  const w = pageWindow(q.page, q.size);
  const [p] = await s.db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, userId));
  if (!p) return { list: [], total: 0 };
  const where = and(
    eq(promoterRebateEntries.promoterId, p.id),
    q.kind ? eq(promoterRebateEntries.kind, q.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    s.db
      .select()
      .from(promoterRebateEntries)
      .where(where)
      .orderBy(desc(promoterRebateEntries.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ n: count() }).from(promoterRebateEntries).where(where),
  ]);
  const now = s.now();
  return {
    list: rows.map((e) => {
      const earning = e.kind === 'rebate' || e.kind === 'reverse';
      return {
        rid: e.rid,
        kind: e.kind,
        kind_text: REBATE_KIND_TEXT[e.kind],
        amount_fen: e.amountFen,
        balance_after_fen: e.balanceAfterFen,
        state: earning
          ? e.availableAt.getTime() > now
            ? ('frozen' as const)
            : ('available' as const)
          : null,
        available_at: earning ? e.availableAt.toISOString() : null,
        base_fen: e.baseFen,
        rate_percent_text: e.rateBp === null ? null : bpToPercentText(e.rateBp),
        note: e.note,
        at: e.at.toISOString(),
      };
    }),
    total: total.n,
  };
}
