// Finance's side of reconciliation: the runs by day and provider, the differences they found,
// and marking a difference handled (the day is balanced once none is left open).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { reconciliationExceptions, reconciliationRuns } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import {
  BILL_PROVIDER_TEXT,
  EXCEPTION_KIND_TEXT,
  EXCEPTION_STATUS_TEXT,
  RUN_STATUS_TEXT,
  type BillProvider,
} from '../../shared/reconciliation.ts';

type Run = typeof reconciliationRuns.$inferSelect;
type ExceptionRow = typeof reconciliationExceptions.$inferSelect;

const openCount = (runId: typeof reconciliationRuns.id) =>
  sql<number>`(select count(*) from ${reconciliationExceptions} where ${reconciliationExceptions.runId} = ${runId} and ${reconciliationExceptions.status} = 'open')`;

export const runOut = (r: Run, open: number) => ({
  provider: r.provider as BillProvider,
  provider_text: BILL_PROVIDER_TEXT[r.provider as BillProvider] ?? r.provider,
  bill_date: r.billDate,
  status: r.status,
  status_text: RUN_STATUS_TEXT[r.status],
  bill_lines: r.billLines,
  paid_fen: r.paidFen,
  refunded_fen: r.refundedFen,
  open_exceptions: Number(open),
  message: r.message,
  runs: r.runs,
  finished_at: r.finishedAt?.toISOString() ?? null,
});

export async function listRuns(
  s: Services,
  f: { page?: number; size?: number; provider?: string; status?: Run['status'] },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(
    f.provider ? eq(reconciliationRuns.provider, f.provider) : undefined,
    f.status ? eq(reconciliationRuns.status, f.status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({ r: reconciliationRuns, open: openCount(reconciliationRuns.id) })
      .from(reconciliationRuns)
      .where(where)
      .orderBy(desc(reconciliationRuns.billDate), reconciliationRuns.provider)
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(reconciliationRuns).where(where),
  ]);
  return { list: rows.map((r) => runOut(r.r, r.open)), total };
}

const exceptionOut = (e: ExceptionRow, run: Pick<Run, 'provider' | 'billDate'>) => ({
  rid: e.rid,
  provider: run.provider as BillProvider,
  provider_text: BILL_PROVIDER_TEXT[run.provider as BillProvider] ?? run.provider,
  bill_date: run.billDate,
  kind: e.kind,
  kind_text: EXCEPTION_KIND_TEXT[e.kind],
  trade_no: e.tradeNo,
  refund_no: e.refundNo,
  bill_fen: e.billFen,
  our_fen: e.ourFen,
  detail: e.detail,
  status: e.status,
  status_text: EXCEPTION_STATUS_TEXT[e.status],
  note: e.note,
  resolved_at: e.resolvedAt?.toISOString() ?? null,
});

export async function listExceptions(
  s: Services,
  f: { page?: number; size?: number; provider?: string; bill_date?: string; status?: ExceptionRow['status'] },
) {
  const w = pageWindow(f.page, f.size);
  const where = and(
    f.provider ? eq(reconciliationRuns.provider, f.provider) : undefined,
    f.bill_date ? eq(reconciliationRuns.billDate, f.bill_date) : undefined,
    f.status ? eq(reconciliationExceptions.status, f.status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({
        e: reconciliationExceptions,
        provider: reconciliationRuns.provider,
        billDate: reconciliationRuns.billDate,
      })
      .from(reconciliationExceptions)
      .innerJoin(reconciliationRuns, eq(reconciliationRuns.id, reconciliationExceptions.runId))
      .where(where)
      .orderBy(desc(reconciliationRuns.billDate), desc(reconciliationExceptions.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ total: count() })
      .from(reconciliationExceptions)
      .innerJoin(reconciliationRuns, eq(reconciliationRuns.id, reconciliationExceptions.runId))
      .where(where),
  ]);
  return { list: rows.map((r) => exceptionOut(r.e, r)), total };
}

/** Finance marks a difference handled, saying how; once (a second time is refused). */
export async function resolveException(s: Services, staffId: number, rid: string, note: string) {
  const now = new Date(s.now());
  const [row] = await s.db
    .update(reconciliationExceptions)
    .set({ status: 'resolved', resolvedBy: staffId, resolvedAt: now, note, updatedAt: now })
    .where(and(eq(reconciliationExceptions.rid, rid), eq(reconciliationExceptions.status, 'open')))
    .returning();
  if (!row) {
    const [exists] = await s.db
      .select({ id: reconciliationExceptions.id })
      .from(reconciliationExceptions)
      .where(eq(reconciliationExceptions.rid, rid));
    throw exists
      ? new DomainError('该差异已处理或已消除')
      : new DomainError('差异记录不存在', 200, 'NOT_FOUND');
  }
  const [run] = await s.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, row.runId));
  // The day is balanced once nothing is left open.
  const [{ open }] = await s.db
    .select({ open: count() })
    .from(reconciliationExceptions)
    .where(and(eq(reconciliationExceptions.runId, run.id), eq(reconciliationExceptions.status, 'open')));
  if (open === 0 && run.status === 'exceptions')
    await s.db.update(reconciliationRuns).set({ status: 'matched' }).where(eq(reconciliationRuns.id, run.id));
  return exceptionOut(row, run);
}
