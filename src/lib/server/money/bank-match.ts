// Matching a bank statement's incoming transfer to the top-ups waiting for one (decision 0088):
// the amount must be the same to the fen, and at least one more thing must agree — the payer's
// name, an account the customer paid from before, or a reference (the voucher's serial or the
// application's number in the remark). Pure: tested without a database.
import type { Voucher } from '../../shared/money/money.ts';

export type MatchRow = {
  amountFen: number;
  bookedOn: string;
  payerName: string;
  payerAccount: string;
  remark: string;
  serial: string;
};

export type MatchCandidate = {
  id: number;
  rid: string;
  userId: number;
  amountFen: number;
  payer: string;
  voucher: Voucher | null;
};

export const MATCH_REASON_TEXT = {
  name: '户名一致',
  account: '付款账号曾用于该客户',
  reference: '附言/流水号对应',
  date: '转账日期一致',
} as const;
type MatchReason = keyof typeof MATCH_REASON_TEXT;

export type Scored<C> = { candidate: C; score: number; reasons: MatchReason[] };

/** A company's or a person's name compared without spaces, brackets' width or letter case. */
const sameName = (a: string, b: string) => {
  const n = (v: string) =>
    v
      .replace(/[\s·.]/g, '')
      .replace(/[(（]/g, '(')
      .replace(/[)）]/g, ')')
      .toLowerCase();
  return n(a) !== '' && n(a) === n(b);
};

/** How well one candidate fits a row; null: not the same amount, or nothing else agrees. */
function scoreCandidate<C extends MatchCandidate>(
  row: MatchRow,
  c: C,
  knownAccounts: ReadonlySet<string>,
): Scored<C> | null {
  if (c.amountFen !== row.amountFen) return null;
  const reasons: MatchReason[] = [];
  if (sameName(row.payerName, c.payer) || sameName(row.payerName, c.voucher?.payer_name ?? ''))
    reasons.push('name');
  if (row.payerAccount && knownAccounts.has(row.payerAccount)) reasons.push('account');
  const serial = c.voucher?.serial.trim() ?? '';
  const text = `${row.serial} ${row.remark}`;
  if ((serial.length >= 6 && text.includes(serial)) || text.includes(c.rid)) reasons.push('reference');
  if (reasons.length === 0) return null;
  if (c.voucher?.paid_on === row.bookedOn) reasons.push('date');
  const weight = { name: 2, account: 2, reference: 3, date: 1 };
  return { candidate: c, score: reasons.reduce((n, r) => n + weight[r], 0), reasons };
}

/**
 * The candidates that fit a row, best first, and the one proposed: the best, when no other
 * scores as high (two equal fits are left for finance to choose).
 */
export function matchRow<C extends MatchCandidate>(
  row: MatchRow,
  candidates: readonly C[],
  accountsOf: (userId: number) => ReadonlySet<string>,
): { fits: Scored<C>[]; proposed: Scored<C> | null } {
  const fits = candidates
    .map((c) => scoreCandidate(row, c, accountsOf(c.userId)))
    .filter((s): s is Scored<C> => s !== null)
    .sort((a, b) => b.score - a.score || a.candidate.id - b.candidate.id);
  const proposed = fits.length > 0 && (fits.length === 1 || fits[1].score < fits[0].score) ? fits[0] : null;
  return { fits, proposed };
}
