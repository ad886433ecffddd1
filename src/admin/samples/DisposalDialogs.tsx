// The dialogs that end a sample's stay in the lab (decisions 0073, 0078): 销毁 with method, reason
// and a witness (another staff member who types their own phone number and password here), for
// one sample or several at once, and 寄回 with the courier number. Used by 样品处置 and by the
// dashboard's overdue lists.
import { useState } from 'react';
import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { samplesAdminApi } from '../../lib/shared/samples/api.ts';
import { disposalAdminApi } from '../../lib/shared/samples/disposal-api.ts';
import { DISPOSAL_METHODS, type DisposedMany } from '../../lib/shared/samples/disposal.ts';

/** What the dialogs show of a sample (a row of 样品处置, or of an overdue promise). */
export type DisposalTarget = {
  rid: string;
  sample_no: string;
  name: string;
  item_name: string;
  retention_text: string;
  retain_until: string | null;
  customer: { name: string; phone: string };
};

type Witnessed = { method: string; reason: string; witness_phone: string; password: string; note: string };

/** How, why and who witnessed: the fields of every disposal. */
function DisposalFields({ v, set }: { v: Witnessed; set: (k: keyof Witnessed) => (value: string) => void }) {
  return (
    <>
      <Field label="处置方式">
        <input
          className={input}
          list="disposal-methods"
          value={v.method}
          onChange={(e) => set('method')(e.target.value)}
        />
        <datalist id="disposal-methods">
          {DISPOSAL_METHODS.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </Field>
      <Field label="处置原因">
        <input className={input} value={v.reason} onChange={(e) => set('reason')(e.target.value)} />
      </Field>
      <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">见证人确认</legend>
        <p className="text-xs text-slate-500">
          请另一位有样品处理权限的员工在场，输入其本人的手机号和登录密码。
        </p>
        <Field label="见证人手机号">
          <input
            className={input}
            inputMode="numeric"
            autoComplete="off"
            value={v.witness_phone}
            onChange={(e) => set('witness_phone')(e.target.value)}
          />
        </Field>
        <Field label="见证人密码">
          <input
            className={input}
            type="password"
            autoComplete="off"
            value={v.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        </Field>
      </fieldset>
      <Field label="备注">
        <input className={input} value={v.note} onChange={(e) => set('note')(e.target.value)} />
      </Field>
    </>
  );
}

function useWitnessed() {
  const [v, setV] = useState<Witnessed>({
    method: DISPOSAL_METHODS[0]!,
    reason: '保留期满',
    witness_phone: '',
    password: '',
    note: '',
  });
  const set = (k: keyof Witnessed) => (value: string) => setV((x) => ({ ...x, [k]: value }));
  return [v, set] as const;
}

export function DisposeDialog({
  row,
  onClose,
  onDone,
}: {
  row: DisposalTarget;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [v, set] = useWitnessed();
  return (
    <FormModal
      open
      danger
      title={`销毁样品 ${row.sample_no}`}
      submitText="确认销毁"
      onClose={onClose}
      onSubmit={() => staffAction(disposalAdminApi.dispose, { rid: row.rid, ...v }, '样品已销毁', onDone)}
    >
      <p className="text-sm text-slate-600">
        {row.name} · {row.item_name} · {row.retention_text}
        {row.retain_until && `，保留至 ${row.retain_until}`}
      </p>
      <DisposalFields v={v} set={set} />
    </FormModal>
  );
}

/**
 * Several samples destroyed the same way, with one witness confirmation. The server disposes of
 * each on its own: the refused ones come back with their reasons and stay listed here.
 */
export function DisposeManyDialog({
  rows,
  onClose,
  onDone,
}: {
  rows: DisposalTarget[];
  onClose: () => void;
  /** After the call; `refused` are the samples not destroyed, with why. */
  onDone: (refused: DisposedMany['refused']) => unknown;
}) {
  const [v, set] = useWitnessed();
  function submit() {
    let refused: DisposedMany['refused'] = [];
    return staffAction<DisposedMany>(
      disposalAdminApi.disposeMany,
      { rids: rows.map((r) => r.rid), ...v },
      (d) => {
        refused = d.refused;
        return d.refused.length
          ? `已销毁 ${d.disposed.length} 个，${d.refused.length} 个未销毁`
          : `已销毁 ${d.disposed.length} 个样品`;
      },
      () => onDone(refused),
    );
  }
  return (
    <FormModal
      open
      danger
      title={`批量销毁 ${rows.length} 个样品`}
      submitText={`确认销毁 ${rows.length} 个`}
      onClose={onClose}
      onSubmit={submit}
    >
      <ul className="max-h-40 overflow-auto rounded-md bg-slate-50 p-2 text-sm" aria-label="待销毁样品">
        {rows.map((r) => (
          <li key={r.rid} className="flex flex-wrap gap-x-2">
            <span className="font-mono tabular-nums">{r.sample_no}</span>
            <span className="text-slate-600">
              {r.name} · {r.item_name}
            </span>
          </li>
        ))}
      </ul>
      <DisposalFields v={v} set={set} />
    </FormModal>
  );
}

export function ReturnDialog({
  row,
  onClose,
  onDone,
}: {
  row: DisposalTarget;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [v, setV] = useState({ courier: '', number: '', note: '' });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <FormModal
      open
      title={`寄回样品 ${row.sample_no}`}
      submitText="确认已寄回"
      onClose={onClose}
      onSubmit={() =>
        staffAction(samplesAdminApi.event, { rid: row.rid, kind: 'returned', ...v }, '已记录寄回', onDone)
      }
    >
      <p className="text-sm text-slate-600">
        {row.name} · 客户 {row.customer.name || row.customer.phone}
      </p>
      <Field label="快递公司">
        <input className={input} value={v.courier} onChange={set('courier')} />
      </Field>
      <Field label="快递单号">
        <input className={input} value={v.number} onChange={set('number')} />
      </Field>
      <Field label="备注">
        <input className={input} value={v.note} onChange={set('note')} />
      </Field>
    </FormModal>
  );
}
