// What the customer writes on the order detail: report feedback, the evaluation of a completed
// order, and a sample return request.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import Section, { Empty } from './Section.tsx';
import { Spinner, TextField, textareaClass } from '../ui/kit.tsx';
import { sortAddresses } from '../ui/session-user.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { $user } from '../../lib/client/stores.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';
import { shanghaiMinute } from '../../lib/shared/slots.ts';
import {
  evaluateSchema,
  feedbackSchema,
  recycleAddSchema,
  type OrderDetail,
} from '../../lib/shared/orders/order.ts';
import { RECYCLE_STATUS_TEXT } from '../../lib/shared/orders/order-view.ts';

/** The first problem of a shared schema as an error toast; true when the value is fine. */
function valid(
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
    const res = await api.post('/api/auth/order/reportOrderFeedback', body);
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

export function Evaluation({ order, onSaved }: { order: OrderDetail; onSaved: () => void }) {
  const id = useId();
  const [score, setScore] = useState(5);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const saved = order.evaluation;
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { rid: order.rid, score, content };
    if (!valid(evaluateSchema, body)) return;
    setBusy(true);
    const res = await api.post('/api/auth/evaluate/add', body);
    setBusy(false);
    if (res === undefined) return;
    toast.success('感谢您的评价');
    onSaved();
  }
  return (
    <Section title="服务评价">
      {saved ? (
        <div data-evaluation className="text-sm">
          <div className="flex items-center gap-2">
            <Stars score={saved.score} />
            <span className="text-slate-600">{SCORE_TEXT[saved.score]}</span>
          </div>
          {saved.content && (
            <p className="mt-1.5 break-words whitespace-pre-line text-slate-700">{saved.content}</p>
          )}
          <p className="mt-1 text-xs text-slate-400">评价于 {shanghaiMinute(saved.created)}</p>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="grid gap-3">
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
            <span className="ml-2 text-sm text-slate-600">{SCORE_TEXT[score]}</span>
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
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy && <Spinner />} 提交评价
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}

type Recycle = {
  rid: string;
  status: string;
  name: string;
  phone: string;
  address: string;
  message: string;
  created: string;
};

/** A return request for samples marked 检测后回收, prefilled from the default address. */
export function SampleReturn({ order }: { order: OrderDetail }) {
  const user = useStore($user, { ssr: () => null });
  const [requests, setRequests] = useState<Recycle[] | null>(null);
  const [form, setForm] = useState({ name: '', phone: '', address: '', message: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  async function load() {
    const res = await api.post<{ list: Recycle[] }>('/api/auth/sample4recycle/list4person', {
      order_rid: order.rid,
      size: 10,
    });
    if (res) setRequests(res.list);
  }
  useEffect(() => {
    void load();
  }, [order.rid]);

  // The default address fills the form until the user types in it.
  useEffect(() => {
    if (touched) return;
    const a = sortAddresses(user?.addresses ?? [])[0];
    if (a)
      setForm((f) => ({
        ...f,
        name: a.name,
        phone: a.phone,
        address: `${regionLabel(a)} ${a.address}`.trim(),
      }));
  }, [user, touched]);

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setTouched(true);
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { rid: order.rid, ...form };
    if (!valid(recycleAddSchema, body)) return;
    setBusy(true);
    const res = await api.post('/api/auth/sample4recycle/add', body);
    setBusy(false);
    if (res === undefined) return;
    toast.success('回收申请已提交');
    await load();
  }

  return (
    <Section title="样品回收">
      {!requests ? (
        <Spinner />
      ) : requests.length > 0 ? (
        <ul aria-label="回收申请" className="grid gap-2 text-sm">
          {requests.map((r) => (
            <li key={r.rid} className="rounded-lg bg-slate-50 px-3 py-2.5">
              <p className="flex items-center justify-between gap-2">
                <span className="font-medium text-slate-800">回收申请</span>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                  {RECYCLE_STATUS_TEXT[r.status] ?? r.status}
                </span>
              </p>
              <p className="mt-1 text-slate-600">
                {r.name} <span className="tabular-nums">{r.phone}</span>
              </p>
              <p className="text-slate-600">{r.address}</p>
              {r.message && <p className="text-slate-500">备注：{r.message}</p>}
              <p className="mt-1 text-xs text-slate-400">提交于 {shanghaiMinute(r.created)}</p>
            </li>
          ))}
        </ul>
      ) : order.status === 'cancelled' ? (
        <Empty>订单已取消</Empty>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label="样品回收申请">
          <p className="text-xs text-slate-500">检测完成后5个工作日内寄回，全额付款后48小时内发出。</p>
          <TextField label="收件人" value={form.name} onChange={set('name')} maxLength={32} required />
          <TextField
            label="手机"
            type="tel"
            inputMode="numeric"
            value={form.phone}
            onChange={set('phone')}
            maxLength={11}
            required
          />
          <TextField
            label="寄回地址"
            value={form.address}
            onChange={set('address')}
            maxLength={200}
            required
          />
          <TextField label="备注" value={form.message} onChange={set('message')} maxLength={200} />
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy && <Spinner />} 申请寄回
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}
