// The item editor's 承诺周期 section (decision 0079): the working days from receipt to data that
// the item page, the plan and quotes promise, and 加急 (fewer days for a fee per sample, applied in
// a quote). Saved on its own call, so the rest of the item form is untouched by it.
import { useEffect, useState } from 'react';
import { consoleApi, staffAction } from '../session.ts';
import { button, Field, input } from '../ui.tsx';
import { itemTurnaroundApi as api } from '../../lib/shared/catalogue/turnaround-api.ts';
import { itemTurnaroundSaveSchema } from '../../lib/shared/catalogue/turnaround.ts';
import { fenToYuan, yuanToFen } from '../../lib/shared/money.ts';

type Draft = { days: string; expedite: string; fee: string };

export function ItemTurnaround({ rid, editable }: { rid: string; editable: boolean }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void consoleApi.call(api.get, { rid }).then(
      (t) =>
        t &&
        setDraft({
          days: t.turnaround_days?.toString() ?? '',
          expedite: t.expedite_days?.toString() ?? '',
          fee: t.expedite_fee_fen === null ? '' : fenToYuan(t.expedite_fee_fen),
        }),
    );
  }, [rid]);
  if (!draft) return null;
  const field = (key: keyof Draft) => ({
    value: draft[key],
    disabled: !editable,
    onChange: (e: { target: { value: string } }) => {
      setDraft({ ...draft, [key]: e.target.value });
      setMessage(null);
    },
  });
  async function save() {
    const fee = draft!.fee.trim() === '' ? null : yuanToFen(draft!.fee);
    if (fee === null && draft!.fee.trim() !== '')
      return setMessage({ ok: false, text: '[加急费]格式不正确' });
    const body = { rid, turnaround_days: draft!.days, expedite_days: draft!.expedite, expedite_fee_fen: fee };
    const checked = itemTurnaroundSaveSchema.safeParse(body);
    if (!checked.success) return setMessage({ ok: false, text: checked.error.issues[0].message });
    const error = await staffAction(api.save, checked.data, '已更新承诺周期', () => undefined);
    setMessage(error ? { ok: false, text: error } : { ok: true, text: '已保存' });
  }
  return (
    <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3" aria-label="承诺周期">
      <legend className="px-1 text-sm font-medium text-slate-700">承诺周期（工作日）</legend>
      <div className="grid grid-cols-3 gap-3">
        <Field label="承诺工作日">
          <input className={input} name="turnaround_days" inputMode="numeric" {...field('days')} />
        </Field>
        <Field label="加急工作日">
          <input className={input} name="expedite_days" inputMode="numeric" {...field('expedite')} />
        </Field>
        <Field label="加急费（元/样）">
          <input className={input} name="expedite_fee" inputMode="decimal" {...field('fee')} />
        </Field>
      </div>
      <p className="text-xs text-slate-500">
        留空则不承诺。自收样次日起按工作日（含调休、扣除节假日与实验室停工）计算；修改只影响此后下单的订单。加急由业务经理在报价中加收并设定。
      </p>
      {editable && (
        <div className="flex items-center gap-3">
          <button type="button" className={button.ghost} onClick={() => void save()}>
            更新承诺周期
          </button>
          {message && (
            <span
              role={message.ok ? 'status' : 'alert'}
              className={`text-sm ${message.ok ? 'text-emerald-700' : 'text-red-600'}`}
            >
              {message.text}
            </span>
          )}
        </div>
      )}
    </fieldset>
  );
}
