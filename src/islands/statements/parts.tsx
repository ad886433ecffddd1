// What the statement screens share: the answer's types, the status badge and the paid parts.
import type { z } from 'zod';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import type { StatementSummarySchema } from '../../lib/shared/statements/responses.ts';
import type { statementsApi } from '../../lib/shared/statements/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Summary = z.output<typeof StatementSummarySchema>;
export type Page = OutputOf<typeof statementsApi.list>;
export type Detail = NonNullable<Page['detail']>;
export type Line = Detail['lines'][number];

export const signed = (fen: number) => (fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen));

const TONE: Record<Summary['status'], string> = {
  pending: 'bg-amber-50 text-amber-700 ring-amber-200',
  disputed: 'bg-hot-50 text-hot-600 ring-hot-100',
  confirmed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  superseded: 'bg-slate-100 text-slate-500 ring-slate-200',
};

export function StatusBadge({ s }: { s: Pick<Summary, 'status' | 'status_text'> }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${TONE[s.status]}`}
    >
      {s.status_text}
    </span>
  );
}

export function DisputedMark() {
  return (
    <span className="rounded bg-hot-50 px-1.5 py-0.5 text-xs text-hot-600 ring-1 ring-hot-100">有异议</span>
  );
}

/** What paid an amount: the discounts and the cash part that are not zero, and what is still owed. */
export function PaidParts({
  lead,
  parts,
  owed = 0,
  className = '',
}: {
  lead?: string;
  /** The last (the cash part) is always shown. */
  parts: [string, number][];
  owed?: number;
  className?: string;
}) {
  const shown = parts.filter(([, fen], i) => fen !== 0 || i === parts.length - 1);
  return (
    <p className={`flex flex-wrap gap-x-3 text-xs text-slate-500 tabular-nums ${className}`} data-paid-parts>
      {lead && <span>{lead}</span>}
      {shown.map(([label, fen]) => (
        <span key={label}>
          {label} {formatFen(fen)}
        </span>
      ))}
      {owed > 0 && <span className="text-hot-600">月末未付 {formatFen(owed)}</span>}
    </p>
  );
}
