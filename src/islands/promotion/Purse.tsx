import { useState } from 'react';
import { formatFen } from '../../lib/shared/money.ts';
import type { Mine } from './types.ts';
import { WithdrawDialog } from './WithdrawDialogs.tsx';
import { RebateList, WithdrawalList } from './Records.tsx';

function Figure({
  label,
  fen,
  strong,
  testId,
}: {
  label: string;
  fen: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`rounded-xl p-4 ${strong ? 'bg-gradient-to-br from-brand-600 to-brand-700 text-white' : 'bg-slate-50'}`}
    >
      <dt className={`text-xs ${strong ? 'text-white/80' : 'text-slate-500'}`}>{label}</dt>
      <dd
        data-testid={testId}
        className={`mt-1 font-bold tabular-nums ${strong ? 'text-2xl' : 'text-lg text-slate-900'}`}
      >
        {formatFen(fen)}
      </dd>
    </div>
  );
}

const TABS = [
  { key: 'rebates', label: '返利明细' },
  { key: 'withdrawals', label: '提现记录' },
] as const;

/** An approved promoter: the purse in its parts, withdrawing, and the two histories. */
export default function Purse({ mine, reload }: { mine: Mine; reload: () => void }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('rebates');
  const [withdrawing, setWithdrawing] = useState(false);
  const [version, setVersion] = useState(0);
  const changed = () => {
    setVersion((v) => v + 1);
    reload();
  };
  return (
    <>
      <section className="card p-4 md:p-5" aria-labelledby="purse-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="purse-title" className="text-lg font-semibold text-slate-900">
              我的返利
            </h2>
            <p className="mt-0.5 text-xs text-slate-500">
              返利比例 {mine.rate_percent_text} · 冻结期 {mine.freeze_days} 天 · 已邀请 {mine.invited_count}{' '}
              人
            </p>
          </div>
          <div className="flex gap-2">
            <a href="/member/invite" className="btn-ghost">
              邀请好友
            </a>
            <button
              type="button"
              className="btn-primary"
              disabled={mine.withdrawable_fen < mine.withdraw_min_fen}
              title={
                mine.withdrawable_fen < mine.withdraw_min_fen
                  ? `满 ${formatFen(mine.withdraw_min_fen)} 可提现`
                  : undefined
              }
              onClick={() => setWithdrawing(true)}
            >
              申请提现
            </button>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <Figure label="可提现" fen={mine.withdrawable_fen} strong testId="withdrawable" />
          <Figure label="冻结中" fen={mine.frozen_fen} testId="frozen" />
          <Figure label="提现审核中" fen={mine.pending_fen} />
          <Figure label="已提现" fen={mine.withdrawn_fen} />
          <Figure label="累计返利" fen={mine.earned_fen} />
        </dl>
      </section>
      <section className="card p-3 md:p-5" aria-label="返利与提现记录">
        <div
          role="tablist"
          aria-label="记录类型"
          className="-mx-3 mb-2 flex gap-1 border-b border-slate-100 px-3 md:-mx-5 md:px-5"
        >
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={t.key === tab}
              onClick={() => setTab(t.key)}
              className={`-mb-px border-b-2 px-3 py-2.5 text-sm ${
                t.key === tab
                  ? 'border-brand-600 font-semibold text-brand-700'
                  : 'border-transparent text-slate-500 hover:text-brand-700'
              }`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel">
          {tab === 'rebates' ? (
            <RebateList version={version} />
          ) : (
            <WithdrawalList version={version} onChanged={changed} />
          )}
        </div>
      </section>
      <WithdrawDialog open={withdrawing} mine={mine} onClose={() => setWithdrawing(false)} onDone={changed} />
    </>
  );
}
