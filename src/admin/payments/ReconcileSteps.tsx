import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { BILL_PROVIDER_TEXT, type BillProvider } from '../../lib/shared/reconciliation.ts';
import { paymentsAdminApi } from '../../lib/shared/payments/api.ts';
import type { Difference } from './differences.tsx';
import type { BillDay } from './DailyRuns.tsx';

/** A difference being resolved, with the note written so far. */
export type Resolving = { difference: Difference; note: string };

/** 标记差异为已处理: the note is required and goes to the audit log. */
export function ResolveModal({
  resolving,
  onNote,
  onClose,
  reload,
}: {
  resolving: Resolving | null;
  onNote: (note: string) => void;
  onClose: () => void;
  reload: () => unknown;
}) {
  return (
    <FormModal
      open={resolving !== null}
      title="标记差异为已处理"
      submitText="标记为已处理"
      onClose={onClose}
      onSubmit={() =>
        staffAction(
          paymentsAdminApi.reconcileResolve,
          { rid: resolving!.difference.rid, note: resolving!.note },
          '已标记为已处理',
          reload,
        )
      }
    >
      {resolving && (
        <p className="text-sm text-slate-600">
          {resolving.difference.bill_date} {resolving.difference.provider_text}：{resolving.difference.detail}
        </p>
      )}
      <Field label="处理说明（必填，记入操作日志）">
        <textarea
          className={`${input} h-24 py-2`}
          name="note"
          value={resolving?.note ?? ''}
          onChange={(e) => onNote(e.target.value)}
          maxLength={200}
        />
      </Field>
    </FormModal>
  );
}

/** 重新对账: a provider's bill of one day (yesterday at the latest) downloaded and checked again. */
export function RerunModal({
  rerun,
  onChange,
  yesterday,
  onClose,
  reload,
}: {
  rerun: BillDay | null;
  onChange: (update: (day: BillDay | null) => BillDay | null) => void;
  yesterday: string;
  onClose: () => void;
  reload: () => unknown;
}) {
  return (
    <FormModal
      open={rerun !== null}
      title="重新对账"
      submitText="开始对账"
      onClose={onClose}
      onSubmit={() => staffAction(paymentsAdminApi.reconcileRerun, rerun!, '对账完成', reload)}
    >
      <p className="text-sm text-slate-600">重新下载该日账单并核对；已处理的差异和处理说明会保留。</p>
      <Field label="支付渠道">
        <select
          className={input}
          name="provider"
          value={rerun?.provider ?? 'wechatpay'}
          onChange={(e) => onChange((r) => r && { ...r, provider: e.target.value as BillProvider })}
        >
          {Object.entries(BILL_PROVIDER_TEXT).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="账单日期">
        <input
          className={input}
          type="date"
          name="bill_date"
          max={yesterday}
          value={rerun?.bill_date ?? yesterday}
          onChange={(e) => onChange((r) => r && { ...r, bill_date: e.target.value })}
        />
      </Field>
    </FormModal>
  );
}
