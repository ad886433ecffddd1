import { useState } from 'react';
import { type Me, staffAction } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { BILL_PROVIDER_TEXT, type BillProvider } from '../../lib/shared/reconciliation.ts';
import { addDays } from '../../lib/shared/slots.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { paymentsAdminApi } from '../../lib/shared/payments/api.ts';

type Run = RowOf<typeof paymentsAdminApi.reconcileList>;
type Difference = RowOf<typeof paymentsAdminApi.reconcileExceptions>;
type Tab = 'open' | 'resolved' | 'cleared' | 'all';

const RUN_TONE = { matched: 'accent', exceptions: 'red', failed: 'hot', running: 'slate' } as const;
const money = (fen: number | null) => (fen === null ? '—' : formatFen(fen));

/** 对账: each provider's daily trade bill against our trades and ledger; finance resolves what differs. */
export default function Reconciliation({ me }: { me: Me }) {
  const runs = useList(paymentsAdminApi.reconcileList, {}, 10);
  const [tab, setTab] = useState<Tab>('open');
  const [day, setDay] = useState<{ provider: string; bill_date: string } | null>(null);
  const filter = { ...(tab === 'all' ? {} : { status: tab }), ...(day ?? {}) };
  const differences = useList(paymentsAdminApi.reconcileExceptions, filter);
  const [target, setTarget] = useState<Difference | null>(null);
  const [note, setNote] = useState('');
  const [rerun, setRerun] = useState<{ provider: BillProvider; bill_date: string } | null>(null);
  const reconciler = me.permissions.includes('payments.reconcile');
  const reload = () => Promise.all([runs.reload(), differences.reload()]);
  const yesterday = addDays(shanghaiDate(Date.now()), -1);

  const differenceColumns: Column<Difference>[] = [
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
          <button type="button" className={button.ghost} onClick={() => (setNote(''), setTarget(d))}>
            处理
          </button>
        ) : null,
    },
  ];
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
            { id: 'date', header: '账单日期', cell: (r) => r.bill_date, className: 'whitespace-nowrap' },
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
            { id: 'lines', header: '账单笔数', cell: (r) => r.bill_lines },
            {
              id: 'paid',
              header: '收款',
              cell: (r) => <span className="tabular-nums">{formatFen(r.paid_fen)}</span>,
            },
            {
              id: 'refunded',
              header: '退款',
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
                    onClick={() => (setDay({ provider: r.provider, bill_date: r.bill_date }), setTab('all'))}
                  >
                    查看差异
                  </button>
                  {reconciler && (
                    <button
                      type="button"
                      className={button.link}
                      onClick={() => setRerun({ provider: r.provider, bill_date: r.bill_date })}
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
              columns={differenceColumns}
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
          columns={differenceColumns}
        />
        <Pager page={differences.page} pages={differences.pages} onPage={differences.setPage} />
      </section>

      <FormModal
        open={target !== null}
        title="标记差异为已处理"
        submitText="标记为已处理"
        onClose={() => setTarget(null)}
        onSubmit={() =>
          staffAction(paymentsAdminApi.reconcileResolve, { rid: target!.rid, note }, '已标记为已处理', reload)
        }
      >
        {target && (
          <p className="text-sm text-slate-600">
            {target.bill_date} {target.provider_text}：{target.detail}
          </p>
        )}
        <Field label="处理说明（必填，记入操作日志）">
          <textarea
            className={`${input} h-24 py-2`}
            name="note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={200}
          />
        </Field>
      </FormModal>

      <FormModal
        open={rerun !== null}
        title="重新对账"
        submitText="开始对账"
        onClose={() => setRerun(null)}
        onSubmit={() => staffAction(paymentsAdminApi.reconcileRerun, rerun!, '对账完成', reload)}
      >
        <p className="text-sm text-slate-600">重新下载该日账单并核对；已处理的差异和处理说明会保留。</p>
        <Field label="支付渠道">
          <select
            className={input}
            name="provider"
            value={rerun?.provider ?? 'wechatpay'}
            onChange={(e) => setRerun((r) => r && { ...r, provider: e.target.value as BillProvider })}
          >
            {Object.entries(BILL_PROVIDER_TEXT).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="账单日期">
          <input
            className={input}
            type="date"
            name="bill_date"
            max={yesterday}
            value={rerun?.bill_date ?? yesterday}
            onChange={(e) => setRerun((r) => r && { ...r, bill_date: e.target.value })}
          />
        </Field>
      </FormModal>
    </div>
  );
}
