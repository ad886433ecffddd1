// The order page's 样品进度 section (decisions 0069, 0093): each sample's ID, the customer's name
// for it (editable until the lab receives it), its item, its stage, where it is, its promised
// date and its reports; its custody trail opens below it.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Section from './Section.tsx';
import { Spinner, inputClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { samplesApi } from '../../lib/shared/samples/api.ts';
import { saveFile } from '../../lib/client/download.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { reportsApi } from '../../lib/shared/reports/api.ts';
import {
  TRACKING_STAGE_TEXT,
  TRACKING_STEPS,
  trackingStep,
  type TrackedSample,
  type TrackingStage,
} from '../../lib/shared/reports/tracking.ts';
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

const STAGE_TONE: Partial<Record<TrackingStage, string>> = {
  awaiting_post: 'bg-amber-50 text-amber-800 ring-amber-200',
  in_transit: 'bg-sky-50 text-sky-800 ring-sky-200',
  received: 'bg-slate-100 text-slate-700 ring-slate-200',
  testing: 'bg-brand-50 text-brand-800 ring-brand-200',
  reviewing: 'bg-violet-50 text-violet-800 ring-violet-200',
  reported: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  abnormal: 'bg-red-50 text-red-700 ring-red-200',
};

/** The five steps of a sample's way through the lab, those reached filled. */
function Steps({ stage }: { stage: TrackingStage }) {
  const reached = trackingStep(stage);
  return (
    <ol className="mt-2 grid grid-cols-5 gap-1" aria-label="样品进度">
      {TRACKING_STEPS.map((step, i) => (
        <li
          key={step}
          aria-current={i === reached ? 'step' : undefined}
          className={`text-center text-xs ${i <= reached ? 'font-medium text-brand-700' : 'text-slate-400'}`}
        >
          <span
            aria-hidden="true"
            className={`mb-1 block h-1.5 rounded-full ${i <= reached ? 'bg-brand-500' : 'bg-slate-200'}`}
          />
          {TRACKING_STAGE_TEXT[step]}
        </li>
      ))}
    </ol>
  );
}

/** Where the sample is, since when, its promise and the reports that name it. */
function SampleProgress({ t }: { t: TrackedSample }) {
  const [busy, setBusy] = useState<string | null>(null);
  async function download(d: TrackedSample['documents'][number]) {
    setBusy(d.rid);
    await saveFile(pathOf(reportsApi.pdf, { rid: d.rid }), `检测报告-${d.report_no}.pdf`);
    setBusy(null);
  }
  const stepped = t.stage === 'awaiting_post' || trackingStep(t.stage) >= 0;
  return (
    <div data-tracking={t.stage}>
      {stepped && <Steps stage={t.stage} />}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-500">当前位置</dt>
        <dd className="min-w-0 break-words text-slate-800">
          {t.where}
          <span className="ml-2 text-xs text-slate-400 tabular-nums">{shanghaiMinute(t.since)}</span>
        </dd>
        {t.due_text && (
          <>
            <dt className="text-slate-500">交付</dt>
            <dd className={t.overdue ? 'font-medium text-red-700' : 'text-brand-700'}>
              {t.due_text}
              {t.overdue && '（已超期，业务经理将与您联系）'}
            </dd>
          </>
        )}
        {t.documents.length > 0 && (
          <>
            <dt className="text-slate-500">检测报告</dt>
            <dd className="flex min-w-0 flex-wrap gap-2">
              {t.documents.map((d) => (
                <button
                  key={d.rid}
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void download(d)}
                  className="inline-flex min-h-9 max-w-full items-center gap-1 rounded-md border border-emerald-200 px-2.5 text-sm break-all text-emerald-800 hover:bg-emerald-50"
                  aria-label={`${d.report_no} PDF（${t.sample_no} 的检测报告）`}
                >
                  {busy === d.rid && <Spinner />}
                  {d.report_no} PDF
                  {d.status !== 'valid' && (
                    <span className="text-xs text-amber-700">（{d.status_text}）</span>
                  )}
                </button>
              ))}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** How many samples are at each stage, in the order of the steps. */
function Tally({ list }: { list: TrackedSample[] }) {
  const counts = new Map<string, number>();
  for (const t of list) counts.set(t.stage_text, (counts.get(t.stage_text) ?? 0) + 1);
  return (
    <p className="text-sm text-slate-500" data-tally>
      共 {list.length} 个
      {[...counts].map(([text, n]) => (
        <span key={text} className="ml-2 whitespace-nowrap">
          {text} {n}
        </span>
      ))}
    </p>
  );
}

/**
 * The order page's 样品进度 (decisions 0069, 0093): each sample's ID, name (editable until the lab
 * receives it), item, stage through the lab, whereabouts, promise and reports; its custody trail
 * opens below it. A message's link lands here (#samples).
 */
export function Samples({
  orderRid,
  samples,
  refresh,
  onChanged,
  children,
}: {
  orderRid: string;
  samples: OrderSample[];
  /** A new value reloads the tracking (the order after a change). */
  refresh?: unknown;
  onChanged: () => void;
  /** Shown above the list (the sample sheet upload). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [tracking, setTracking] = useState<TrackedSample[] | null>(null);
  useEffect(() => {
    if (samples.length === 0) return;
    void api
      .call(reportsApi.tracking, { rid: orderRid }, { silent: true })
      .then((r) => setTracking(r?.samples ?? []));
  }, [orderRid, refresh, samples.length]);
  const ready = tracking !== null;
  useEffect(() => {
    if (ready && location.hash === '#samples')
      document.getElementById('samples')?.scrollIntoView({ block: 'start' });
  }, [ready]);
  if (samples.length === 0 && !children) return null;
  const byRid = new Map((tracking ?? []).map((t) => [t.rid, t]));
  return (
    <Section
      title="样品进度"
      anchor="samples"
      aside={
        tracking ? (
          <Tally list={tracking} />
        ) : (
          <span className="text-sm text-slate-500">共 {samples.length} 个</span>
        )
      }
    >
      {children}
      {samples.length === 0 && (
        <p className="text-sm text-slate-500">报价确认后生成样品编号；表格中的样品名称将用于这些样品。</p>
      )}
      <ul className="grid gap-2" aria-label="样品列表" data-samples hidden={samples.length === 0}>
        {samples.map((s) => {
          const t = byRid.get(s.rid);
          return (
            <li key={s.rid} className="rounded-lg border border-slate-200 p-3" data-sample={s.sample_no}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                <span className="font-mono text-sm font-semibold text-slate-900 tabular-nums">
                  {s.sample_no}
                </span>
                {t ? (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs ring-1 ${STAGE_TONE[t.stage] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`}
                    aria-label={`阶段：${t.stage_text}`}
                  >
                    {t.stage_text}
                  </span>
                ) : (
                  <span
                    className={`rounded px-1.5 py-0.5 text-xs ${STATUS_TONE[s.status] ?? 'bg-slate-100 text-slate-700'}`}
                  >
                    {s.status_text}
                  </span>
                )}
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
                <span className="min-w-0 break-words text-slate-500">{s.item_name}</span>
              </div>
              {t && <SampleProgress t={t} />}
              <Retention sample={s} onChanged={onChanged} />
              {open === s.rid && <Trail key={s.events_count} rid={s.rid} />}
            </li>
          );
        })}
      </ul>
      {samples.some((s) => s.renamable) && (
        <p className="mt-3 text-xs text-slate-500">样品签收前可修改名称，便于区分同一订单的多个样品。</p>
      )}
    </Section>
  );
}
