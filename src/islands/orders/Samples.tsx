// The order page's 样品 section (decision 0069): each sample's ID, the customer's name for it
// (editable until the lab receives it), its item and status; its custody trail opens below it.
import { useEffect, useState, type FormEvent } from 'react';
import Section from './Section.tsx';
import { Spinner, inputClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { samplesApi } from '../../lib/shared/samples/api.ts';
import { disposalApi } from '../../lib/shared/samples/disposal-api.ts';
import type { SampleStatus } from '../../lib/shared/samples/samples.ts';
import type { OrderSample, SampleEvent } from '../../lib/shared/samples/responses.ts';

const STATUS_TONE: Partial<Record<SampleStatus, string>> = {
  awaiting_post: 'bg-amber-50 text-amber-800',
  in_transit: 'bg-sky-50 text-sky-800',
  testing: 'bg-brand-50 text-brand-800',
  tested: 'bg-emerald-50 text-emerald-800',
  return_pending: 'bg-sky-50 text-sky-800',
  disposal_pending: 'bg-red-50 text-red-700',
  abnormal: 'bg-red-50 text-red-700',
};

function SampleName({ sample, onSaved }: { sample: OrderSample; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(sample.name);
  const [busy, setBusy] = useState(false);
  if (!editing)
    return (
      <span className="min-w-0 break-words text-slate-900">
        {sample.name}
        {sample.renamable && (
          <button
            type="button"
            className="ml-1.5 rounded-md px-1.5 py-0.5 text-sm text-brand-700 hover:bg-brand-50"
            aria-label={`改名 ${sample.sample_no}`}
            onClick={() => {
              setName(sample.name);
              setEditing(true);
            }}
          >
            改名
          </button>
        )}
      </span>
    );
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await api.call(samplesApi.rename, { rid: sample.rid, name });
    setBusy(false);
    if (res === undefined) return;
    toast.success('样品名称已修改');
    setEditing(false);
    onSaved();
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex min-w-0 gap-2"
      aria-label={`修改 ${sample.sample_no} 的名称`}
    >
      <input
        className={`${inputClass} h-9 min-w-0 flex-1`}
        value={name}
        maxLength={40}
        aria-label="样品名称"
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="btn-primary h-9 px-3" disabled={busy}>
        {busy && <Spinner />} 保存
      </button>
      <button
        type="button"
        className="h-9 rounded-md px-2 text-sm text-slate-500"
        onClick={() => setEditing(false)}
      >
        取消
      </button>
    </form>
  );
}

function Trail({ rid }: { rid: string }) {
  const [events, setEvents] = useState<SampleEvent[] | null>(null);
  useEffect(() => {
    void api.call(samplesApi.trail, { rid }).then((t) => setEvents(t?.events ?? []));
  }, [rid]);
  if (events === null) {
    return (
      <p className="mt-2 text-sm text-slate-400">
        <Spinner /> 加载中…
      </p>
    );
  }
  return (
    <ol className="mt-2 grid gap-2 border-l-2 border-slate-200 pl-3" aria-label="流转记录">
      {events.map((e, i) => (
        <li key={i} className="text-sm">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium text-slate-800">{e.kind_text}</span>
            <span className="text-xs text-slate-500">→ {e.to_text}</span>
            <time className="text-xs text-slate-400 tabular-nums">{shanghaiMinute(e.at)}</time>
          </div>
          {e.detail && <p className="break-words text-slate-600">{e.detail}</p>}
          {e.note && <p className="break-words text-slate-500">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/**
 * What the lab does with a tested sample (decision 0073): kept until a date, then destroyed or
 * kept; the customer may ask for it back instead (申请寄回) until it is destroyed.
 */
function Retention({ sample, onChanged }: { sample: OrderSample; onChanged: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const r = sample.retention;
  if (!r.until && !r.can_ask_return) return null;
  async function ask() {
    setBusy(true);
    const res = await api.call(disposalApi.askReturn, { rid: sample.rid });
    setBusy(false);
    if (res === undefined) return;
    toast.success('已申请寄回，业务经理将与您联系寄送事宜');
    setAsking(false);
    onChanged();
  }
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-retention>
      <span className="text-slate-500">
        {r.text}
        {r.until && sample.status !== 'return_pending' && `：保留至 ${r.until}，${r.disposable_from}起销毁`}
      </span>
      {r.can_ask_return && !asking && (
        <button
          type="button"
          className="rounded-md border border-brand-200 px-2 py-0.5 text-sm text-brand-700 hover:bg-brand-50"
          aria-label={`申请寄回 ${sample.sample_no}`}
          onClick={() => setAsking(true)}
        >
          申请寄回
        </button>
      )}
      {asking && (
        <span className="flex flex-wrap items-center gap-2" role="group" aria-label="确认申请寄回">
          <span className="text-slate-700">寄回运费由您承担，确认申请寄回该样品？</span>
          <button type="button" className="btn-primary h-8 px-3" disabled={busy} onClick={() => void ask()}>
            {busy && <Spinner />} 确认寄回
          </button>
          <button
            type="button"
            className="h-8 rounded-md px-2 text-sm text-slate-500"
            onClick={() => setAsking(false)}
          >
            取消
          </button>
        </span>
      )}
    </div>
  );
}

export function Samples({ samples, onChanged }: { samples: OrderSample[]; onChanged: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  if (samples.length === 0) return null;
  return (
    <Section title="样品" aside={<span className="text-sm text-slate-500">共 {samples.length} 个</span>}>
      <ul className="grid gap-2" aria-label="样品列表" data-samples>
        {samples.map((s) => (
          <li key={s.rid} className="rounded-lg border border-slate-200 p-3" data-sample={s.sample_no}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <span className="font-mono text-sm font-semibold text-slate-900 tabular-nums">
                {s.sample_no}
              </span>
              <span
                className={`rounded px-1.5 py-0.5 text-xs ${STATUS_TONE[s.status] ?? 'bg-slate-100 text-slate-700'}`}
              >
                {s.status_text}
              </span>
              <button
                type="button"
                className="ml-auto rounded-md px-2 py-0.5 text-sm text-brand-700 hover:bg-brand-50"
                aria-expanded={open === s.rid}
                onClick={() => setOpen(open === s.rid ? null : s.rid)}
              >
                {open === s.rid ? '收起记录' : `流转记录（${s.events_count}）`}
              </button>
            </div>
            <div className="mt-1.5 grid gap-1 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-x-4">
              <SampleName key={s.name} sample={s} onSaved={onChanged} />
              <span className="min-w-0 break-words text-slate-500">
                {s.item_name}
                {s.location && <span className="ml-2 text-slate-400">存放：{s.location}</span>}
              </span>
            </div>
            <Retention sample={s} onChanged={onChanged} />
            {open === s.rid && <Trail key={s.events_count} rid={s.rid} />}
          </li>
        ))}
      </ul>
      {samples.some((s) => s.renamable) && (
        <p className="mt-3 text-xs text-slate-500">样品签收前可修改名称，便于区分同一订单的多个样品。</p>
      )}
    </Section>
  );
}
