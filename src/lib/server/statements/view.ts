// Rows → what the calls answer (src/lib/shared/statements/responses.ts).
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { statementLines, statements } from '../platform/db/schema.ts';
import { LINE_KIND_TEXT, monthText, STATEMENT_STATUS_TEXT } from '../../shared/statements/statements.ts';

export type StatementRow = typeof statements.$inferSelect;
export type LineRow = typeof statementLines.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const figuresOf = (r: StatementRow) => ({
  opening_balance_fen: r.openingBalanceFen,
  closing_balance_fen: r.closingBalanceFen,
  in_fen: r.inFen,
  out_fen: r.outFen,
  opening_credit_fen: r.openingCreditFen,
  closing_credit_fen: r.closingCreditFen,
  opening_unsettled_fen: r.openingUnsettledFen,
  closing_unsettled_fen: r.closingUnsettledFen,
  billed_fen: r.billedFen,
  paid_fen: r.paidFen,
  refunded_fen: r.refundedFen,
  due_fen: r.closingUnsettledFen + r.closingCreditFen,
});

export const summaryOf = (r: StatementRow) => ({
  rid: r.rid,
  month: r.month,
  month_text: monthText(r.month),
  version: r.version,
  status: r.status,
  status_text: STATEMENT_STATUS_TEXT[r.status],
  figures: figuresOf(r),
  issued: r.issuedAt.toISOString(),
  confirm_due: r.status === 'pending' ? iso(r.confirmDueAt) : null,
  confirmed: iso(r.confirmedAt),
  confirmed_by: r.confirmedBy ?? null,
  dispute_reason: r.disputeReason,
  dispute_lines: r.disputeLines,
  disputed: iso(r.disputedAt),
  reply: r.reply,
  replied: iso(r.repliedAt),
  issue_note: r.issueNote,
  can_confirm: r.status === 'pending' || r.status === 'disputed',
});

export const lineOf = (l: LineRow, disputed: readonly number[]) => ({
  no: l.no,
  kind: l.kind,
  kind_text: LINE_KIND_TEXT[l.kind],
  at: l.at.toISOString(),
  order_rid: l.orderRid,
  order_no: l.orderNo,
  title: l.title,
  note: l.note,
  amount_fen: l.amountFen,
  paid_fen: l.paidFen,
  owed_fen: l.owedFen,
  credit_fen: l.creditFen,
  status_text: l.statusText,
  disputed: disputed.includes(l.no),
});

export async function linesOf(db: Db | Tx, statementId: number) {
  return db
    .select()
    .from(statementLines)
    .where(eq(statementLines.statementId, statementId))
    .orderBy(asc(statementLines.no));
}

export async function detailOf(db: Db | Tx, r: StatementRow) {
  const lines = await linesOf(db, r.id);
  return { ...summaryOf(r), lines: lines.map((l) => lineOf(l, r.disputeLines)) };
}
