import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Pager, Spinner } from '../ui/kit.tsx';
import { fenToYuan } from '../../lib/shared/money.ts';
import { pageCount } from '../../lib/shared/pagination.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import type { MovementPageSchema } from '../../lib/shared/money/responses.ts';

/** asset/detail: the account's movements, newest first. */
export type MovementPage = z.output<typeof MovementPageSchema>;
export type Movement = MovementPage['list'][number];

const signed = (fen: number) => `${fen > 0 ? '+' : ''}${fenToYuan(fen)}`;

const SUBS = [
  { key: 'cash_fen', label: '现金' },
  { key: 'bonus_fen', label: '赠送金' },
  { key: 'credit_fen', label: '信用' },
] as const;

const incoming = (m: Movement) =>
  m.cash_fen + m.bonus_fen > 0 || (m.cash_fen + m.bonus_fen === 0 && m.credit_fen > 0);

/**
 * 资金明细: each movement with what it did to cash, bonus (赠送金) and credit, and the balance
 * after it. Under the owed orders (five rows) and on /member/prestore (with filters).
 */
export default function Movements({
  page: data,
  size,
  current,
  onPage,
  title = '资金明细',
  children,
}: {
  page: MovementPage | null;
  size: number;
  current: number;
  onPage: (page: number) => void;
  title?: string;
  /** Filters, shown under the title. */
  children?: ReactNode;
}) {
  const pages = data ? pageCount(data.total, size) : 1;
  return (
    <section aria-labelledby="movements-title" className="card p-4 md:p-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="movements-title" className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-xs text-slate-400">预存、支付、退款、转账与还款记录</p>
      </div>
      {children}
      {!data ? (
        <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : data.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">
          暂无资金变动记录
        </p>
      ) : (
        <ul aria-label={title} className="divide-y divide-slate-100">
          {data.list.map((m) => (
            <li key={m.rid} data-movement={m.kind} className="grid gap-1 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-medium ${
                    incoming(m) ? 'bg-accent-50 text-accent-700' : 'bg-slate-100 text-slate-600'
                  }`}
                >
                  {m.kind_text}
                </span>
                <span className="min-w-0 flex-1 truncate text-slate-700">
                  {m.order_rid ? (
                    <a
                      href={`/member/order?rid=${encodeURIComponent(m.order_rid)}`}
                      className="hover:text-brand-700"
                    >
                      {m.note || m.kind_text}
                    </a>
                  ) : (
                    m.note || m.kind_text
                  )}
                </span>
                <span className="flex flex-wrap gap-x-3 font-semibold tabular-nums">
                  {SUBS.filter((s) => m[s.key] !== 0).map((s) => (
                    <span key={s.key} className={m[s.key] < 0 ? 'text-slate-900' : 'text-accent-700'}>
                      <span className="mr-1 text-xs font-normal text-slate-400">{s.label}</span>
                      {signed(m[s.key])}
                    </span>
                  ))}
                </span>
              </div>
              <p className="text-xs text-slate-400">
                {shanghaiMinute(m.at)}
                {m.cash_after_fen !== null && ` · 现金余额 ${fenToYuan(m.cash_after_fen)}`}
                {m.bonus_after_fen !== null && ` · 赠送金 ${fenToYuan(m.bonus_after_fen)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={current} pages={pages} label={`${title}分页`} onPage={onPage} />
    </section>
  );
}
