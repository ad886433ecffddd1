// /member/template: the customer's saved templates (常用模板, decision 0089): start the plan from
// one, or delete it.
import { useCallback, useEffect, useState } from 'react';
import { openFilledPlan } from './Repeat.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import { Loading } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { planApi } from '../../lib/shared/plan/api.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import type { PlanTemplate } from '../../lib/shared/plan/templates.ts';

function TemplateList() {
  const [list, setList] = useState<PlanTemplate[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDialog, ask] = useConfirm();

  const load = useCallback(async () => {
    const res = await api.call(planApi.templateList, {});
    if (res) setList(res.list);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function use(t: PlanTemplate) {
    setBusy(t.rid);
    const filled = await api.call(planApi.templateUse, { rid: t.rid });
    if (filled) openFilledPlan(filled);
    else setBusy(null);
  }

  async function remove(t: PlanTemplate) {
    const ok = await ask({
      title: '删除模板',
      text: `确定删除模板「${t.name}」吗？`,
      confirm: '删除',
      danger: true,
    });
    if (!ok) return;
    setBusy(t.rid);
    const done = await api.call(planApi.templateDelete, { rid: t.rid });
    setBusy(null);
    if (done !== undefined) {
      toast.success('已删除');
      await load();
    }
  }

  if (!list) return <Loading />;
  return (
    <div className="grid gap-3">
      {confirmDialog}
      {list.length === 0 ? (
        <p className="card px-6 py-12 text-center text-sm text-slate-500">
          还没有常用模板。在订单详情或实验计划中点「存为常用模板」，下次即可一键下单。
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.map((t) => (
            <li
              key={t.rid}
              aria-label={`模板「${t.name}」`}
              className="card flex flex-wrap items-center gap-x-4 gap-y-2 p-4"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{t.name}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {t.items.map((i) => `${i.name} × ${i.count}`).join('、')}
                </p>
                <p className="mt-1 text-xs text-slate-400">
                  {t.delivery_text} · 保存于 {shanghaiMinute(t.created)}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn-ghost text-red-600"
                  disabled={busy !== null}
                  onClick={() => void remove(t)}
                >
                  删除
                </button>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={busy !== null}
                  onClick={() => void use(t)}
                >
                  用此模板下单
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default memberOnly(TemplateList);
