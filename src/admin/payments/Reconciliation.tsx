import { useState } from 'react';
import type { Me } from '../session.ts';
import { button, PageHeader, StatusTabs } from '../ui.tsx';
import { useList } from '../lists.ts';
import { DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { BILL_PROVIDER_TEXT, type BillProvider } from '../../lib/shared/reconciliation.ts';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { paymentsAdminApi } from '../../lib/shared/payments/api.ts';
import { differenceColumns, type Difference } from './differences.tsx';
import DailyRuns, { type BillDay } from './DailyRuns.tsx';
import { RerunModal, ResolveModal, type Resolving } from './ReconcileSteps.tsx';

type Tab = 'open' | 'resolved' | 'cleared' | 'all';

/** 对账: each provider's daily trade bill against our trades and ledger; finance resolves what differs. */
export default function Reconciliation({ me }: { me: Me }) {
  const runs = useList(paymentsAdminApi.reconcileList, {}, 10);
  const [tab, setTab] = useState<Tab>('open');
  const [day, setDay] = useState<{ provider: string; bill_date: string } | null>(null);
  const filter = { ...(tab === 'all' ? {} : { status: tab }), ...(day ?? {}) };
  const differences = useList(paymentsAdminApi.reconcileExceptions, filter);
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const [rerun, setRerun] = useState<BillDay | null>(null);
  const reconciler = me.permissions.includes('payments.reconcile');
  const reload = () => Promise.all([runs.reload(), differences.reload()]);
  const yesterday = addDays(shanghaiDate(Date.now()), -1);
  const columns = differenceColumns(reconciler, (difference) => setResolving({ difference, note: '' }));
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="对账"
        lead="每天 10 点后自动下载前一日的微信支付、支付宝交易账单，与本系统的支付单、退款和账务逐笔核对。"
        actions={
          reconciler && (
            <button
              type="button"
              className={button.primary}
              onClick={() =>
                setRerun({
                  provider: (runs.data?.list[0]?.provider ?? 'wechatpay') as BillProvider,
                  bill_date: yesterday,
                })
              }
            >
              重新对账
            </button>
          )
        }
      />
      <DailyRuns
        runs={runs}
        reconciler={reconciler}
        onShowDay={(d) => (setDay(d), setTab('all'))}
        onRerun={setRerun}
      />

      <section aria-labelledby="differences-title" className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="differences-title" className="text-base font-semibold text-slate-800">
            差异
          </h2>
          {day && (
            <span className="flex items-center gap-1 text-sm text-slate-600">
              {BILL_PROVIDER_TEXT[day.provider as BillProvider]} {day.bill_date}
              <button type="button" className={button.link} onClick={() => setDay(null)}>
                查看全部日期
              </button>
            </span>
          )}
          <span className="ml-auto">
            <ExportCsv<Difference>
              list={paymentsAdminApi.reconcileExceptions}
              filter={filter}
              name="对账差异"
              columns={columns}
            />
          </span>
        </div>
        <StatusTabs
          label="差异状态"
          tabs={[
            { value: 'open', label: '待处理' },
            { value: 'resolved', label: '已处理' },
            { value: 'cleared', label: '已消除' },
            { value: 'all', label: '全部' },
          ]}
          value={tab}
          onChange={setTab}
        />
        <DataTable<Difference>
          label="对账差异"
          rows={differences.data?.list ?? null}
          rowKey={(d) => d.rid}
          empty="没有这一状态的差异"
          columns={columns}
        />
        <Pager page={differences.page} pages={differences.pages} onPage={differences.setPage} />
      </section>

      <ResolveModal
        resolving={resolving}
        onNote={(note) => setResolving((r) => r && { ...r, note })}
        onClose={() => setResolving(null)}
        reload={reload}
      />

      <RerunModal
        rerun={rerun}
        onChange={setRerun}
        yesterday={yesterday}
        onClose={() => setRerun(null)}
        reload={reload}
      />
    </div>
  );
}
