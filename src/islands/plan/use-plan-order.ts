// The state of /experiment/plan: the server-side plan and its line edits, the sample delivery
// form and remark, and placing the orders (refused while the basic info is incomplete).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LinePatch } from './PlanLineCard.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import { reloadUser } from '../ui/session-user.ts';
import { emptyDelivery, type DeliveryValue } from '../member/SampleDeliveryForm.tsx';
import { api, ApiError, isFailure } from '../../lib/client/api.ts';
import { applyPlan, type User } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import {
  INCOMPLETE_BASIC_INFO,
  missingBasicFields,
  type BasicInfo,
} from '../../lib/shared/member/completeness.ts';
import { deliverySchema } from '../../lib/shared/orders/order.ts';
import type { PlanView } from '../../lib/shared/plan/plan.ts';
import { SOURCE_PICKUP } from '../../lib/shared/plan/plan-rules.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { planApi } from '../../lib/shared/plan/api.ts';

export type Placed = OutputOf<typeof ordersApi.add>['list'][number];

const MSG_ORDER_PLACED = '提交成功!';

export function usePlanOrder(user: User | null) {
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
    // 再来一单 or a template brought a delivery and remark: the form starts from them (decision 0089).
    if (!loadedOnce.current && view.draft) {
      setDelivery({ ...emptyDelivery(view.draft.delivery.type), ...view.draft.delivery });
      setRemark(view.draft.remark);
    }
    // A line whose sample source is 上门取样 suggests the pickup form (once, on first load).
    else if (!loadedOnce.current && view.list.some((l) => l.source === SOURCE_PICKUP))
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

  return {
    plan,
    busy,
    delivery,
    setDelivery,
    remark,
    setRemark,
    placing,
    placed,
    blocked,
    missing,
    confirmDialog,
    take,
    save,
    remove,
    submit,
  };
}
