import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { memberOnly } from '../ui/member-gate.tsx';
import { inputClass, Pager, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { COUPON_TABS, type CouponTab } from '../../lib/shared/coupons/coupons.ts';
import type { CouponPageSchema, CouponTemplateSchema } from '../../lib/shared/coupons/responses.ts';
import { couponsApi } from '../../lib/shared/coupons/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Claimable = OutputOf<typeof couponsApi.claimable>['list'][number];
type Counts = z.output<typeof CouponPageSchema>['counts'];
type Template = z.output<typeof CouponTemplateSchema>;

const TAB_KEYS = { 1: 'usable', 2: 'used', 3: 'invalid' } as const;
const tabOf = (hash: string): CouponTab =>
  (Number(Object.entries(TAB_KEYS).find(([, key]) => `#${key}` === hash)?.[0]) || 1) as CouponTab;

/** The big figure on the left of a ticket: ¥200, or 8.5折. */
function Face({ t }: { t: Template }) {
  if (t.kind === 'percent')
    return (
      <span className="text-3xl font-bold tabular-nums">
        {(100 - t.percent_off) / 10}
        <span className="ml-0.5 text-base font-semibold">折</span>
      </span>
    );
  return (
    <span className="text-3xl font-bold tabular-nums">
      <span className="mr-0.5 text-base font-semibold">¥</span>
      {fenToYuan(t.value_fen).replace(/\.00$/, '')}
    </span>
  );
}

/** 2026-11-23 至 2026-12-22 (the end is exclusive: the last valid day is shown). */
const windowText = (from: string, to: string) =>
  `${shanghaiDate(new Date(from))} 至 ${shanghaiDate(new Date(to).getTime() - 1)}`;

const templateValidity = (t: Template) =>
  t.validity === 'days' ? `领取后${t.valid_days}天内有效` : windowText(t.valid_from ?? '', t.valid_to ?? '');

/** A coupon as a ticket: the value on a coloured stub, the rule, scope and validity beside it. */
function Ticket({
  t,
  muted,
  validity,
  stamp,
  action,
}: {
  t: Template;
  muted?: boolean;
  validity: string;
  stamp?: string;
  action?: React.ReactNode;
}) {
  return (
    <li
      data-coupon
      className={`relative flex min-w-0 overflow-hidden rounded-xl ring-1 ${
        muted ? 'bg-slate-50 ring-slate-200' : 'bg-white ring-hot-100'
      }`}
    >
      <div
        className={`flex w-28 shrink-0 flex-col items-center justify-center gap-1 px-2 py-4 text-white sm:w-32 ${
          muted ? 'bg-slate-300' : 'bg-gradient-to-br from-hot-500 to-hot-600'
        }`}
      >
        <Face t={t} />
        <span className="text-center text-xs leading-tight opacity-90">
          {t.threshold_fen > 0 ? `满${fenToYuan(t.threshold_fen).replace(/\.00$/, '')}可用` : '无门槛'}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-2 p-3 sm:p-4">
        <div className="min-w-0">
          <p className={`truncate font-semibold ${muted ? 'text-slate-500' : 'text-slate-900'}`}>{t.name}</p>
          <p className="mt-1 text-sm text-slate-500">
            {t.rule_text}
            <span className="mx-1.5 text-slate-300">|</span>
            {t.scope_text}
            {t.first_order_only && <span className="ml-1.5 text-hot-600">仅限首单</span>}
          </p>
        </div>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <p className="text-xs text-slate-400">{validity}</p>
          {action}
        </div>
      </div>
      {stamp && (
        <span
          aria-hidden="true"
          className="absolute top-2 right-2 rotate-12 rounded border-2 border-slate-300 px-1.5 text-xs font-bold text-slate-400"
        >
          {stamp}
        </span>
      )}
    </li>
  );
}

/** 领券中心 and 兑换码: the coupons on offer and redeeming a code. */
function Centre({ onClaimed }: { onClaimed: () => void }) {
  const [list, setList] = useState<Claimable[] | null>(null);
  const [busy, setBusy] = useState('');
  const [code, setCode] = useState('');

  const load = useCallback(async () => {
    const res = await api.call(couponsApi.claimable, {});
    if (res) setList(res.list);
  }, []);
  useEffect(() => void load(), [load]);

  async function claim(body: Record<string, string>, key: string) {
    if (busy) return;
    setBusy(key);
    const res = await api.call(couponsApi.claim, body);
    setBusy('');
    if (!res) return;
    toast.success(body.code ? '兑换成功!' : '领取成功!');
    setCode('');
    void load();
    onClaimed();
  }

  function redeem(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return toast.error('请输入兑换码');
    void claim({ code: code.trim() }, 'code');
  }

  return (
    <section className="card p-4 md:p-5" aria-labelledby="coupon-centre">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="coupon-centre" className="text-lg font-semibold text-slate-900">
          领券中心
        </h2>
        <form onSubmit={redeem} className="flex w-full gap-2 sm:w-auto">
          <label htmlFor="coupon-code" className="sr-only">
            兑换码
          </label>
          <input
            id="coupon-code"
            className={`${inputClass} min-w-0 flex-1 uppercase sm:w-48`}
            placeholder="输入兑换码"
            maxLength={32}
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="btn-primary shrink-0" disabled={busy === 'code'}>
            {busy === 'code' && <Spinner />}
            兑换
          </button>
        </form>
      </div>
      {list === null ? (
        <p className="flex items-center justify-center gap-2 py-6 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-400">暂无可领取的优惠券，敬请期待</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.map((t) => (
            <Ticket
              key={t.rid}
              t={t}
              validity={templateValidity(t)}
              action={
                <button
                  type="button"
                  className={`${t.can_claim ? 'btn-primary' : 'btn-ghost'} h-8 px-4 text-sm`}
                  disabled={!t.can_claim || busy !== ''}
                  onClick={() => void claim({ template_rid: t.rid }, t.rid)}
                  aria-label={t.can_claim ? `领取${t.name}` : undefined}
                >
                  {busy === t.rid && <Spinner />}
                  {t.can_claim ? '立即领取' : t.sold_out ? '已领完' : '已领取'}
                </button>
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /member/coupon: the coupon centre (claim, or redeem a code) and my coupons in three tabs —
 * 可使用 with 去使用, 已使用 with the order it paid, 已失效 — the tab kept in the address.
 */
function Coupons() {
  const [tab, setTab] = useState<CouponTab>(1);
  const list = usePagedList(couponsApi.mine, {
    size: 10,
    filter: { state: tab },
  });
  const { data } = list;
  const [counts, setCounts] = useState<Counts | null>(null);
  useEffect(() => {
    if (data) setCounts(data.counts);
  }, [data]);

  useEffect(() => {
    const sync = () => setTab(tabOf(window.location.hash));
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, []);

  const choose = (t: CouponTab) => {
    setTab(t);
    history.replaceState(null, '', `#${TAB_KEYS[t]}`);
  };
  const countOf = (t: CouponTab) => (counts ? counts[TAB_KEYS[t]] : null);

  return (
    <div className="grid grid-cols-1 gap-4">
      <Centre onClaimed={() => list.reload({ first: true })} />
      <section className="card p-3 md:p-5" aria-label="我的优惠券">
        <div
          role="tablist"
          aria-label="优惠券状态"
          className="-mx-3 mb-4 flex gap-1 overflow-x-auto border-b border-slate-100 px-3 md:-mx-5 md:px-5"
        >
          {([1, 2, 3] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`tab-${TAB_KEYS[t]}`}
              aria-selected={t === tab}
              aria-controls="coupon-panel"
              onClick={() => choose(t)}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap transition-colors ${
                t === tab
                  ? 'border-brand-600 font-semibold text-brand-700'
                  : 'border-transparent text-slate-500 hover:text-brand-700'
              }`}
            >
              {COUPON_TABS[t]}
              {countOf(t) !== null && <span className="ml-1 tabular-nums">({countOf(t)})</span>}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="coupon-panel" aria-labelledby={`tab-${TAB_KEYS[tab]}`}>
          {data === null ? (
            <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
              <Spinner /> 加载中…
            </p>
          ) : data.list.length === 0 ? (
            <p className="py-10 text-center text-sm text-slate-400">
              {tab === 1 ? '暂无可使用的优惠券，去领券中心看看吧' : `暂无${COUPON_TABS[tab]}的优惠券`}
            </p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {data.list.map((c) => (
                <Ticket
                  key={c.rid}
                  t={c.template}
                  muted={tab !== 1}
                  validity={`有效期 ${windowText(c.valid_from, c.valid_to)}`}
                  stamp={tab === 1 ? (c.state_text === '未开始' ? '未开始' : undefined) : c.state_text}
                  action={
                    tab === 1 ? (
                      <a href="/member/unpaid" className="btn-primary h-8 px-4 text-sm">
                        去使用
                      </a>
                    ) : c.order_rid && c.state === 'used' ? (
                      <a
                        href={`/member/order?rid=${c.order_rid}`}
                        className="text-sm text-brand-700 hover:underline"
                      >
                        抵扣 ¥{fenToYuan(c.discount_fen ?? 0)} · 查看订单
                      </a>
                    ) : null
                  }
                />
              ))}
            </ul>
          )}
          <Pager page={list.page} pages={list.pages} label="优惠券分页" onPage={list.setPage} />
        </div>
      </section>
    </div>
  );
}

export default memberOnly(Coupons);
