import { useEffect } from 'react';
import Movements from '../money/Movements.tsx';
import { MONEY_CHANGED_EVENT, useAsset } from '../money/use-asset.ts';
import CreditDebt from '../money/CreditDebt.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import type { OrderSummary } from '../../lib/shared/orders/order.ts';
import { openPay, ORDER_PAID_EVENT } from '../../lib/client/pay-events.ts';
import { useWaitingRequests, WaitingMark, type WaitingRequest } from '../groups/Waiting.tsx';
import { moneyApi } from '../../lib/shared/money/api.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

const PAGE_SIZE = 10;
const LEDGER_SIZE = 5;

const TEXT = {
  unpaid: {
    label: '待付款',
    total: '待付款合计',
    empty: '暂无待付款订单',
    emptyHint: '企业客户的订单报价确认后需全额预付，付款后即安排寄样或上门取样',
  },
  unsettled: {
    label: '待结算',
    total: '待结算合计',
    empty: '暂无待结算订单',
    emptyHint: '检测完成并出具结算单后，订单会出现在这里，可用账户余额结算',
  },
} as const;

const owedOf = (o: OrderSummary) => Math.max(0, o.amount_fen - o.paid_fen);

/**
 * /member/unpaid (enterprise orders to prepay) and /member/unsettled (institution orders billed
 * after the test): what is owed, the balance, 去支付 per order (the pay dialog), credit owed
 * (欠款, with the days overdue, and 还款), and the recent movements below.
 */
function OwedOrders({ status }: { status: 'unpaid' | 'unsettled' }) {
  const text = TEXT[status];
  const orders = usePagedList(ordersApi.list, {
    size: PAGE_SIZE,
    filter: { status },
  });
  const ledgerList = usePagedList(moneyApi.movements, { size: LEDGER_SIZE });
  const { asset } = useAsset();
  const waiting = useWaitingRequests();
  const { page, setPage, data, pages } = orders;
  const ledger = ledgerList.data;
  const { reload: reloadOrders } = orders;
  const { reload: reloadLedger } = ledgerList;

  useEffect(() => {
    const reload = () => {
      reloadOrders();
      reloadLedger({ first: true });
    };
    window.addEventListener(ORDER_PAID_EVENT, reload);
    window.addEventListener(MONEY_CHANGED_EVENT, reload);
    return () => {
      window.removeEventListener(ORDER_PAID_EVENT, reload);
      window.removeEventListener(MONEY_CHANGED_EVENT, reload);
    };
  }, [reloadOrders, reloadLedger]);

  const balance = asset?.balance_fen;
  const short = data && balance !== undefined ? data.owed_fen - balance : 0;

  return (
    <div className="grid gap-4">
      <section
        aria-label="账户概览"
        className="card grid grid-cols-2 gap-px overflow-hidden bg-slate-100 sm:grid-cols-3"
      >
        <Figure
          label={text.total}
          value={data ? formatFen(data.owed_fen) : '—'}
          tone={data && data.owed_fen > 0 ? 'hot' : undefined}
          testId="owed-total"
          wide
        />
        <Figure label="订单数" value={data ? `${data.total} 笔` : '—'} />
        <Figure label="账户余额" value={balance !== undefined ? formatFen(balance) : '—'} testId="balance" />
        {short > 0 && (
          <p className="col-span-2 bg-hot-50 px-4 py-2.5 text-sm text-hot-600 sm:col-span-3">
            余额不足以支付全部{text.label}订单（还差 {formatFen(short)}），
            <a href="/member/prestore" className="font-medium underline underline-offset-2">
              去预存
            </a>
          </p>
        )}
      </section>

      <section aria-labelledby="owed-title" className="card p-4 md:p-6">
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <h2 id="owed-title" className="text-base font-semibold text-slate-900">
            {text.label}订单
          </h2>
          {status === 'unsettled' && (
            <a href="/member/statement" className="ml-auto text-sm text-brand-700 hover:underline">
              月度对账单 →
            </a>
          )}
        </div>
        {!data ? (
          <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : data.list.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-200 px-6 py-12 text-center">
            <p className="text-slate-600">{text.empty}</p>
            <p className="mt-1 text-sm text-slate-400">{text.emptyHint}</p>
            <a href="/member/order" className="btn-ghost mt-4">
              查看全部订单
            </a>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label={`${text.label}订单`}>
            {data.list.map((o) => (
              <OwedRow key={o.rid} order={o} waiting={waiting.get(o.rid)} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} label={`${text.label}订单分页`} onPage={setPage} />
      </section>

      {asset && asset.credit_used_fen > 0 && <CreditDebt asset={asset} />}

      <Movements page={ledger} size={LEDGER_SIZE} current={ledgerList.page} onPage={ledgerList.setPage} />
    </div>
  );
}

function Figure({
  label,
  value,
  tone,
  testId,
  wide,
}: {
  label: string;
  value: string;
  tone?: 'hot';
  testId?: string;
  /** The whole first row on a phone. */
  wide?: boolean;
}) {
  return (
    <div className={`bg-white px-4 py-3.5 sm:px-5 sm:py-4 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <p className="text-xs text-slate-500">{label}</p>
      <p
        data-testid={testId}
        className={`mt-1 text-xl font-bold tabular-nums md:text-2xl ${tone === 'hot' ? 'text-hot-600' : 'text-slate-900'}`}
      >
        {value}
      </p>
    </div>
  );
}

function OwedRow({ order: o, waiting }: { order: OrderSummary; waiting?: WaitingRequest }) {
  const detail = `/member/order?rid=${encodeURIComponent(o.rid)}`;
  return (
    <li data-order={o.rid} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={detail} className="font-semibold text-slate-900 tabular-nums hover:text-brand-700">
          {o.order_no}
        </a>
        <span className="rounded-full bg-hot-50 px-2 py-0.5 text-xs font-medium text-hot-600 ring-1 ring-hot-100">
          {o.status_text}
        </span>
        <span className="w-full text-xs text-slate-400 sm:ml-auto sm:w-auto">
          下单于 {shanghaiMinute(o.created)}
        </span>
      </div>
      <p className="mt-2 line-clamp-2 text-sm text-slate-600">{o.item_names.join('、') || '—'}</p>
      {waiting && <WaitingMark request={waiting} />}
      <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
        <p className="text-sm text-slate-500">
          应付
          <strong className="ml-1.5 text-lg text-hot-600 tabular-nums">{formatFen(owedOf(o))}</strong>
          {o.paid_fen > 0 && (
            <span className="ml-2 text-xs text-slate-400">已付 {formatFen(o.paid_fen)}</span>
          )}
        </p>
        <div className="ml-auto flex items-center gap-2">
          <a href={detail} className="rounded-md px-2 py-1 text-sm text-brand-700 hover:bg-brand-50">
            订单详情
          </a>
          <button type="button" className="btn-primary" onClick={() => openPay(o.rid)}>
            去支付
          </button>
        </div>
      </div>
    </li>
  );
}

export default memberOnly(OwedOrders);
