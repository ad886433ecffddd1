// The parts of /experiment/plan (PlanPage): the plan's lines by child category, the basic-info
// warning, the sticky total with 提交订单, and the two whole-page states (empty, placed).
import PlanLineCard, { type LinePatch } from './PlanLineCard.tsx';
import type { Placed } from './use-plan-order.ts';
import { Spinner } from '../ui/kit.tsx';
import WechatSubscribe from '../notify/WechatSubscribe.tsx';
import { INCOMPLETE_BASIC_INFO } from '../../lib/shared/member/completeness.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { LAB_SAMPLE_TYPE_ID } from '../../lib/shared/orders/order-status.ts';
import type { PlanView } from '../../lib/shared/plan/plan.ts';

const openProfile = () => window.dispatchEvent(new CustomEvent('portal:open-profile'));

/** 检测项目: the lines grouped by child category, each editable and removable. */
export function PlanItems({
  plan,
  quoted,
  busy,
  placing,
  onSave,
  onRemove,
  onPlan,
}: {
  plan: PlanView;
  /** How many lines are quoted by staff rather than priced. */
  quoted: number;
  /** The line being saved or removed. */
  busy: string | null;
  placing: boolean;
  onSave: (rid: string, patch: LinePatch) => Promise<boolean>;
  onRemove: (rid: string, name: string) => void;
  /** A sample sheet went in: the plan as the server now holds it. */
  onPlan: (view: PlanView) => void;
}) {
  return (
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
                  onSave={(patch) => onSave(line.rid, patch)}
                  onRemove={() => onRemove(line.rid, line.name)}
                  onPlan={onPlan}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

/** Ordering was refused for incomplete basic info: what is missing and the way to complete it. */
export function IncompleteInfo({ missing }: { missing: readonly string[] }) {
  return (
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
  );
}

/** 合计: the priced lines' total (quoted ones follow), sticky at the bottom, with 提交订单. */
export function PlanTotal({
  count,
  pricedFen,
  quoted,
  enterprise,
  placing,
  onSubmit,
}: {
  count: number;
  pricedFen: number;
  quoted: number;
  /** An enterprise's orders are quoted by staff before payment (decision 0007). */
  enterprise: boolean;
  placing: boolean;
  onSubmit: () => void;
}) {
  return (
    <section
      aria-label="合计"
      className="card sticky bottom-0 z-10 flex items-center justify-between gap-3 p-3 shadow-lg sm:p-4 md:p-5"
    >
      <div className="min-w-0">
        <p className="text-xs text-slate-500 sm:text-sm">
          共 {count} 项
          {enterprise ? '，企业客户由业务经理报价，报价确认后付款' : quoted > 0 ? '，准确金额以报价为准' : ''}
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
        onClick={onSubmit}
      >
        {placing && <Spinner />}
        提交订单
      </button>
    </section>
  );
}

/** No line in the plan yet: where to find some. */
export function EmptyPlan() {
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
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <a href="/project" className="btn-primary">
          去选择检测项目
        </a>
        <a href="/member/template" className="btn-ghost">
          从常用模板开始
        </a>
      </div>
    </div>
  );
}

/** The orders just placed (one per service type), each with a link to it. */
export function PlacedOrders({ orders }: { orders: Placed[] }) {
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
            {orders.some((o) => o.type_id === LAB_SAMPLE_TYPE_ID)
              ? '寄送前请打印样品标签贴在样品管上，再寄送样品或等待上门取样。'
              : '请在订单详情中上传待分析的数据文件。'}
          </p>
        </div>
      </div>
      <WechatSubscribe orderRids={orders.map((o) => o.rid)} />
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
            <span className="flex flex-wrap gap-2">
              {/* A quote request gets its sample IDs, and so its labels, when it is quoted. */}
              {o.type_id === LAB_SAMPLE_TYPE_ID && o.status !== 'quoting' && (
                <a href={`/member/order?rid=${encodeURIComponent(o.rid)}#labels`} className="btn-primary">
                  打印样品标签
                </a>
              )}
              <a
                href={`/member/order?rid=${encodeURIComponent(o.rid)}`}
                className="btn-ghost border border-slate-200"
              >
                查看订单
              </a>
            </span>
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
