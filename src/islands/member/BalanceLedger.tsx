import type { z } from 'zod';
import { Pager, Spinner } from '../ui/kit.tsx';
import { fenToYuan } from '../../lib/shared/money.ts';
import { pageCount } from '../../lib/shared/pagination.ts';
import { shanghaiMinute } from '../../lib/shared/slots.ts';
import type { LedgerPageSchema } from '../../lib/shared/ledger/responses.ts';

/** balance/ledger: the user's balance entries, newest first, and the balance now. */
export type Ledger = z.output<typeof LedgerPageSchema>;
export type LedgerEntry = Ledger['list'][number];

const KIND: Record<LedgerEntry['kind'], string> = {
  credit: '预存',
  payment: '支付',
  refund: '退款',
};

const signed = (fen: number) => `${fen > 0 ? '+' : ''}${fenToYuan(fen)}`;

/** 余额明细: the recent balance entries (预存, 支付, 退款) under the owed orders. */
export default function BalanceLedger({
  ledger,
  size,
  page,
  onPage,
}: {
  ledger: Ledger | null;
  size: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = ledger ? pageCount(ledger.total, size) : 1;
  return (
    <section aria-labelledby="ledger-title" className="card p-4 md:p-6">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="ledger-title" className="text-base font-semibold text-slate-900">
          余额明细
        </h2>
        <p className="text-xs text-slate-400">预存、支付与退款记录</p>
      </div>
      {!ledger ? (
        <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : ledger.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">
          暂无余额变动记录
        </p>
      ) : (
        <ul aria-label="余额明细" className="divide-y divide-slate-100">
          {ledger.list.map((e, i) => (
            <li key={`${e.at}-${i}`} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 py-2.5 text-sm">
              <span
                className={`rounded px-1.5 py-0.5 text-xs font-medium ${
                  e.kind === 'payment' ? 'bg-slate-100 text-slate-600' : 'bg-accent-50 text-accent-700'
                }`}
              >
                {KIND[e.kind]}
              </span>
              <span className="min-w-0 flex-1 truncate text-slate-600">{e.note || KIND[e.kind]}</span>
              <span
                className={`font-semibold tabular-nums ${e.delta_fen < 0 ? 'text-slate-900' : 'text-accent-700'}`}
              >
                {signed(e.delta_fen)}
              </span>
              <span className="basis-full text-xs text-slate-400 sm:basis-auto">
                {shanghaiMinute(e.at)} · 余额 {fenToYuan(e.balance_after_fen)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label="余额明细分页" onPage={onPage} />
    </section>
  );
}
