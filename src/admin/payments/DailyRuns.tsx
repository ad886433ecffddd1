import { Badge, button, when } from '../ui.tsx';
import type { ListState, RowOf } from '../lists.ts';
import { DataTable, Pager } from '../table.tsx';
import type { BillProvider } from '../../lib/shared/reconciliation.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { paymentsAdminApi } from '../../lib/shared/payments/api.ts';

type Run = RowOf<typeof paymentsAdminApi.reconcileList>;
/** A provider's bill of one day. */
export type BillDay = { provider: BillProvider; bill_date: string };

const RUN_TONE = { matched: 'accent', exceptions: 'red', failed: 'hot', running: 'slate' } as const;

/** 每日对账: a run per provider and day; its differences shown below, or the day run again. */
export default function DailyRuns({
  runs,
  reconciler,
  onShowDay,
  onRerun,
}: {
  runs: ListState<Run>;
  reconciler: boolean;
  onShowDay: (day: BillDay) => void;
  onRerun: (day: BillDay) => void;
}) {
  return (
    <section aria-labelledby="runs-title" className="grid gap-3">
      <h2 id="runs-title" className="text-base font-semibold text-slate-800">
        每日对账
      </h2>
      <DataTable<Run>
        label="每日对账"
        rows={runs.data?.list ?? null}
        rowKey={(r) => `${r.provider}-${r.bill_date}`}
        empty="还没有对账记录"
        columns={[
          {
            id: 'date',
            header: '账单日期',
            sort: (r) => r.bill_date,
            cell: (r) => r.bill_date,
            className: 'whitespace-nowrap',
          },
          { id: 'provider', header: '渠道', cell: (r) => r.provider_text, className: 'whitespace-nowrap' },
          {
            id: 'status',
            header: '结果',
            cell: (r) => (
              <>
                <Badge tone={RUN_TONE[r.status]}>{r.status_text}</Badge>
                {r.message && <span className="block text-xs text-slate-500">{r.message}</span>}
              </>
            ),
          },
          { id: 'lines', header: '账单笔数', sort: (r) => r.bill_lines, cell: (r) => r.bill_lines },
          {
            id: 'paid',
            header: '收款',
            sort: (r) => r.paid_fen,
            cell: (r) => <span className="tabular-nums">{formatFen(r.paid_fen)}</span>,
          },
          {
            id: 'refunded',
            header: '退款',
            sort: (r) => r.refunded_fen,
            cell: (r) => <span className="tabular-nums">{formatFen(r.refunded_fen)}</span>,
          },
          {
            id: 'open',
            header: '待处理差异',
            cell: (r) =>
              r.open_exceptions ? <strong className="text-red-600">{r.open_exceptions}</strong> : 0,
          },
          {
            id: 'at',
            header: '对账时间',
            sort: (r) => r.finished_at ?? '',
            cell: (r) => when(r.finished_at),
            className: 'whitespace-nowrap text-slate-500',
          },
          {
            id: 'actions',
            header: '操作',
            cell: (r) => (
              <span className="flex gap-1.5 whitespace-nowrap">
                <button
                  type="button"
                  className={button.link}
                  onClick={() => onShowDay({ provider: r.provider, bill_date: r.bill_date })}
                >
                  查看差异
                </button>
                {reconciler && (
                  <button
                    type="button"
                    className={button.link}
                    onClick={() => onRerun({ provider: r.provider, bill_date: r.bill_date })}
                  >
                    重新对账
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
      <Pager page={runs.page} pages={runs.pages} onPage={runs.setPage} />
    </section>
  );
}
