import { useCallback, useEffect, useState } from 'react';
import { memberOnly } from '../ui/member-gate.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { saveFile } from '../../lib/client/download.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { invoicesApi } from '../../lib/shared/invoices/api.ts';
import { pathOf, type OutputOf } from '../../lib/shared/api/endpoint.ts';
import type { Detail } from './use-apply-form.ts';
import ApplyDialog from './ApplyDialog.tsx';

type Application = OutputOf<typeof invoicesApi.list>['list'][number];
type History = OutputOf<typeof invoicesApi.history>;

const TONE: Record<Application['status'], string> = {
  reviewing: 'bg-brand-50 text-brand-700',
  issuing: 'bg-hot-50 text-hot-600',
  issued: 'bg-accent-50 text-accent-700',
  rejected: 'bg-red-50 text-red-600',
  reversing: 'bg-slate-100 text-slate-600',
  reversed: 'bg-slate-100 text-slate-500',
};

/**
 * /member/invoiceLs: what may still be invoiced, the applications with their state, the invoice
 * and the reimbursement ZIP to download, and 申请开票 / 修改.
 */
function Applications() {
  const list = usePagedList(invoicesApi.list, { size: 10 });
  const [history, setHistory] = useState<History | null>(null);
  const [dialog, setDialog] = useState<{
    editing: Detail | null;
    statement?: string;
    prestore?: string;
  } | null>(null);
  const loadHistory = useCallback(async () => {
    const h = await api.call(invoicesApi.history, {});
    if (h) setHistory(h);
  }, []);
  useEffect(() => void loadHistory(), [loadHistory]);
  // 按对账单开票 on a statement (?statement=…) and 申请开票 on a top-up (?prestore=…) link here:
  // open the dialog for it once.
  useEffect(() => {
    const url = new URL(location.href);
    const statement = url.searchParams.get('statement') ?? undefined;
    const prestore = url.searchParams.get('prestore') ?? undefined;
    if (!statement && !prestore) return;
    setDialog({ editing: null, statement, prestore });
    url.searchParams.delete('statement');
    url.searchParams.delete('prestore');
    window.history.replaceState(null, '', url);
  }, []);

  async function edit(a: Application) {
    const detail = await api.call(invoicesApi.detail, { rid: a.rid });
    if (detail) setDialog({ editing: detail });
  }

  const { data } = list;
  return (
    <div className="grid grid-cols-1 gap-4">
      <section
        className="card grid gap-4 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-center md:p-5"
        aria-label="开票额度"
      >
        <div>
          <p className="text-sm text-slate-500">可开票金额</p>
          <p className="text-2xl font-bold text-hot-600 tabular-nums" data-invoice-available>
            {history ? formatFen(history.available_fen) : '—'}
          </p>
        </div>
        <div>
          <p className="text-sm text-slate-500">已开票 / 申请中</p>
          <p className="text-2xl font-bold text-slate-900 tabular-nums">
            {history ? formatFen(history.invoiced_fen) : '—'}
          </p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setDialog({ editing: null })}>
          申请开票
        </button>
        <p className="text-xs text-slate-400 sm:col-span-3">
          可开票金额为已付给平台的款项（预存、在线支付）与信用欠款之和，减去已开票金额；预存开票后，用该预存支付的订单不再重复开票。
        </p>
      </section>
      <section className="card p-4 md:p-5" aria-label="开票记录">
        {data === null ? (
          <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : data.list.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-400">暂无开票记录</p>
        ) : (
          <ul className="grid gap-3">
            {data.list.map((a) => (
              <li
                key={a.rid}
                data-invoice={a.rid}
                className="grid gap-2 rounded-xl p-4 ring-1 ring-slate-200"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900">
                    {a.type_text}
                    <span className="ml-2 text-sm font-normal text-slate-500">{a.title.name}</span>
                  </p>
                  <span className={`rounded px-2 text-xs leading-6 ${TONE[a.status]}`}>{a.status_text}</span>
                </div>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <span>
                    金额 <strong className="text-slate-900 tabular-nums">{formatFen(a.amount_fen)}</strong>
                  </span>
                  {a.invoice_no && <span className="tabular-nums">发票号码 {a.invoice_no}</span>}
                  <span className="text-slate-400">申请于 {shanghaiMinute(a.created)}</span>
                </p>
                {a.reject_reason && (
                  <p className="text-sm text-red-600">
                    {a.status === 'rejected' ? '驳回原因' : '红冲原因'}：{a.reject_reason}
                  </p>
                )}
                <div className="flex flex-wrap justify-end gap-2 text-sm">
                  {(a.status === 'reviewing' || a.status === 'rejected') && (
                    <button type="button" className="btn-ghost h-8 px-3" onClick={() => void edit(a)}>
                      {a.status === 'rejected' ? '修改后重新提交' : '修改'}
                    </button>
                  )}
                  {a.has_file && (
                    <button
                      type="button"
                      className="btn-ghost h-8 px-3"
                      onClick={() =>
                        void saveFile(
                          pathOf(invoicesApi.file, { rid: a.rid }),
                          `发票-${a.invoice_no ?? a.rid}.pdf`,
                        )
                      }
                    >
                      下载发票
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-primary h-8 px-3"
                    onClick={() =>
                      void saveFile(
                        pathOf(invoicesApi.zip, { rid: a.rid }),
                        `报销材料-${a.invoice_no ?? a.rid}.zip`,
                      )
                    }
                  >
                    下载报销材料
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={list.page} pages={list.pages} label="开票记录分页" onPage={list.setPage} />
      </section>
      <ApplyDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        statementRid={dialog?.statement ?? null}
        prestoreRid={dialog?.prestore ?? null}
        availableFen={history?.available_fen ?? null}
        onClose={() => setDialog(null)}
        onDone={() => {
          list.reload({ first: true });
          void loadHistory();
        }}
      />
    </div>
  );
}

export default memberOnly(Applications);
