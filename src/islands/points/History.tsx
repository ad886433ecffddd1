import { useEffect, useRef, useState } from 'react';
import { inputClass, Pager, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { ENTRY_TEXT } from '../../lib/shared/points/points.ts';
import { pts } from './types.ts';
import { pointsApi } from '../../lib/shared/points/api.ts';

const SIZE = 10;

const statusTone = (status: string) =>
  status === 'pending'
    ? 'bg-brand-50 text-brand-700'
    : status === 'rejected'
      ? 'bg-red-50 text-red-600'
      : 'bg-accent-50 text-accent-700';

/** 积分明细: every change, newest first, with its order, exchange state or other customer. */
export default function History({ version }: { version: number }) {
  const [kind, setKind] = useState('');
  const list = usePagedList(pointsApi.history, {
    size: SIZE,
    filter: kind ? { kind } : {},
  });
  // A change elsewhere on the page (an exchange, a transfer) shows the first page again.
  const { reload } = list;
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    reload({ first: true });
  }, [version, reload]);
  return (
    <section aria-label="积分明细">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <label className="grid gap-1 text-xs text-slate-500">
          类型
          <select
            className={`${inputClass} sm:w-40`}
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            name="kind"
          >
            <option value="">全部</option>
            {Object.entries(ENTRY_TEXT).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <p className="text-xs text-slate-400">积分按获得时间先到期先使用</p>
      </div>
      {!list.data ? (
        <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : list.data.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">
          暂无积分记录。订单完成后，每实付 1 元可获得 1 积分。
        </p>
      ) : (
        <ul aria-label="积分明细" className="divide-y divide-slate-100">
          {list.data.list.map((e) => (
            <li key={e.rid} data-entry={e.kind} className="grid gap-1 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-medium ${
                    e.points > 0 ? 'bg-accent-50 text-accent-700' : 'bg-slate-100 text-slate-600'
                  }`}
                >
                  {e.kind_text}
                </span>
                <span className="min-w-0 flex-1 truncate text-slate-700">
                  {e.order_rid ? (
                    <a
                      href={`/member/order?rid=${encodeURIComponent(e.order_rid)}`}
                      className="hover:text-brand-700"
                    >
                      {e.note}
                    </a>
                  ) : (
                    e.note || e.kind_text
                  )}
                </span>
                {e.exchange && (
                  <span
                    className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusTone(e.exchange.status)}`}
                  >
                    {e.exchange.status_text}
                  </span>
                )}
                <strong
                  className={`tabular-nums ${e.points > 0 ? 'text-accent-700' : 'text-slate-900'}`}
                  data-testid="entry-points"
                >
                  {e.points > 0 ? '+' : ''}
                  {pts(e.points)}
                </strong>
              </div>
              <p className="flex flex-wrap gap-x-3 text-xs text-slate-400">
                <span>{shanghaiMinute(e.at)}</span>
                <span>余额 {pts(e.balance_after)}</span>
                {e.expires_at && e.points > 0 && <span>有效期至 {shanghaiDate(new Date(e.expires_at))}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} pages={list.pages} label="积分明细分页" onPage={list.setPage} />
    </section>
  );
}
