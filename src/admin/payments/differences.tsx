import { Badge, button } from '../ui.tsx';
import type { RowOf } from '../lists.ts';
import type { Column } from '../table.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { paymentsAdminApi } from '../../lib/shared/payments/api.ts';

export type Difference = RowOf<typeof paymentsAdminApi.reconcileExceptions>;

const money = (fen: number | null) => (fen === null ? '—' : formatFen(fen));

/** The differences' columns, which also make their CSV; 处理 on an open one for a reconciler. */
export function differenceColumns(
  reconciler: boolean,
  resolve: (difference: Difference) => void,
): Column<Difference>[] {
  return [
    {
      id: 'day',
      header: '账单',
      cell: (d) => (
        <>
          <span className="block whitespace-nowrap">{d.bill_date}</span>
          <span className="text-xs text-slate-500">{d.provider_text}</span>
        </>
      ),
      csv: [
        { header: '账单日期', value: (d) => d.bill_date },
        { header: '渠道', value: (d) => d.provider_text },
      ],
    },
    {
      id: 'kind',
      header: '类型',
      cell: (d) => <Badge tone="hot">{d.kind_text}</Badge>,
      csv: (d) => d.kind_text,
    },
    {
      id: 'trade',
      header: '交易号',
      cell: (d) => (
        <>
          <span className="block font-mono text-xs">{d.trade_no}</span>
          {d.refund_no && <span className="block font-mono text-xs text-slate-500">退款 {d.refund_no}</span>}
        </>
      ),
      csv: [
        { header: '交易号', value: (d) => d.trade_no },
        { header: '退款号', value: (d) => d.refund_no ?? '' },
      ],
    },
    {
      id: 'bill',
      header: '账单金额',
      cell: (d) => <span className="tabular-nums">{money(d.bill_fen)}</span>,
      csv: [
        {
          header: '账单金额（元）',
          value: (d) => (d.bill_fen === null ? '' : fenToYuan(d.bill_fen)),
        },
      ],
    },
    {
      id: 'ours',
      header: '本系统',
      cell: (d) => <span className="tabular-nums">{money(d.our_fen)}</span>,
      csv: [
        {
          header: '本系统金额（元）',
          value: (d) => (d.our_fen === null ? '' : fenToYuan(d.our_fen)),
        },
      ],
    },
    { id: 'detail', header: '说明', cell: (d) => d.detail, className: 'min-w-48', csv: (d) => d.detail },
    {
      id: 'status',
      header: '状态',
      cell: (d) => (
        <>
          <Badge tone={d.status === 'open' ? 'red' : d.status === 'resolved' ? 'accent' : 'slate'}>
            {d.status_text}
          </Badge>
          {d.note && <span className="block text-xs text-slate-500">{d.note}</span>}
        </>
      ),
      csv: [
        { header: '状态', value: (d) => d.status_text },
        { header: '处理说明', value: (d) => d.note },
      ],
    },
    {
      id: 'actions',
      header: '操作',
      cell: (d) =>
        reconciler && d.status === 'open' ? (
          <button type="button" className={button.ghost} onClick={() => resolve(d)}>
            处理
          </button>
        ) : null,
    },
  ];
}
