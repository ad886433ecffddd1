// /experiment/plan: the server-side plan grouped by child category (31 样品前处理 first), sample
// counts and options per line, the sample delivery form, a remark, the total and 提交订单.
// The page is a prerendered shell; everything here comes from the API with the user's token.
import { useCallback, useEffect, useRef, useState } from 'react';
import PlanLineCard, { type LinePatch } from './PlanLineCard.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import { Loading, Spinner, textareaClass } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { reloadUser, useSessionUser } from '../ui/session-user.ts';
import SampleDeliveryForm, { emptyDelivery, type DeliveryValue } from '../member/SampleDeliveryForm.tsx';
import { api, ApiError, isFailure } from '../../lib/client/api.ts';
import { applyPlan } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import {
  INCOMPLETE_BASIC_INFO,
  missingBasicFields,
  type BasicInfo,
} from '../../lib/shared/member/completeness.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { customerKindOf } from '../../lib/shared/orders/order-status.ts';
import { deliverySchema } from '../../lib/shared/orders/order.ts';
import type { PlanView } from '../../lib/shared/plan/plan.ts';
import { SOURCE_PICKUP } from '../../lib/shared/plan/plan-rules.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { planApi } from '../../lib/shared/plan/api.ts';

type Placed = OutputOf<typeof ordersApi.add>['list'][number];

export const MSG_ORDER_PLACED = '提交成功!';
const openProfile = () => window.dispatchEvent(new CustomEvent('portal:open-profile'));

function PlanPage() {
  const { user } = useSessionUser();
  // An enterprise's orders are quoted by staff before payment (decision 0007): say so up front.
  const enterprise = customerKindOf(user?.organization as number | null | undefined) === 'enterprise';
  const [plan, setPlan] = useState<PlanView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [delivery, setDelivery] = useState<DeliveryValue>(() => emptyDelivery(0));
  const [remark, setRemark] = useState('');
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<Placed[] | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [confirmDialog, ask] = useConfirm();
  const loadedOnce = useRef(false);

  const take = useCallback((view: PlanView) => {
    setPlan(view);
    applyPlan(view);
  }, []);

  const reload = useCallback(async () => {
    const view = await api.call(planApi.list, {});
    if (!view) return;
    take(view);
    // A line whose sample source is 上门取样 suggests the pickup form (once, on first load).
    if (!loadedOnce.current && view.list.some((l) => l.source === SOURCE_PICKUP))
      setDelivery((d) => (d.type === 1 ? d : { ...emptyDelivery(1), message: d.message }));
    loadedOnce.current = true;
  }, [take]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // The warning goes away once the profile dialog has completed the basic info.
  const missing = missingBasicFields(user as BasicInfo | null);
  useEffect(() => {
    if (blocked && user && missing.length === 0) setBlocked(false);
  }, [blocked, user, missing.length]);

  if (placed) return <PlacedOrders orders={placed} />;
  if (!plan) return <Loading />;
  if (plan.count === 0) return <EmptyPlan />;

  async function save(rid: string, patch: LinePatch): Promise<boolean> {
    setBusy(rid);
    const view = await api.call(planApi.update, { rid, ...patch });
    setBusy(null);
    // A refusal (say, the line was ordered or removed in another tab) shows its message in a
    // toast; the plan is re-read so the page shows what the server holds.
    if (view) take(view);
    else await reload();
    return Boolean(view);
  }

  async function remove(rid: string, name: string) {
    const ok = await ask({
      title: '移除项目',
      text: `确定从实验计划中移除「${name}」吗？`,
      confirm: '移除',
      danger: true,
    });
    if (!ok) return;
    setBusy(rid);
    const view = await api.call(planApi.remove, { rids: [rid] });
    setBusy(null);
    if (view) {
      take(view);
      toast.success('操作成功!');
    }
  }

  async function submit() {
    // The server's own rule (src/lib/shared/completeness.ts); user/info is re-read once in case
    // the profile was completed in another tab.
    let current = user as BasicInfo | null;
    if (missingBasicFields(current).length > 0) current = (await reloadUser()) as BasicInfo | null;
    if (missingBasicFields(current).length > 0) {
      setBlocked(true);
      toast.error(INCOMPLETE_BASIC_INFO);
      return;
    }
    const checked = deliverySchema.safeParse(delivery);
    if (!checked.success) {
      toast.error(checked.error.issues[0]?.message ?? '请检查送样方式');
      return;
    }
    setPlacing(true);
    try {
      const res = await api.call(
        ordersApi.add,
        { plan_rids: plan!.list.map((l) => l.rid), delivery, remark: remark.trim() },
        { throws: true },
      );
      setPlaced(res?.list ?? []);
      applyPlan({ list: [], count: 0 });
      toast.success(MSG_ORDER_PLACED);
      window.scrollTo({ top: 0 });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '提交失败，请稍后重试';
      if (isFailure(error, 'INCOMPLETE_BASIC_INFO')) setBlocked(true);
      toast.error(message);
    } finally {
      setPlacing(false);
    }
  }

  const pricedFen = plan.list.filter((l) => !l.quote_only).reduce((n, l) => n + l.line_fen, 0);
  const quoted = plan.list.filter((l) => l.quote_only).length;

  return (
    <div className="grid gap-4">
      {confirmDialog}
      <section className="card p-4 md:p-6" aria-labelledby="plan-items">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="plan-items" className="text-lg font-bold text-slate-900">
            检测项目
          </h2>
          <p className="text-sm text-slate-500">
            共 {plan.count} 项 ·{' '}
            <a href="/project" className="text-brand-600 hover:underline">
              继续添加
            </a>
          </p>
        </div>
        {quoted > 0 && (
          <p className="mb-3 rounded-lg bg-hot-50 px-3 py-2 text-xs leading-relaxed text-hot-600">
            含 {quoted} 项需报价的项目：业务经理将尽快给出准确报价，报价确认后再付款；其余项目按标价计费。
          </p>
        )}
        <div className="grid gap-4">
          {plan.groups.map((g) => (
            <section
              key={g.type_id}
              aria-labelledby={`plan-group-${g.type_id}`}
              className="rounded-xl border border-slate-100"
            >
              <h3
                id={`plan-group-${g.type_id}`}
                className="flex items-center gap-2 rounded-t-xl border-b border-slate-100 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-700"
              >
                <span aria-hidden="true" className="h-3.5 w-1 rounded bg-brand-600" />
                {g.name || '其他'}
                <span className="font-normal text-slate-400">{g.items.length} 项</span>
              </h3>
              <ul className="divide-y divide-slate-100 px-4 py-4">
                {g.items.map((line) => (
                  <PlanLineCard
                    key={line.rid}
                    line={line}
                    busy={busy === line.rid || placing}
                    onSave={(patch) => save(line.rid, patch)}
                    onRemove={() => void remove(line.rid, line.name)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>

      <section className="card p-4 md:p-6" aria-labelledby="plan-delivery">
        <h2 id="plan-delivery" className="mb-4 text-lg font-bold text-slate-900">
          送样方式
        </h2>
        <SampleDeliveryForm value={delivery} onChange={setDelivery} />
      </section>

      <section className="card p-4 md:p-6" aria-labelledby="plan-remark">
        <h2 id="plan-remark" className="mb-3 text-lg font-bold text-slate-900">
          订单备注
        </h2>
        <textarea
          aria-labelledby="plan-remark"
          className={textareaClass}
          maxLength={500}
          placeholder="测试要求、发票抬头、联系时间等（选填）"
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
      </section>

      {blocked && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-hot-100 bg-hot-50 px-4 py-3 text-sm text-hot-600"
        >
          <p>
            {INCOMPLETE_BASIC_INFO}
            {missing.length > 0 && <span className="text-slate-500">（缺少：{missing.join('、')}）</span>}
          </p>
          <button type="button" className="btn-primary" onClick={openProfile}>
            完善基本信息
          </button>
        </div>
      )}

      <section
        aria-label="合计"
        className="card sticky bottom-0 z-10 flex items-center justify-between gap-3 p-3 shadow-lg sm:p-4 md:p-5"
      >
        <div className="min-w-0">
          <p className="text-xs text-slate-500 sm:text-sm">
            共 {plan.count} 项
            {enterprise
              ? '，企业客户由业务经理报价，报价确认后付款'
              : quoted > 0
                ? '，准确金额以报价为准'
                : ''}
          </p>
          <p className="flex flex-wrap items-baseline gap-x-1 text-sm text-slate-600">
            合计
            <span className="text-xl font-bold tabular-nums text-hot-600 md:text-2xl" data-plan-total>
              {formatFen(pricedFen)}
            </span>
            {enterprise ? (
              <span className="text-xs text-slate-500" data-plan-quote-note>
                （参考价，以报价为准）
              </span>
            ) : (
              quoted > 0 && <span className="font-semibold text-hot-600">+ 待报价</span>
            )}
          </p>
        </div>
        <button
          type="button"
          className="btn-primary h-11 shrink-0 px-5 text-base sm:min-w-36"
          disabled={placing}
          onClick={() => void submit()}
        >
          {placing && <Spinner />}
          提交订单
        </button>
      </section>
    </div>
  );
}

function EmptyPlan() {
  return (
    <div className="card px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="mx-auto grid size-16 place-items-center rounded-full bg-brand-50 text-brand-600"
      >
        <svg
          viewBox="0 0 24 24"
          width="32"
          height="32"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M9 3h6M10 3v6.5L4.6 18.3A1.8 1.8 0 0 0 6.2 21h11.6a1.8 1.8 0 0 0 1.6-2.7L14 9.5V3" />
          <path d="M7.5 15h9" />
        </svg>
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">实验计划还是空的</h2>
      <p className="mt-1 text-sm text-slate-500">挑选检测项目，加入实验计划后即可一并下单。</p>
      <a href="/project" className="btn-primary mt-5">
        去选择检测项目
      </a>
    </div>
  );
}

function PlacedOrders({ orders }: { orders: Placed[] }) {
  return (
    <section className="card p-5 md:p-8" aria-labelledby="plan-placed">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-50 text-xl text-accent-600"
        >
          ✓
        </span>
        <div>
          <h2 id="plan-placed" className="text-lg font-bold text-slate-900">
            订单已提交
          </h2>
          <p className="text-sm text-slate-500">
            {orders.length > 1 ? `已按服务类型生成 ${orders.length} 个订单。` : '已生成订单。'}
            请按订单状态寄送样品或等待上门取样。
          </p>
        </div>
      </div>
      <ul className="mt-5 grid gap-3" aria-label="已生成的订单">
        {orders.map((o) => (
          <li
            key={o.rid}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-100 px-4 py-3"
          >
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                {o.type_name && (
                  <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-normal text-brand-700">
                    {o.type_name}
                  </span>
                )}
                <span className="tabular-nums">{o.order_no}</span>
              </p>
              <p className="mt-0.5 text-slate-500">
                状态：<span className="text-slate-700">{o.status_text}</span>
                {o.status !== 'quoting' && (
                  <span className="ml-3 tabular-nums">金额：{formatFen(o.amount_fen)}</span>
                )}
              </p>
            </div>
            <a
              href={`/member/order?rid=${encodeURIComponent(o.rid)}`}
              className="btn-ghost border border-slate-200"
            >
              查看订单
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-3 text-sm">
        <a href="/member/order" className="text-brand-600 hover:underline">
          全部订单
        </a>
        <a href="/project" className="text-brand-600 hover:underline">
          继续选择检测项目
        </a>
      </div>
    </section>
  );
}

export default memberOnly(PlanPage);
