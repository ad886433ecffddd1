// The review dialog (decision 0075): what a reviewer decides on (the values with their units and
// remarks, the raw data files, who entered them), and 通过, or 退回 with a reason.
import { useState } from 'react';
import { staffAction } from '../session.ts';
import { Badge, Field, FormModal, input, when } from '../ui.tsx';
import { resultsAdminApi } from '../../lib/shared/results/api.ts';
import { RETURN_NEEDS_REASON } from '../../lib/shared/results/results.ts';
import type { ResultEntry, ResultFile } from '../../lib/shared/results/responses.ts';
import { FileLink } from './ResultFiles.tsx';

export type ReviewTarget = {
  rid: string;
  title: string;
  technician: string;
  approvals: number;
  reviews_required: number;
  latest: ResultEntry[];
  files: ResultFile[];
};

/** The values of a result as a small table (a reviewer's and the order page's read-only view). */
export function Values({ entries }: { entries: ResultEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-400">未录入数值</p>;
  return (
    <table className="w-full text-sm" aria-label="结果数值">
      <tbody className="divide-y divide-slate-100">
        {entries.map((e) => (
          <tr key={e.key}>
            <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap text-slate-500">
              {e.name}
            </th>
            <td className="py-1 font-medium tabular-nums">
              {e.value}
              {e.unit && <span className="ml-1 font-normal text-slate-500">{e.unit}</span>}
              {e.out_of_range && (
                <span className="ml-2">
                  <Badge tone="red">超出范围</Badge>
                </span>
              )}
              {e.remark && <span className="block text-xs font-normal text-slate-600">备注：{e.remark}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ReviewDialog({
  target,
  verdict,
  onClose,
  onDone,
}: {
  target: ReviewTarget;
  verdict: 'approve' | 'return';
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [reason, setReason] = useState('');
  const approve = verdict === 'approve';
  const method = target.latest.find((e) => e.method)?.method;
  const instrument = target.latest.find((e) => e.instrument)?.instrument;
  const last = target.latest
    .map((e) => e.entered_at)
    .sort()
    .at(-1);
  return (
    <FormModal
      open
      title={`${approve ? '审核通过' : '退回'}：${target.title}`}
      submitText={approve ? '通过' : '退回'}
      danger={!approve}
      onClose={onClose}
      onSubmit={async () => {
        if (!approve && !reason.trim()) return RETURN_NEEDS_REASON;
        return staffAction<unknown>(
          resultsAdminApi.review,
          { rid: target.rid, verdict, reason: reason.trim() },
          approve ? '已审核' : '已退回',
          onDone,
        );
      }}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">录入人</dt>
        <dd>{target.technician || '—'}</dd>
        <dt className="text-slate-500">方法</dt>
        <dd>{method || '—'}</dd>
        <dt className="text-slate-500">仪器</dt>
        <dd>{instrument || '—'}</dd>
        <dt className="text-slate-500">录入时间</dt>
        <dd>{when(last)}</dd>
        {target.reviews_required > 1 && (
          <>
            <dt className="text-slate-500">审核进度</dt>
            <dd>
              {target.approvals}/{target.reviews_required}
            </dd>
          </>
        )}
      </dl>
      <Values entries={target.latest} />
      {target.files.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="原始数据文件">
          {target.files.map((f) => (
            <li key={f.rid}>
              <FileLink file={f} />
            </li>
          ))}
        </ul>
      )}
      {!approve && (
        <Field label="退回原因">
          <input
            className={input}
            name="reason"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      )}
    </FormModal>
  );
}
