// The order page's 检测结果 section (decision 0075): one card per sample and item with its status;
// the entry form while it is a draft (orders.process), its values once submitted, 通过 / 退回 for a
// reviewer who entered nothing of it, 重测 with a reason once approved, and its history.
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, when } from '../ui.tsx';
import { resultsAdminApi } from '../../lib/shared/results/api.ts';
import { EDITABLE } from '../../lib/shared/results/results.ts';
import type { OrderResultsSchema, ResultView } from '../../lib/shared/results/responses.ts';
import { ResultForm } from './ResultForm.tsx';
import { ReviewDialog, Values } from './ReviewDialog.tsx';
import { FileLink } from './ResultFiles.tsx';
import { ResultHistory } from './ResultHistory.tsx';

type Data = z.output<typeof OrderResultsSchema>;

const TONE = { draft: 'slate', submitted: 'hot', returned: 'red', approved: 'accent' } as const;

export function OrderResults({ orderRid, me }: { orderRid: string; me: Me }) {
  const [data, setData] = useState<Data | null>(null);
  const load = useCallback(async () => {
    const d = await consoleApi.call(resultsAdminApi.list, { rid: orderRid });
    if (d) setData(d);
  }, [orderRid]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!data || data.results.length === 0) return null;
  const approved = data.results.filter((r) => r.status === 'approved').length;
  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="results">
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="results" className="text-sm font-semibold">
          检测结果
        </h2>
        <span className="text-xs text-slate-500">
          已审核 {approved}/{data.results.length} · 每个结果需 {data.reviews_required}{' '}
          人审核，录入人不能审核自己的结果
        </span>
      </div>
      <div className="grid gap-3">
        {data.results.map((r) => (
          <ResultCard key={r.rid} r={r} me={me} instruments={data.instruments} onDone={load} />
        ))}
      </div>
    </section>
  );
}

function ResultCard({
  r,
  me,
  instruments,
  onDone,
}: {
  r: ResultView;
  me: Me;
  instruments: Data['instruments'];
  onDone: () => unknown;
}) {
  const [dialog, setDialog] = useState<'approve' | 'return' | 'reopen' | null>(null);
  const [history, setHistory] = useState(false);
  const canEnter = me.permissions.includes('orders.process');
  const canReview = me.permissions.includes('results.review');
  const editing = canEnter && EDITABLE.includes(r.status);
  const title = [r.sample_no, r.sample_name, r.item_name].filter(Boolean).join(' · ');
  const lastReturn = r.status === 'returned' ? r.reviews.findLast((v) => v.verdict === 'return') : undefined;
  const lastReopen = r.status === 'draft' ? r.reviews.findLast((v) => v.verdict === 'reopen') : undefined;
  return (
    <article
      className="rounded-md border border-slate-200 p-3"
      aria-label={`结果 ${r.sample_no || r.item_name}`}
      data-result={r.rid}
    >
      <header className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-medium">
          {r.sample_no && <span className="font-mono tabular-nums">{r.sample_no}</span>}
          {r.sample_no ? ` · ${r.sample_name} · ${r.item_name}` : r.item_name}
        </h3>
        <Badge tone={TONE[r.status]}>{r.status_text}</Badge>
        {r.status === 'submitted' && r.reviews_required > 1 && (
          <span className="text-xs text-slate-500">
            审核 {r.approvals}/{r.reviews_required}
          </span>
        )}
        {!r.accredited && <Badge tone="hot">非认可项目</Badge>}
        {r.subcontracted_to && <Badge>分包：{r.subcontracted_to}</Badge>}
        <span className="ml-auto flex flex-wrap gap-1">
          {r.status === 'submitted' && canReview && !r.review_refusal && (
            <>
              <button type="button" className={button.primary} onClick={() => setDialog('approve')}>
                通过
              </button>
              <button type="button" className={button.danger} onClick={() => setDialog('return')}>
                退回
              </button>
            </>
          )}
          {r.status === 'approved' && canEnter && (
            <button type="button" className={button.ghost} onClick={() => setDialog('reopen')}>
              重测
            </button>
          )}
          <button
            type="button"
            className={button.link}
            aria-expanded={history}
            onClick={() => setHistory(!history)}
          >
            记录（{r.history.length + r.reviews.length}）
          </button>
        </span>
      </header>
      {lastReturn && (
        <p className="mb-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {lastReturn.reviewer} 于 {when(lastReturn.at)} 退回：{lastReturn.reason}
        </p>
      )}
      {lastReopen && (
        <p className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {lastReopen.reviewer} 于 {when(lastReopen.at)} 申请重测：{lastReopen.reason}
        </p>
      )}
      {r.status === 'submitted' && canReview && r.review_refusal && (
        <p className="mb-2 text-xs text-slate-500">{r.review_refusal}</p>
      )}
      {editing ? (
        <ResultForm result={r} instruments={instruments} onDone={onDone} />
      ) : (
        <Values entries={r.latest} />
      )}
      {r.files.length > 0 && (
        <ul className="mt-2 grid gap-1 text-sm" aria-label="原始数据文件">
          {r.files.map((f) => (
            <li key={f.rid}>
              <FileLink file={f} />
            </li>
          ))}
        </ul>
      )}
      {history && <ResultHistory r={r} />}
      {(dialog === 'approve' || dialog === 'return') && (
        <ReviewDialog
          target={{ ...r, title, technician: r.technicians.join('、') }}
          verdict={dialog}
          onClose={() => setDialog(null)}
          onDone={onDone}
        />
      )}
      {dialog === 'reopen' && (
        <ReopenDialog rid={r.rid} title={title} onClose={() => setDialog(null)} onDone={onDone} />
      )}
    </article>
  );
}

function ReopenDialog({
  rid,
  title,
  onClose,
  onDone,
}: {
  rid: string;
  title: string;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [reason, setReason] = useState('');
  return (
    <FormModal
      open
      title={`重测：${title}`}
      submitText="退回重测"
      danger
      onClose={onClose}
      onSubmit={() => staffAction(resultsAdminApi.reopen, { rid, reason }, '已退回重测', onDone)}
    >
      <p className="text-sm text-slate-600">
        结果将回到待录入状态，原有录入和审核记录全部保留；重新录入后须再次审核。
      </p>
      <Field label="重测原因">
        <input
          className={input}
          name="reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}
