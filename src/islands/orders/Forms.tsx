// What the customer writes about an order on its detail: report feedback and the evaluation of a
// completed order (the sample return and the courier have their own files).
import { useId, useState, type FormEvent } from 'react';
import Section from './Section.tsx';
import { Spinner, textareaClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { evaluateSchema, feedbackSchema, type OrderDetail } from '../../lib/shared/orders/order.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

/** The first problem of a shared schema as an error toast; true when the value is fine. */
export function valid(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  if (!r.success) toast.error(r.error?.issues[0]?.message ?? '请检查填写内容');
  return r.success;
}

export function Feedback({ order, onSaved }: { order: OrderDetail; onSaved: () => void }) {
  const id = useId();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const earlier = order.timeline.filter((e) => e.action === 'feedback');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { rid: order.rid, content };
    if (!valid(feedbackSchema, body)) return;
    setBusy(true);
    const res = await api.call(ordersApi.feedback, body);
    setBusy(false);
    if (res === undefined) return;
    toast.success('反馈已提交，我们会尽快处理');
    setContent('');
    onSaved();
  }
  return (
    <Section title="报告反馈">
      {earlier.length > 0 && (
        <ul aria-label="已提交的反馈" className="mb-3 grid gap-2">
          {earlier.map((f, i) => (
            <li key={i} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <p className="break-words whitespace-pre-line text-slate-700">{f.note}</p>
              <p className="mt-1 text-xs text-slate-400">{shanghaiMinute(f.at)}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} className="grid gap-2">
        <label htmlFor={id} className="text-sm text-slate-600">
          对报告或数据有疑问？告诉我们
        </label>
        <textarea
          id={id}
          className={textareaClass}
          maxLength={1000}
          rows={3}
          value={content}
          placeholder="请描述报告中的问题，例如数据缺失、格式不符"
          onChange={(e) => setContent(e.target.value)}
        />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Spinner />} 提交反馈
          </button>
        </div>
      </form>
    </Section>
  );
}

function Stars({ score }: { score: number }) {
  return (
    <span aria-label={`${score} 分`} className="text-lg tracking-wider text-amber-400">
      {'★'.repeat(score)}
      <span className="text-slate-200">{'★'.repeat(5 - score)}</span>
    </span>
  );
}

const SCORE_TEXT = ['', '很差', '较差', '一般', '满意', '非常满意'];

/**
 * 服务评价: the customer picks a score (none is chosen for them) and may add words; a saved
 * evaluation can be changed once (修改评价), then it stays.
 */
export function Evaluation({ order, onSaved }: { order: OrderDetail; onSaved: () => void }) {
  const saved = order.evaluation;
  const [editing, setEditing] = useState(false);
  return (
    <Section title="服务评价">
      {saved && !editing ? (
        <div data-evaluation className="text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Stars score={saved.score} />
            <span className="text-slate-600">{SCORE_TEXT[saved.score]}</span>
            {saved.edited === null && (
              <button
                type="button"
                className="ml-auto rounded-md px-2 py-1 text-sm text-brand-700 hover:bg-brand-50"
                onClick={() => setEditing(true)}
              >
                修改评价
              </button>
            )}
          </div>
          {saved.content && (
            <p className="mt-1.5 break-words whitespace-pre-line text-slate-700">{saved.content}</p>
          )}
          <p className="mt-1 text-xs text-slate-400">
            评价于 {shanghaiMinute(saved.created)}
            {saved.edited && `，修改于 ${shanghaiMinute(saved.edited)}（评价只能修改一次）`}
          </p>
        </div>
      ) : (
        <EvaluationForm
          order={order}
          initial={saved}
          onCancel={saved ? () => setEditing(false) : undefined}
          onSaved={() => {
            setEditing(false);
            onSaved();
          }}
        />
      )}
    </Section>
  );
}

function EvaluationForm({
  order,
  initial,
  onCancel,
  onSaved,
}: {
  order: OrderDetail;
  initial: OrderDetail['evaluation'];
  onCancel?: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  // No score is chosen for the customer: 0 until they pick one.
  const [score, setScore] = useState(initial?.score ?? 0);
  const [content, setContent] = useState(initial?.content ?? '');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (score === 0) {
      toast.error('请选择评分');
      return;
    }
    const body = { rid: order.rid, score, content };
    if (!valid(evaluateSchema, body)) return;
    setBusy(true);
    const res = await api.call(ordersApi.evaluate, body);
    setBusy(false);
    if (res === undefined) return;
    toast.success(initial ? '评价已修改' : '感谢您的评价');
    onSaved();
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label={initial ? '修改评价' : '评价'}>
      {initial && <p className="text-sm text-amber-700">评价只能修改一次，提交后不能再改。</p>}
      <div role="radiogroup" aria-label="评分" className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer text-2xl leading-none" title={SCORE_TEXT[n]}>
            <input
              type="radio"
              name={`${id}-score`}
              value={n}
              checked={score === n}
              onChange={() => setScore(n)}
              aria-label={`${n} 星`}
              className="sr-only"
            />
            <span aria-hidden="true" className={n <= score ? 'text-amber-400' : 'text-slate-200'}>
              ★
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600">{score ? SCORE_TEXT[score] : '请选择评分'}</span>
      </div>
      <label htmlFor={id} className="sr-only">
        评价内容
      </label>
      <textarea
        id={id}
        className={textareaClass}
        maxLength={500}
        rows={3}
        value={content}
        placeholder="说说这次检测服务的体验（选填）"
        onChange={(e) => setContent(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" className="btn-ghost" onClick={onCancel}>
            取消修改
          </button>
        )}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy && <Spinner />} {initial ? '保存修改' : '提交评价'}
        </button>
      </div>
    </form>
  );
}
