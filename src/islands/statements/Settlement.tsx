import { useCallback, useEffect, useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Spinner } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { openPay, ORDER_PAID_EVENT } from '../../lib/client/pay-events.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { statementsApi } from '../../lib/shared/statements/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Owed = OutputOf<typeof statementsApi.settlementList>;

/** 待结算 orders this statement lists that are still unpaid now: choose some and pay them at once. */
export default function Settlement({
  statementRid,
  onPaid,
}: {
  statementRid: string | null;
  onPaid: () => void;
}) {
  const [owed, setOwed] = useState<Owed | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [method, setMethod] = useState<'balance' | 'credit'>('balance');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per confirmation: a retried or double-clicked submit is the same settlement.
  const [key, setKey] = useState('');
  const load = useCallback(async () => {
    if (!statementRid) return;
    const res = await api.call(statementsApi.settlementList, { statement_rid: statementRid });
    if (res) {
      setOwed(res);
      setChosen(res.list.map((o) => o.rid));
    }
  }, [statementRid]);
  useEffect(() => void load(), [load]);
  // One order paid on its own in the pay dialog (WeChat Pay or Alipay too): the list follows.
  useEffect(() => {
    const paid = () => {
      void load();
      onPaid();
    };
    window.addEventListener(ORDER_PAID_EVENT, paid);
    return () => window.removeEventListener(ORDER_PAID_EVENT, paid);
  }, [load, onPaid]);
  if (!statementRid || !owed || owed.list.length === 0) return null;

  const total = owed.list.filter((o) => chosen.includes(o.rid)).reduce((n, o) => n + o.owed_fen, 0);
  const toggle = (rid: string) =>
    setChosen((c) => (c.includes(rid) ? c.filter((r) => r !== rid) : [...c, rid]));
  const submit = async () => {
    setBusy(true);
    const res = await api.call(statementsApi.settle, {
      rids: chosen,
      method,
      idempotency_key: key,
      statement_rid: statementRid,
    });
    setBusy(false);
    if (!res) return;
    setOpen(false);
    if (res.failed.length) toast.error(`${res.failed.length}笔未结算：${res.failed[0].message}`);
    else toast.success(`结算成功，共支付 ${formatFen(res.paid_fen)}`);
    void load();
    onPaid();
  };

  return (
    <section aria-labelledby="settle-title" className="card border-hot-100 p-4 md:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="settle-title" className="text-base font-semibold text-slate-900">
          待结算订单
        </h3>
        <span className="text-sm text-slate-500">本对账单所列、目前仍未支付的订单</span>
      </div>
      <ul className="mt-3 grid gap-2" aria-label="可结算订单">
        {owed.list.map((o) => (
          <li key={o.rid} className="flex items-stretch gap-2">
            <label className="flex min-w-0 flex-1 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 px-3 py-2.5 text-sm hover:border-brand-300">
              <input type="checkbox" checked={chosen.includes(o.rid)} onChange={() => toggle(o.rid)} />
              <span className="font-semibold tabular-nums">{o.order_no}</span>
              <span className="order-last w-full pl-6 text-xs text-slate-500 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1 sm:truncate sm:pl-0 sm:text-sm">
                {o.item_names.join('、')}
              </span>
              <strong className="ml-auto text-hot-600 tabular-nums sm:ml-0">{formatFen(o.owed_fen)}</strong>
            </label>
            <button
              type="button"
              className="btn-ghost h-auto shrink-0 px-3 text-sm"
              aria-label={`单独支付 ${o.order_no}`}
              onClick={() => openPay(o.rid)}
            >
              单独支付
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600">
          已选 {chosen.length} 笔，合计{' '}
          <strong className="text-lg text-hot-600 tabular-nums">{formatFen(total)}</strong>
          <span className="ml-2 text-xs text-slate-400">账户余额 {formatFen(owed.balance_fen)}</span>
          <span className="block text-xs text-slate-400">
            按余额或信用额度一次结算所选订单；用微信、支付宝在线支付请点各订单的「单独支付」
          </span>
        </p>
        <button
          type="button"
          className="btn-primary ml-auto"
          disabled={chosen.length === 0}
          onClick={() => {
            setKey(crypto.randomUUID());
            setOpen(true);
          }}
        >
          结算所选订单
        </button>
      </div>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="结算订单"
        width={480}
        footer={
          <>
            <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
              取消
            </button>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
              {busy && <Spinner />} 确认支付 {formatFen(total)}
            </button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          结算 {chosen.length} 笔订单，共 <strong className="text-hot-600">{formatFen(total)}</strong>。
        </p>
        <fieldset className="mt-4 grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">支付方式</legend>
          <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <input
              type="radio"
              name="method"
              checked={method === 'balance'}
              onChange={() => setMethod('balance')}
            />
            账户余额（先用赠送金）
            <span className="ml-auto text-slate-500">{formatFen(owed.balance_fen)}</span>
          </label>
          <label
            className={`flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm ${owed.credit_available_fen <= 0 ? 'opacity-50' : ''}`}
          >
            <input
              type="radio"
              name="method"
              disabled={owed.credit_available_fen <= 0}
              checked={method === 'credit'}
              onChange={() => setMethod('credit')}
            />
            信用额度
            <span className="ml-auto text-slate-500">可用 {formatFen(owed.credit_available_fen)}</span>
          </label>
        </fieldset>
        {method === 'balance' && owed.balance_fen < total && (
          <p className="mt-3 text-sm text-hot-600">
            余额不足以支付全部所选订单，将按下单先后支付余额足够的部分。
            <a href="/member/prestore" className="ml-1 underline">
              去预存
            </a>
          </p>
        )}
      </Dialog>
    </section>
  );
}
