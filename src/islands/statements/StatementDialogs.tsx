// 确认无误 and 提出异议 on a pending statement.
import { useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Spinner, textareaClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { statementsApi } from '../../lib/shared/statements/api.ts';
import { signed, type Detail } from './parts.tsx';

export function ConfirmDialog({
  open,
  d,
  onClose,
  onDone,
}: {
  open: boolean;
  d: Detail;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const res = await api.call(statementsApi.confirm, { rid: d.rid });
    setBusy(false);
    if (res) {
      toast.success('已确认对账单');
      onDone();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="确认对账单"
      width={460}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
            {busy && <Spinner />} 确认无误
          </button>
        </>
      }
    >
      <p className="text-sm leading-relaxed text-slate-600">
        确认{d.month_text}对账单所列订单与资金往来无误？期末应付合计{' '}
        <strong className="text-hot-600">{formatFen(d.figures.due_fen)}</strong>。确认后不能再提出异议。
      </p>
    </Dialog>
  );
}

export function DisputeDialog({
  open,
  d,
  onClose,
  onDone,
}: {
  open: boolean;
  d: Detail;
  onClose: () => void;
  onDone: () => void;
}) {
  const [lines, setLines] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const toggle = (no: number) => setLines((l) => (l.includes(no) ? l.filter((n) => n !== no) : [...l, no]));
  const submit = async () => {
    if (!reason.trim()) return toast.error('请填写异议原因');
    setBusy(true);
    const res = await api.call(statementsApi.dispute, { rid: d.rid, lines, reason });
    setBusy(false);
    if (res) {
      toast.success('异议已提交');
      onDone();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="提出异议"
      width={620}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()}>
            {busy && <Spinner />} 提交异议
          </button>
        </>
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          有疑问的明细（可不选，表示对整张对账单有异议）
        </legend>
        <ul className="mt-2 grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {d.lines.map((l) => (
            <li key={l.no}>
              <label className="flex cursor-pointer items-start gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={lines.includes(l.no)}
                  onChange={() => toggle(l.no)}
                />
                <span className="min-w-0">
                  <span className="text-slate-400 tabular-nums">{l.no}.</span>{' '}
                  {l.kind === 'movement' ? l.title : l.order_no}
                  <span className="ml-2 text-slate-500 tabular-nums">
                    {l.kind === 'movement' ? signed(l.amount_fen || l.credit_fen) : formatFen(l.amount_fen)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="dispute-reason">
        异议原因 <span className="text-red-500">*</span>
      </label>
      <textarea
        id="dispute-reason"
        className={`${textareaClass} mt-1.5`}
        maxLength={500}
        rows={4}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="请说明哪里与您的记录不符，例如金额、订单或付款日期"
      />
    </Dialog>
  );
}
