// What the customer writes on the order detail: report feedback, the evaluation of a completed
// order, and a sample return request.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import Section, { Empty } from './Section.tsx';
import { Spinner, TextField, inputClass, textareaClass } from '../ui/kit.tsx';
import { sortAddresses } from '../ui/session-user.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { $user } from '../../lib/client/stores.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import {
  evaluateSchema,
  expressSchema,
  feedbackSchema,
  recycleAddSchema,
  type OrderDetail,
} from '../../lib/shared/orders/order.ts';
import { RECYCLE_STATUS_TEXT } from '../../lib/shared/orders/order-view.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

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

type Recycle = OutputOf<typeof ordersApi.recycleList>['list'][number];

/** A return request for samples marked 检测后回收, prefilled from the default address. */
export function SampleReturn({ order }: { order: OrderDetail }) {
  const user = useStore($user, { ssr: () => null });
  const [requests, setRequests] = useState<Recycle[] | null>(null);
  const [form, setForm] = useState({ name: '', phone: '', address: '', message: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  async function load() {
    const res = await api.call(ordersApi.recycleList, {
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
    const res = await api.call(ordersApi.recycleAdd, body);
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

/** A self-delivered sample's courier can be given while the lab waits for it. */
const expressOpen = (order: OrderDetail) => order.delivery.type === 0 && order.status === 'awaiting_sample';

/** Whether an order has courier details to show or to ask for. */
export const hasExpressInfo = (order: OrderDetail) => order.express !== null || expressOpen(order);

/** Couriers customers use most; another can be typed. */
const COURIERS = [
  '顺丰速运',
  '京东快递',
  '中国邮政 EMS',
  '圆通速递',
  '中通快递',
  '申通快递',
  '韵达快递',
  '德邦快递',
];

/**
 * 快递信息 of a self-delivered sample: the courier and tracking number the customer sent it with,
 * shown to the lab and on the timeline; editable until the lab receives the sample.
 */
export function ExpressInfo({ order, onSaved }: { order: OrderDetail; onSaved: () => void }) {
  const id = useId();
  const saved = order.express;
  const open = expressOpen(order);
  const [editing, setEditing] = useState(false);
  const [company, setCompany] = useState(saved?.company ?? COURIERS[0]);
  const [no, setNo] = useState(saved?.no ?? '');
  const [busy, setBusy] = useState(false);
  if (!open && !saved) return null;
  if (saved && !editing)
    return (
      <div data-express className="text-sm">
        <span className="text-slate-800">
          {saved.company} <span className="font-medium tabular-nums">{saved.no}</span>
        </span>
        <span className="ml-2 text-xs text-slate-400">提交于 {shanghaiMinute(saved.at)}</span>
        {open && (
          <button
            type="button"
            className="ml-2 rounded-md px-2 py-0.5 text-sm text-brand-700 hover:bg-brand-50"
            onClick={() => setEditing(true)}
          >
            修改
          </button>
        )}
      </div>
    );
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { rid: order.rid, company: company.trim(), no: no.trim() };
    if (!valid(expressSchema, body)) return;
    setBusy(true);
    const res = await api.call(ordersApi.updateExpress, body);
    setBusy(false);
    if (res === undefined) return;
    toast.success('快递信息已提交');
    setEditing(false);
    onSaved();
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label="填写快递信息"
      className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto]"
    >
      <label htmlFor={`${id}-company`} className="sr-only">
        快递公司
      </label>
      <input
        id={`${id}-company`}
        list={`${id}-couriers`}
        className={inputClass}
        value={company}
        maxLength={32}
        onChange={(e) => setCompany(e.target.value)}
      />
      <datalist id={`${id}-couriers`}>
        {COURIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <label htmlFor={`${id}-no`} className="sr-only">
        快递单号
      </label>
      <input
        id={`${id}-no`}
        className={inputClass}
        value={no}
        maxLength={40}
        placeholder="快递单号"
        inputMode="text"
        autoComplete="off"
        onChange={(e) => setNo(e.target.value)}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy && <Spinner />} 提交
      </button>
    </form>
  );
}
