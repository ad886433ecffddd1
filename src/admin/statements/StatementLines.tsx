// The statement dialog's lines and its dispute (issue 33): amounts in a column that never
// shrinks, and a dispute kept once resolved, marked so.
import { when } from '../ui.tsx';
import { formatFen } from '../../lib/shared/money.ts';
import type { statementsAdminApi } from '../../lib/shared/statements/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Detail = OutputOf<typeof statementsAdminApi.detail>;

/**
 * The statement's numbered lines: what each is, wrapping rather than cut, and its amounts in a
 * column of their own that never shrinks (an order: its amount and what is still unpaid).
 */
export function Lines({ d }: { d: Detail }) {
  if (d.lines.length === 0) return <p className="text-sm text-slate-400">没有明细</p>;
  return (
    <ol
      aria-label="对账单明细"
      className="grid max-h-72 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 text-xs"
    >
      {d.lines.map((l) => (
        <li
          key={l.no}
          className={`grid grid-cols-[1.25rem_minmax(0,1fr)_auto] gap-x-2 rounded px-1 py-1 ${l.disputed ? 'bg-red-50 text-red-700' : ''}`}
        >
          <span className="text-slate-400">{l.no}</span>
          <span className="min-w-0 break-words">
            {l.kind === 'movement' ? `${l.title} ${l.note}` : `${l.order_no} ${l.title}`}
            <span className="block text-slate-500">
              {l.kind_text}
              {l.status_text && ` · ${l.status_text}`}
            </span>
          </span>
          <span className="text-right whitespace-nowrap tabular-nums">
            {formatFen(l.amount_fen)}
            {l.kind !== 'movement' && l.owed_fen > 0 && (
              <span className="block text-red-600">未付 {formatFen(l.owed_fen)}</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The customer's dispute: open while 有异议; afterwards kept, marked resolved and how. */
export function Dispute({ d }: { d: Detail }) {
  const open = d.status === 'disputed';
  const how =
    d.status === 'confirmed'
      ? `客户已于 ${when(d.confirmed)} 确认`
      : d.status === 'superseded'
        ? '已按异议重新出具'
        : '已答复，等待客户确认';
  return (
    <p
      className={`rounded-md px-3 py-2 text-sm ${open ? 'bg-red-50 text-red-700' : 'bg-slate-50 text-slate-600'}`}
    >
      {open ? '客户异议' : '异议（已解决）'}
      {d.dispute_lines.length > 0 && `（第${d.dispute_lines.join('、')}行）`}：{d.dispute_reason}
      {!open && <span className="block text-xs text-slate-500">{how}</span>}
    </p>
  );
}
