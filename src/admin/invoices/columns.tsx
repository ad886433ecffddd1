import type { z } from 'zod';
import { $session, notice, staffStep } from '../session.ts';
import { Badge, button, when } from '../ui.tsx';
import { type Column, csvOnly } from '../table.tsx';
import { isTaxInvoice } from '../../lib/shared/invoices/invoices.ts';
import type { StaffInvoicePageSchema } from '../../lib/shared/invoices/responses.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { invoicesAdminApi } from '../../lib/shared/invoices/api.ts';

export type Row = z.output<typeof StaffInvoicePageSchema>['list'][number];
/** What an issuer does to an application in a modal. */
export type StepKind = 'reject' | 'issue' | 'reverse';

const TONE = { reviewing: 'brand', issuing: 'hot', issued: 'accent' } as const;
const SOURCE_TEXT: Record<Row['source'], string> = { orders: '订单', topup: '预存', statement: '对账单' };

/** Saves the reimbursement ZIP the customer would get (the console's session, POST). */
async function downloadZip(row: Row) {
  const res = await fetch(invoicesAdminApi.zip.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${$session.get()?.access ?? ''}` },
    body: JSON.stringify({ rid: row.rid }),
  });
  if (!res.ok || !res.headers.get('content-type')?.includes('zip')) return notice('error', '下载失败');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `报销材料-${row.invoice_no ?? row.rid}.zip`;
  a.click();
  URL.revokeObjectURL(url);
}

/** The applications' columns, which also make the CSV; an issuer's steps on a row in 操作. */
export function invoiceColumns(
  issuer: boolean,
  reload: () => Promise<void>,
  open: (row: Row, kind: StepKind) => void,
): Column<Row>[] {
  return [
    {
      id: 'created',
      header: '申请时间',
      cell: (r) => when(r.created),
      className: 'whitespace-nowrap text-slate-500',
      csv: (r) => when(r.created),
    },
    {
      id: 'customer',
      header: '客户',
      cell: (r) => (
        <>
          <span className="block font-medium">{r.customer.name || '—'}</span>
          <span className="text-xs text-slate-500">{r.customer.phone}</span>
        </>
      ),
      csv: [
        { header: '客户', value: (r) => r.customer.name },
        { header: '手机', value: (r) => r.customer.phone },
        { header: '单位', value: (r) => r.customer.company },
      ],
    },
    {
      id: 'title',
      header: '类型与抬头',
      cell: (r) => (
        <>
          <span className="block">{r.type_text}</span>
          <span className="text-xs text-slate-500">
            {r.title.name} {r.title.tax_no}
          </span>
        </>
      ),
      csv: [
        { header: '发票类型', value: (r) => r.type_text },
        { header: '发票抬头', value: (r) => r.title.name },
        { header: '税号', value: (r) => r.title.tax_no },
      ],
    },
    csvOnly('开票来源', (r) => SOURCE_TEXT[r.source]),
    {
      id: 'amount',
      header: '金额',
      cell: (r) => formatFen(r.amount_fen),
      className: 'tabular-nums',
      csv: [{ header: '金额（元）', value: (r) => fenToYuan(r.amount_fen) }],
    },
    {
      id: 'status',
      header: '状态',
      cell: (r) => (
        <>
          <Badge tone={TONE[r.status as keyof typeof TONE] ?? 'slate'}>{r.status_text}</Badge>
          {r.invoice_no && <span className="block text-xs text-slate-500 tabular-nums">{r.invoice_no}</span>}
        </>
      ),
      csv: [
        { header: '状态', value: (r) => r.status_text },
        { header: '发票号码', value: (r) => r.invoice_no ?? '' },
      ],
    },
    csvOnly('红字发票号码', (r) => r.reversal_no ?? ''),
    csvOnly('开具时间', (r) => when(r.issued)),
    csvOnly('接收邮箱', (r) => r.email),
    csvOnly('备注', (r) => r.remark),
    csvOnly('驳回/红冲原因', (r) => r.reject_reason),
    {
      id: 'actions',
      header: '操作',
      cell: (r) => (
        <span className="flex flex-wrap gap-1.5">
          <button type="button" className={button.ghost} onClick={() => void downloadZip(r)}>
            报销材料
          </button>
          {issuer && r.status === 'reviewing' && (
            <button
              type="button"
              className={button.primary}
              onClick={() =>
                staffStep(
                  invoicesAdminApi.approve,
                  { rid: r.rid },
                  isTaxInvoice(r.type) ? '已审核，请开具后上传' : '已开具',
                  reload,
                )
              }
            >
              {isTaxInvoice(r.type) ? '审核通过' : '审核并开具'}
            </button>
          )}
          {issuer && r.status === 'issuing' && (
            <button type="button" className={button.primary} onClick={() => open(r, 'issue')}>
              上传发票
            </button>
          )}
          {issuer && (r.status === 'reviewing' || r.status === 'issuing') && (
            <button type="button" className={button.danger} onClick={() => open(r, 'reject')}>
              驳回
            </button>
          )}
          {issuer && (r.status === 'issued' || r.status === 'reversing') && (
            <button type="button" className={button.danger} onClick={() => open(r, 'reverse')}>
              红冲
            </button>
          )}
        </span>
      ),
    },
  ];
}
