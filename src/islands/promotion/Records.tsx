// The purse's two histories: rebates earned and spent, and withdrawals (cancel, correct).
import { useState } from 'react';
import { Loading, Pager } from '../ui/kit.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { promotionApi } from '../../lib/shared/promotion/api.ts';
import type { Withdrawal } from './types.ts';
import { EditAccountDialog } from './WithdrawDialogs.tsx';

export function RebateList({ version }: { version: number }) {
  const list = usePagedList(promotionApi.rebates, { size: 10, filter: { version } });
  if (!list.data) return <Loading />;
  if (!list.data.list.length) return <p className="py-10 text-center text-sm text-slate-400">暂无返利记录</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {list.data.list.map((e) => (
          <li key={e.rid} className="flex items-start justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-800">
                {e.kind_text}
                {e.state === 'frozen' && (
                  <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-normal text-amber-700">
                    冻结至 {shanghaiDate(new Date(e.available_at ?? 0))}
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-xs break-all text-slate-500">{e.note}</p>
              <p className="mt-0.5 text-xs text-slate-400">{shanghaiMinute(e.at)}</p>
            </div>
            <span
              className={`shrink-0 font-semibold tabular-nums ${e.amount_fen > 0 ? 'text-hot-600' : 'text-slate-700'}`}
            >
              {e.amount_fen > 0 ? '+' : '-'}
              {fenToYuan(Math.abs(e.amount_fen))}
            </span>
          </li>
        ))}
      </ul>
      <Pager page={list.page} pages={list.pages} label="返利分页" onPage={list.setPage} />
    </>
  );
}

export function WithdrawalList({ version, onChanged }: { version: number; onChanged: () => void }) {
  const list = usePagedList(promotionApi.withdrawList, {
    size: 10,
    filter: { version },
  });
  const [editing, setEditing] = useState<Withdrawal | null>(null);
  const [confirmDialog, ask] = useConfirm();
  async function cancel(w: Withdrawal) {
    const sure = await ask({
      title: '取消提现申请',
      text: `确认取消这笔 ${formatFen(w.amount_fen)} 的提现申请？金额将退回可提现余额。`,
      confirm: '取消申请',
      dismiss: '再想想',
      danger: true,
    });
    if (!sure) return;
    const res = await api.call(promotionApi.withdrawCancel, { rid: w.rid });
    if (res) {
      toast.success('已取消，金额已退回');
      onChanged();
    }
  }
  if (!list.data) return <Loading />;
  if (!list.data.list.length) return <p className="py-10 text-center text-sm text-slate-400">暂无提现记录</p>;
  return (
    <>
      {confirmDialog}
      <ul className="divide-y divide-slate-100">
        {list.data.list.map((w) => (
          <li key={w.rid} className="grid gap-1 py-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="font-semibold text-slate-900 tabular-nums">{formatFen(w.amount_fen)}</span>
              <span
                className={`rounded px-2 py-0.5 text-xs ${
                  w.status === 'paid'
                    ? 'bg-emerald-50 text-emerald-700'
                    : w.status === 'pending'
                      ? 'bg-amber-50 text-amber-700'
                      : 'bg-slate-100 text-slate-500'
                }`}
              >
                {w.status_text}
              </span>
            </div>
            <p className="text-xs break-all text-slate-500">
              {w.channel_text} · {w.account_name} · {w.account_no}
              {w.bank_name && ` · ${w.bank_name}`}
              {w.fee_fen > 0 && ` · 手续费 ${formatFen(w.fee_fen)}，实际到账 ${formatFen(w.payout_fen)}`}
            </p>
            {w.reject_reason && <p className="text-xs text-red-600">驳回原因：{w.reject_reason}</p>}
            <div className="flex items-center justify-between gap-3">
              <span className="text-xs text-slate-400">{shanghaiMinute(w.created_at)} 申请</span>
              {w.status === 'pending' && (
                <span className="flex gap-3">
                  <button
                    type="button"
                    className="text-sm text-brand-700 hover:underline"
                    onClick={() => setEditing(w)}
                  >
                    修改账户
                  </button>
                  <button
                    type="button"
                    className="text-sm text-red-600 hover:underline"
                    onClick={() => void cancel(w)}
                  >
                    取消提现
                  </button>
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={list.page} pages={list.pages} label="提现分页" onPage={list.setPage} />
      <EditAccountDialog w={editing} onClose={() => setEditing(null)} onDone={onChanged} />
    </>
  );
}
