// Rows → what the calls answer (src/lib/shared/statements/responses.ts).
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { statementLines, statements } from './tables.ts';
import { LINE_KIND_TEXT, monthText, STATEMENT_STATUS_TEXT } from '../../shared/statements/statements.ts';
import { groupDirectory } from '../groups/index.ts';

const researchGroup = groupDirectory('researchGroup');

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
  coupon_fen: r.couponFen,
  bonus_fen: r.bonusFen,
  refunded_fen: r.refundedFen,
  due_fen: r.closingUnsettledFen + r.closingCreditFen,
});

type GroupRef = { rid: string; name: string };

/** The groups some statements belong to, by id (for their summaries). */
export async function groupsOfRows(db: Db | Tx, rows: StatementRow[]): Promise<Map<number, GroupRef>> {
  const ids = [...new Set(rows.map((r) => r.groupId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: researchGroup.id, rid: researchGroup.rid, name: researchGroup.name })
    .from(researchGroup)
    .where(inArray(researchGroup.id, ids));
  return new Map(found.map((g) => [g.id, { rid: g.rid, name: g.name }]));
}

export const summaryOf = (r: StatementRow, groups: Map<number, GroupRef> = new Map()) => ({
  rid: r.rid,
  /** A research group's wallet statement (decision 0046); null: the customer's own. */
  group: r.groupId === null ? null : (groups.get(r.groupId) ?? null),
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

const lineOf = (l: LineRow, disputed: readonly number[]) => ({
  no: l.no,
  kind: l.kind,
  kind_text: LINE_KIND_TEXT[l.kind],
  at: l.at.toISOString(),
  order_rid: l.orderRid,
  order_no: l.orderNo,
  title: l.title,
  note: l.note,
  amount_fen: l.amountFen,
  coupon_fen: l.couponFen,
  bonus_fen: l.bonusFen,
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
  const [lines, groups] = await Promise.all([linesOf(db, r.id), groupsOfRows(db, [r])]);
  // Lines are marked 有异议 only while the dispute is open: once answered or confirmed it is closed.
  const open = r.status === 'disputed' ? r.disputeLines : [];
  return { ...summaryOf(r, groups), lines: lines.map((l) => lineOf(l, open)) };
}
