// 再来一单 and 存为常用模板 (decision 0089): one click puts a past order back into the plan and
// opens it; a small dialog names a template kept from an order or from the plan.
import { useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { TextField } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { applyPlan } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import { planApi } from '../../lib/shared/plan/api.ts';
import { TEMPLATE_NAME_MAX, type FilledPlan } from '../../lib/shared/plan/templates.ts';
import type { Delivery } from '../../lib/shared/orders/order.ts';

const PLAN_PATH = '/experiment/plan';
export const PLAN_NOTICE_KEY = 'plan-fill-notice';

/** After 再来一单 or a template: what was left out and whose price moved, then the plan. */
export function openFilledPlan(filled: FilledPlan) {
  applyPlan(filled);
  const notes = [
    filled.skipped.length > 0 && `以下项目已下架，未加入：${filled.skipped.join('、')}`,
    filled.changed.length > 0 &&
      `价格已变动：${filled.changed.map((c) => `${c.name} ${formatFen(c.was_fen)} → ${formatFen(c.now_fen)}`).join('；')}`,
  ].filter(Boolean);
  // The plan page shows these once, beside where the lines came from.
  sessionStorage.setItem(PLAN_NOTICE_KEY, notes.join('。'));
  window.location.assign(PLAN_PATH);
}

/** 再来一单 on an order: its items, samples, options, delivery and remark into the plan. */
export function RepeatButton({
  rid,
  orderNo,
  className,
}: {
  rid: string;
  orderNo: string;
  className: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={className}
      aria-label={`订单 ${orderNo} 再来一单`}
      onClick={async () => {
        setBusy(true);
        const filled = await api.call(ordersApi.repeat, { rid });
        if (filled) openFilledPlan(filled);
        else setBusy(false);
      }}
    >
      再来一单
    </button>
  );
}

/**
 * 存为常用模板: from an order (`rid`) or from the plan (its delivery and remark as the page holds
 * them).
 */
export function SaveTemplateButton({
  rid,
  plan,
  className,
}: {
  rid?: string;
  plan?: { delivery: Delivery; remark: string };
  className: string;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const done = rid
      ? await api.call(ordersApi.saveTemplate, { rid, name })
      : await api.call(planApi.templateSave, { name, delivery: plan?.delivery, remark: plan?.remark });
    setBusy(false);
    if (!done) return;
    toast.success('已保存为常用模板，可在个人中心「常用模板」中使用');
    setOpen(false);
    setName('');
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        存为常用模板
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="存为常用模板"
        width={480}
        footer={
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
              取消
            </button>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void save()}>
              保存
            </button>
          </div>
        }
      >
        <p className="mb-3 text-sm text-slate-500">
          模板保存项目、样品、测试参数、送样方式和备注；下次可从模板一键开始下单，价格按当时的价格计算。
        </p>
        <TextField
          label="模板名称"
          required
          maxLength={TEMPLATE_NAME_MAX}
          placeholder="如：每月 XRD 送样"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Dialog>
    </>
  );
}
