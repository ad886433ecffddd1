import { useState } from 'react';
import type { z } from 'zod';
import { $session, consoleApi, notice, staffAction, staffStep, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { isTaxInvoice } from '../../lib/shared/invoices/invoices.ts';
import type { StaffInvoicePageSchema } from '../../lib/shared/invoices/responses.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { invoicesAdminApi } from '../../lib/shared/invoices/api.ts';

type Row = z.output<typeof StaffInvoicePageSchema>['list'][number];
type Step = { row: Row; kind: 'reject' | 'issue' | 'reverse' };

const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'issuing', label: '开具中' },
  { value: 'issued', label: '已开具' },
  { value: 'reversing', label: '红冲中' },
  { value: '', label: '全部' },
];

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

/** 发票: applications to review; ours issued on approval, tax invoices uploaded; red-letter reversal. */
export default function Invoices({ me }: { me: Me }) {
  const [status, setStatus] = useState('reviewing');
  const filter = status ? { status } : {};
  const list = useList(invoicesAdminApi.list, filter);
  const issuer = me.permissions.includes('invoices.issue');
  const [step, setStep] = useState<Step | null>(null);
  const [reason, setReason] = useState('');
  const [number, setNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);

  async function issue(row: Row): Promise<string | null> {
    if (!file) return '请上传税务平台开具的发票文件';
    const form = new FormData();
    form.set('rid', row.rid);
    form.set('file', file);
    try {
      const stored = await consoleApi.upload<{ rid: string }>(invoicesAdminApi.upload, form, undefined, {
        throws: true,
      });
      return staffAction(
        invoicesAdminApi.issue,
        { rid: row.rid, invoice_no: number, file_rid: stored?.rid ?? '' },
        '已开具',
        list.reload,
      );
    } catch (e) {
      return e instanceof Error ? e.message : '上传失败';
    }
  }

  const columns: Column<Row>[] = [
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
                  list.reload,
                )
              }
            >
              {isTaxInvoice(r.type) ? '审核通过' : '审核并开具'}
            </button>
          )}
          {issuer && r.status === 'issuing' && (
            <button
              type="button"
              className={button.primary}
              onClick={() => (setNumber(''), setFile(null), setStep({ row: r, kind: 'issue' }))}
            >
              上传发票
            </button>
          )}
          {issuer && (r.status === 'reviewing' || r.status === 'issuing') && (
            <button
              type="button"
              className={button.danger}
              onClick={() => (setReason(''), setStep({ row: r, kind: 'reject' }))}
            >
              驳回
            </button>
          )}
          {issuer && (r.status === 'issued' || r.status === 'reversing') && (
            <button
              type="button"
              className={button.danger}
              onClick={() => (
                setReason(r.reject_reason),
                setNumber(''),
                setStep({ row: r, kind: 'reverse' })
              )}
            >
              红冲
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="发票"
        lead="审核客户的开票申请：形式发票与收据审核即开具；电子发票在税务平台开具后上传文件与20位发票号码。"
        actions={
          <ExportCsv<Row> list={invoicesAdminApi.list} filter={filter} name="发票申请" columns={columns} />
        }
      />
      <StatusTabs label="申请状态" tabs={TABS} value={status} onChange={setStatus} />
      <DataTable<Row>
        label="开票申请"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有这一状态的开票申请"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <FormModal
        open={step !== null}
        title={step?.kind === 'issue' ? '上传发票' : step?.kind === 'reject' ? '驳回开票申请' : '红冲发票'}
        submitText={step?.kind === 'issue' ? '确认开具' : step?.kind === 'reject' ? '驳回' : '红冲'}
        danger={step?.kind !== 'issue'}
        onClose={() => setStep(null)}
        onSubmit={async () => {
          const { row, kind } = step!;
          if (kind === 'issue') return issue(row);
          if (kind === 'reject')
            return staffAction(invoicesAdminApi.reject, { rid: row.rid, reason }, '已驳回', list.reload);
          return staffAction(
            invoicesAdminApi.reverse,
            { rid: row.rid, reason, reversal_no: number },
            '已提交红冲',
            list.reload,
          );
        }}
      >
        {step?.kind === 'issue' && (
          <>
            <Field label="发票号码（20位）">
              <input
                className={input}
                name="invoice_no"
                inputMode="numeric"
                maxLength={20}
                value={number}
                onChange={(e) => setNumber(e.target.value)}
              />
            </Field>
            <Field label="发票文件" hint="税务平台下载的 PDF 或 OFD">
              <input
                type="file"
                name="file"
                accept=".pdf,.ofd"
                className="text-sm"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Field>
          </>
        )}
        {step && step.kind !== 'issue' && (
          <Field label={step.kind === 'reject' ? '驳回原因' : '红冲原因'}>
            <input
              className={input}
              name="reason"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        )}
        {step?.kind === 'reverse' && isTaxInvoice(step.row.type) && (
          <Field
            label="红字发票号码"
            hint={
              step.row.status === 'issued'
                ? '留空：先标记为红冲中，在税务平台开具红字发票后再填写'
                : '税务平台开具的红字发票号码（20位）'
            }
          >
            <input
              className={input}
              name="reversal_no"
              inputMode="numeric"
              maxLength={20}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
            />
          </Field>
        )}
      </FormModal>
    </div>
  );
}
