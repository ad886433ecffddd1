import { useState } from 'react';
import type { Me } from '../session.ts';
import { PageHeader, StatusTabs } from '../ui.tsx';
import { useList } from '../lists.ts';
import { DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { invoicesAdminApi } from '../../lib/shared/invoices/api.ts';
import { invoiceColumns, type Row } from './columns.tsx';
import StepModal, { type Step } from './StepModal.tsx';

const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'issuing', label: '开具中' },
  { value: 'issued', label: '已开具' },
  { value: 'reversing', label: '红冲中' },
  { value: '', label: '全部' },
];

/** 发票: applications to review; ours issued on approval, tax invoices uploaded; red-letter reversal. */
export default function Invoices({ me }: { me: Me }) {
  const [status, setStatus] = useState('reviewing');
  const filter = status ? { status } : {};
  const list = useList(invoicesAdminApi.list, filter);
  const issuer = me.permissions.includes('invoices.issue');
  const [step, setStep] = useState<Step | null>(null);
  // Each modal starts from its own fields: empty, or for 红冲 the reason given before.
  const columns = invoiceColumns(issuer, list.reload, (row, kind) =>
    setStep({ row, kind, reason: kind === 'reverse' ? row.reject_reason : '', number: '', file: null }),
  );
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
      <StepModal
        step={step}
        onChange={(patch) => setStep((s) => s && { ...s, ...patch })}
        onClose={() => setStep(null)}
        reload={list.reload}
      />
    </div>
  );
}
