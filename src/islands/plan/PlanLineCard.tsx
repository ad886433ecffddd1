import { useState } from 'react';
import LineOptions, { choiceProblem, type LineChoice } from './LineOptions.tsx';
import Stepper from './Stepper.tsx';
import { formatFen, unitPriceText } from '../../lib/shared/money.ts';
import {
  DISPOSALS,
  SAMPLE_SOURCE_TEXT,
  type Disposal,
  type SampleSource,
} from '../../lib/shared/plan/plan-rules.ts';
import { disposalChoice } from '../../lib/shared/samples/disposal.ts';
import { useKeepDays } from '../ui/use-keep-days.ts';
import type { PlanLine, PlanView } from '../../lib/shared/plan/plan.ts';
import PlanSheet from './PlanSheet.tsx';
import { takesSample } from '../../lib/shared/orders/order-status.ts';
import { toast } from '../../lib/client/toast.ts';

export type LinePatch = Partial<LineChoice> & { count?: number };

/** One plan line: what it is, its sample count, its options (editable), its total, remove. */
export default function PlanLineCard({
  line,
  busy,
  onSave,
  onRemove,
  onPlan,
}: {
  line: PlanLine;
  busy: boolean;
  /** Sends plan/update; resolves false when the server refused (the card keeps the editor open). */
  onSave: (patch: LinePatch) => Promise<boolean>;
  onRemove: () => void;
  onPlan: (view: PlanView) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<LineChoice | null>(null);
  const keepDays = useKeepDays();
  const current: LineChoice = {
    parameters: line.parameters,
    source: line.source as SampleSource,
    disposal: line.disposal as Disposal,
    source_order_rid: line.source_order_rid ?? '',
  };
  const params = Object.entries(line.parameters);
  // Data analysis asks for data files, not a sample (decision 0052).
  const sample = takesSample(line.project_type);

  async function saveOptions() {
    if (!draft) return;
    const problem = choiceProblem(line.options, draft, sample);
    if (problem) {
      toast.error(problem);
      return;
    }
    const ok = await onSave({
      parameters: draft.parameters,
      source: draft.source,
      disposal: draft.disposal,
      ...(draft.source_order_rid ? { source_order_rid: draft.source_order_rid } : {}),
    });
    if (ok) {
      setEditing(false);
      setDraft(null);
    }
  }

  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0" aria-label={line.name}>
      <div className="grid grid-cols-[64px_minmax(0,1fr)] gap-3 sm:grid-cols-[80px_minmax(0,1fr)_auto] sm:gap-4">
        <img
          src={line.img}
          alt=""
          width={80}
          height={60}
          className="aspect-[4/3] w-16 rounded-lg bg-slate-100 object-cover sm:w-20"
        />
        <div className="min-w-0">
          <h4 className="font-semibold text-slate-900">
            <a href={`/detail/${line.item_rid}`} className="hover:text-brand-700">
              {line.name}
            </a>
          </h4>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
              {line.project_type_name}
            </span>
            {line.quote_only ? (
              <span className="text-hot-600">需报价（参考价 {formatFen(line.price_fen)} 起）</span>
            ) : (
              <span>单价 {unitPriceText(line.price_fen, line.unit)}</span>
            )}
          </p>
          {line.was_price_fen !== null && (
            <p
              className="mt-1 rounded bg-amber-50 px-2 py-1 text-xs text-amber-800"
              aria-label={`「${line.name}」价格变动`}
            >
              价格已变动：原 {unitPriceText(line.was_price_fen, line.unit)}，现{' '}
              {unitPriceText(line.price_fen, line.unit)}
            </p>
          )}
          <p className="mt-1 text-xs leading-relaxed text-slate-500">
            {params.length > 0 && <span>{params.map(([k, v]) => `${k}：${v}`).join('；')}；</span>}
            {sample ? (
              <>
                样品来源：{SAMPLE_SOURCE_TEXT[line.source as SampleSource] ?? '—'}；样品处理：
                {DISPOSALS.includes(line.disposal as Disposal)
                  ? disposalChoice(line.disposal, keepDays).label
                  : '—'}
              </>
            ) : (
              '无需样品：下单后上传待分析的数据文件'
            )}
          </p>
          {line.turnaround && (
            <p className="mt-1 text-xs text-brand-700" aria-label={`「${line.name}」检测周期`}>
              {line.turnaround.text}
              <span className="text-slate-500">（{line.turnaround.estimate_text}）</span>
            </p>
          )}
        </div>
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:col-span-1 sm:flex-col sm:items-end sm:justify-start">
          {line.samples.length > 0 ? (
            <span className="text-sm text-slate-600" aria-label={`「${line.name}」样品数量`}>
              {line.count} 个样品（来自表格）
            </span>
          ) : (
            <Stepper
              label={`「${line.name}」样品数量`}
              value={line.count}
              min={line.options.sampleCount.min}
              max={line.options.sampleCount.max}
              disabled={busy}
              onChange={(count) => void onSave({ count })}
            />
          )}
          <p className="text-right" aria-label={`「${line.name}」小计`}>
            {line.quote_only ? (
              <span className="font-semibold text-hot-600">待报价</span>
            ) : (
              <span className="font-semibold tabular-nums text-slate-900">{formatFen(line.line_fen)}</span>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm sm:pl-24">
        <button
          type="button"
          className="text-brand-600 hover:underline"
          aria-expanded={editing}
          onClick={() => {
            setEditing((e) => !e);
            setDraft(null);
          }}
        >
          {editing ? '收起选项' : '修改选项'}
        </button>
        <button
          type="button"
          className="text-slate-500 hover:text-red-600"
          disabled={busy}
          onClick={onRemove}
          aria-label={`移除「${line.name}」`}
        >
          移除
        </button>
      </div>
      {sample && (
        <div className="sm:pl-24">
          <PlanSheet line={line} onPlan={onPlan} />
        </div>
      )}
      {editing && (
        <div className="rounded-xl border border-slate-100 bg-slate-50/60 p-3 sm:ml-24 sm:p-4">
          <LineOptions
            options={line.options}
            value={draft ?? current}
            loggedIn
            sample={sample}
            disabled={busy}
            onChange={(patch) => setDraft((d) => ({ ...(d ?? current), ...patch }))}
          />
          <div className="mt-3 flex justify-end gap-2">
            <button
              type="button"
              className="btn-ghost"
              onClick={() => {
                setEditing(false);
                setDraft(null);
              }}
            >
              取消
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={busy || !draft}
              onClick={() => void saveOptions()}
            >
              保存选项
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
