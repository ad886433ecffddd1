// /experiment/plan: the server-side plan grouped by child category (31 样品前处理 first), sample
// counts and options per line, the sample delivery form, a remark, the total and 提交订单.
// The page is a prerendered shell; everything here comes from the API with the user's token.
import { EmptyPlan, IncompleteInfo, PlacedOrders, PlanItems, PlanTotal } from './PlanParts.tsx';
import { usePlanOrder } from './use-plan-order.ts';
import { Loading, textareaClass } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { useSessionUser } from '../ui/session-user.ts';
import SampleDeliveryForm from '../member/SampleDeliveryForm.tsx';
import { customerKindOf } from '../../lib/shared/orders/order-status.ts';
import { SaveTemplateButton } from './Repeat.tsx';
import { DraftNotice } from './DraftNotice.tsx';

function PlanPage() {
  const { user } = useSessionUser();
  // An enterprise's orders are quoted by staff before payment (decision 0007): say so up front.
  const enterprise = customerKindOf(user?.organization as number | null | undefined) === 'enterprise';
  const order = usePlanOrder(user);
  const { plan, placed, placing } = order;

  if (placed) return <PlacedOrders orders={placed} />;
  if (!plan) return <Loading />;
  if (plan.count === 0) return <EmptyPlan />;

  const pricedFen = plan.list.filter((l) => !l.quote_only).reduce((n, l) => n + l.line_fen, 0);
  const quoted = plan.list.filter((l) => l.quote_only).length;

  return (
    <div className="grid gap-4">
      {order.confirmDialog}
      {plan.draft && (
        <DraftNotice source={plan.draft.source} changed={plan.list.some((l) => l.was_price_fen !== null)} />
      )}
      <PlanItems
        plan={plan}
        quoted={quoted}
        busy={order.busy}
        placing={placing}
        onSave={order.save}
        onRemove={(rid, name) => void order.remove(rid, name)}
        onPlan={order.take}
      />

      <section className="card p-4 md:p-6" aria-labelledby="plan-delivery">
        <h2 id="plan-delivery" className="mb-4 text-lg font-bold text-slate-900">
          送样方式
        </h2>
        <SampleDeliveryForm value={order.delivery} onChange={order.setDelivery} />
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
          value={order.remark}
          onChange={(e) => order.setRemark(e.target.value)}
        />
      </section>

      {order.blocked && <IncompleteInfo missing={order.missing} />}

      <div className="flex justify-end">
        <SaveTemplateButton
          plan={{ delivery: order.delivery, remark: order.remark }}
          className="text-sm text-brand-600 hover:underline"
        />
      </div>

      <PlanTotal
        count={plan.count}
        pricedFen={pricedFen}
        quoted={quoted}
        enterprise={enterprise}
        placing={placing}
        onSubmit={() => void order.submit()}
      />
    </div>
  );
}

export default memberOnly(PlanPage);
