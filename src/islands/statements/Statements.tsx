import { useState } from 'react';
import { Loading, Pager } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { statementsApi } from '../../lib/shared/statements/api.ts';
import { StatusBadge } from './parts.tsx';
import StatementView from './StatementView.tsx';

/**
 * /member/statement: the monthly statements (对账单). The list of months, the chosen one with its
 * figures and frozen lines, 确认无误 / 提出异议, the PDF, and settling what it says is still owed.
 */
function Statements() {
  // ?group=…: a research group's statements, for its leader or an assistant (decision 0046).
  const [group] = useState(() =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('group'),
  );
  const list = usePagedList(statementsApi.list, {
    size: 12,
    filter: group ? { group_rid: group } : {},
  });
  const [rid, setRid] = useState<string | null>(() =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('rid'),
  );
  const first = list.data?.list[0]?.rid ?? null;
  const current = rid ?? first;

  const choose = (next: string) => {
    setRid(next);
    const url = new URL(location.href);
    url.searchParams.set('rid', next);
    history.replaceState(null, '', url);
  };

  if (!list.data) return <Loading />;
  if (list.data.total === 0)
    return group ? (
      <div className="card px-6 py-14 text-center">
        <p className="text-slate-600">该课题组暂无对账单</p>
        <p className="mt-1 text-sm text-slate-400">
          每月1日出具课题组账户上月的对账单：转入的款项、为成员支付的订单和余额
        </p>
        <a href="/member/statement" className="btn-ghost mt-4">
          我的对账单
        </a>
      </div>
    ) : (
      <div className="card px-6 py-14 text-center">
        <p className="text-slate-600">暂无对账单</p>
        <p className="mt-1 text-sm text-slate-400">
          每月1日出具上月对账单，列出当月结算或完成的订单、资金往来和尚未结算的款项
        </p>
        <a href="/member/unsettled" className="btn-ghost mt-4">
          查看待结算订单
        </a>
      </div>
    );
  const groupName = group ? list.data.list[0]?.group?.name : null;

  return (
    <div className="grid gap-4">
      <section aria-labelledby="months-title" className="card p-4 md:p-5">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="months-title" className="text-base font-semibold text-slate-900">
            {groupName ? `课题组「${groupName}」的对账单` : '对账单列表'}
          </h2>
          {group && (
            <a href="/member/statement" className="text-sm text-brand-700 hover:underline">
              我的对账单
            </a>
          )}
        </div>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-label="对账单">
          {list.data.list.map((s) => (
            <li key={s.rid}>
              <button
                type="button"
                onClick={() => choose(s.rid)}
                aria-current={s.rid === current ? 'true' : undefined}
                className={`w-full rounded-xl border px-3 py-2.5 text-left transition-colors ${
                  s.rid === current
                    ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-100'
                    : 'border-slate-200 hover:border-brand-300'
                }`}
              >
                <span className="flex flex-wrap items-center justify-between gap-1">
                  <span className="font-semibold text-slate-900">{s.month_text}</span>
                  <StatusBadge s={s} />
                </span>
                <span className="mt-1 block text-xs text-slate-500">
                  期末应付{' '}
                  <strong className="text-slate-800 tabular-nums">{formatFen(s.figures.due_fen)}</strong>
                  {s.version > 1 && <span className="ml-1">· 第{s.version}版</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <Pager page={list.page} pages={list.pages} label="对账单分页" onPage={list.setPage} />
      </section>
      {current && <StatementView key={current} rid={current} onChanged={list.reload} onOpen={choose} />}
    </div>
  );
}

export default memberOnly(Statements);
