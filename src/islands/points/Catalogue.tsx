import { useEffect, useRef, useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Spinner, textareaClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import { priceYuan } from '../../lib/shared/money.ts';
import { MAX_EXCHANGE_COUNT } from '../../lib/shared/points/points.ts';
import { moneyChanged } from '../money/use-asset.ts';
import { pointsChanged, pts, type ExchangeQuote, type PointsItem } from './types.ts';
import { pointsApi } from '../../lib/shared/points/api.ts';

/** 积分兑换: the catalogue as cards; each opens the exchange dialog. */
export default function Catalogue({ balance, onDone }: { balance: number | null; onDone: () => void }) {
  const [items, setItems] = useState<PointsItem[] | null>(null);
  const [chosen, setChosen] = useState<PointsItem | null>(null);
  useEffect(() => {
    void api.call(pointsApi.items, { size: 50 }).then((r) => r && setItems(r.list));
  }, []);
  if (!items)
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-sm text-slate-400">
        <Spinner /> 加载中…
      </p>
    );
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">
        暂无可兑换的商品
      </p>
    );
  return (
    <>
      <ul aria-label="可兑换商品" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => {
          const short = balance !== null && balance < item.points;
          return (
            <li
              key={item.rid}
              data-item={item.kind}
              className="flex flex-col rounded-xl border border-slate-200 p-4 transition-shadow hover:shadow-md"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{item.name}</h3>
                <span
                  className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ${
                    item.kind === 'bonus' ? 'bg-accent-50 text-accent-700' : 'bg-hot-50 text-hot-600'
                  }`}
                >
                  {item.kind === 'bonus' ? '赠送金' : '礼品卡'}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {item.kind === 'bonus'
                  ? `到账赠送金 ¥${priceYuan(item.value_fen)}`
                  : `面值 ¥${priceYuan(item.value_fen)}`}
              </p>
              {item.description && (
                <p className="mt-2 text-xs leading-relaxed text-slate-500">{item.description}</p>
              )}
              <div className="mt-auto flex items-end justify-between gap-2 pt-4">
                <p className="text-hot-600">
                  <strong className="text-xl tabular-nums">{pts(item.points)}</strong>
                  <span className="ml-0.5 text-xs">积分</span>
                </p>
                <button
                  type="button"
                  className={
                    short
                      ? 'btn h-9 cursor-not-allowed bg-slate-100 px-3 text-sm text-slate-400'
                      : 'btn-primary h-9 px-3 text-sm'
                  }
                  disabled={short}
                  onClick={() => setChosen(item)}
                  aria-label={`兑换${item.name}`}
                >
                  {short ? '积分不足' : '立即兑换'}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <ExchangeDialog item={chosen} onClose={() => setChosen(null)} onDone={onDone} />
    </>
  );
}

/**
 * The exchange dialog: a count, what it costs and leaves (integration/apply, nothing written),
 * then the exchange itself with one key per opening, so a double click exchanges once.
 */
function ExchangeDialog({
  item,
  onClose,
  onDone,
}: {
  item: PointsItem | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [count, setCount] = useState(1);
  const [note, setNote] = useState('');
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newRequestKey());

  useEffect(() => {
    if (!item) return;
    setCount(1);
    setNote('');
    setError('');
    key.current = newRequestKey();
  }, [item]);

  useEffect(() => {
    if (!item) return;
    let stale = false;
    setQuote(null);
    void api
      .call(pointsApi.quote, { item_rid: item.rid, count }, { silent: true })
      .then((q) => !stale && q && setQuote(q));
    return () => {
      stale = true;
    };
  }, [item, count]);

  async function submit() {
    if (!item) return;
    setBusy(true);
    try {
      const x = await api.call(
        pointsApi.exchange,
        { item_rid: item.rid, count, note, idempotency_key: key.current },
        { throws: true },
      );
      toast.success(x?.status === 'done' ? '兑换成功，赠送金已到账!' : '兑换申请已提交!');
      pointsChanged();
      moneyChanged();
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '兑换失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title="积分兑换"
      width={440}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || !quote?.enough}
            onClick={() => void submit()}
          >
            {busy && <Spinner />}确认兑换
          </button>
        </>
      }
    >
      {item && (
        <div className="grid gap-4 text-sm">
          <div>
            <p className="font-semibold text-slate-900">{item.name}</p>
            <p className="mt-0.5 text-xs text-slate-500">
              {item.kind === 'bonus'
                ? '兑换后立即以赠送金存入账户余额，可用于支付订单，不可提现或转账。'
                : '提交后由工作人员审核发放；如未通过，积分将退回。'}
            </p>
          </div>
          <div className="flex items-center justify-between gap-3">
            <span className="text-slate-600" id="exchange-count-label">
              兑换数量
            </span>
            <div className="flex items-center" role="group" aria-labelledby="exchange-count-label">
              <button
                type="button"
                className="size-9 rounded-l-lg border border-slate-300 text-lg text-slate-600 hover:bg-slate-50 disabled:opacity-40"
                aria-label="减少"
                disabled={count <= 1}
                onClick={() => setCount((c) => Math.max(1, c - 1))}
              >
                −
              </button>
              <output
                className="flex h-9 w-12 items-center justify-center border-y border-slate-300 tabular-nums"
                aria-live="polite"
                data-testid="exchange-count"
              >
                {count}
              </output>
              <button
                type="button"
                className="size-9 rounded-r-lg border border-slate-300 text-lg text-slate-600 hover:bg-slate-50 disabled:opacity-40"
                aria-label="增加"
                disabled={count >= MAX_EXCHANGE_COUNT}
                onClick={() => setCount((c) => Math.min(MAX_EXCHANGE_COUNT, c + 1))}
              >
                +
              </button>
            </div>
          </div>
          {item.kind === 'gift' && (
            <label className="grid gap-1 text-slate-600">
              备注（选填）
              <textarea
                className={textareaClass}
                name="note"
                maxLength={200}
                placeholder="如收卡方式等"
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
          )}
          <dl className="grid grid-cols-2 gap-y-2 rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-500">所需积分</dt>
            <dd className="text-right font-semibold text-hot-600 tabular-nums" data-testid="exchange-cost">
              {quote ? pts(quote.points) : pts(item.points * count)}
            </dd>
            <dt className="text-slate-500">{item.kind === 'bonus' ? '到账赠送金' : '礼品卡面值'}</dt>
            <dd className="text-right tabular-nums">¥{priceYuan(item.value_fen * count)}</dd>
            <dt className="text-slate-500">兑换后剩余</dt>
            <dd className="text-right tabular-nums">{quote ? pts(quote.balance_after) : '—'}</dd>
          </dl>
          {quote && !quote.enough && (
            <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-700">
              可用积分不足（现有 {pts(quote.balance)}）
            </p>
          )}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-600">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
