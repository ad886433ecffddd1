// Entering one result (decision 0075): a form from the item's fields (unit shown, the range as a
// hint, a warning and a required remark when a value is outside it), or a free-form text for an
// item without fields; the method and the instrument; raw data upload and a finished PDF report
// (成品报告, decision 0081) that the signed report carries as 附件; 保存 and 提交审核.
import { useState } from 'react';
import { consoleApi, notice, staffAction } from '../session.ts';
import { button, Field, input } from '../ui.tsx';
import { resultsAdminApi } from '../../lib/shared/results/api.ts';
import { outOfRange, rangeText, type ResultField } from '../../lib/shared/results/fields.ts';
import {
  FREE_TEXT_KEY,
  FREE_TEXT_NAME,
  OUT_OF_RANGE_NEEDS_REMARK,
  entryProblem,
} from '../../lib/shared/results/results.ts';
import type { ResultView } from '../../lib/shared/results/responses.ts';

type Values = Record<string, { value: string; remark: string }>;

const initial = (r: ResultView): Values =>
  Object.fromEntries(r.latest.map((e) => [e.key, { value: e.value, remark: e.remark }]));

export function ResultForm({
  result: r,
  instruments,
  onDone,
}: {
  result: ResultView;
  instruments: { rid: string; name: string }[];
  onDone: () => unknown;
}) {
  const [values, setValues] = useState<Values>(() => initial(r));
  const [method, setMethod] = useState(() => r.latest.find((e) => e.method)?.method ?? r.method);
  const [instrument, setInstrument] = useState(() => r.latest.find((e) => e.instrument)?.instrument ?? '');
  const [busy, setBusy] = useState(false);
  const set = (key: string, part: 'value' | 'remark', text: string) =>
    setValues((v) => ({ ...v, [key]: { ...(v[key] ?? { value: '', remark: '' }), [part]: text } }));
  const freeForm = r.fields.length === 0;
  const listId = `instruments-${r.rid}`;

  /** Saves what changed; true when saved (or a refusal was shown). */
  async function save(quiet: boolean): Promise<boolean> {
    for (const f of r.fields) {
      const v = values[f.key];
      const problem = v && entryProblem(f, v.value, v.remark);
      if (problem) {
        notice('error', problem);
        return false;
      }
    }
    const entries = (freeForm ? [FREE_TEXT_KEY] : r.fields.map((f) => f.key)).map((key) => ({
      key,
      value: values[key]?.value.trim() ?? '',
      remark: values[key]?.remark.trim() ?? '',
    }));
    const error = await staffAction(
      resultsAdminApi.save,
      { rid: r.rid, method, instrument, entries },
      '已保存',
      quiet ? () => null : onDone,
    );
    if (error) notice('error', error);
    return !error;
  }

  async function run(step: () => Promise<unknown>) {
    setBusy(true);
    await step();
    setBusy(false);
  }

  /** A raw data file, or (`finished`) the analysis's own finished PDF report, reviewed with the result. */
  async function upload(file: File, finished: boolean) {
    const form = new FormData();
    form.set('rid', r.rid);
    form.set('file', file);
    const res = await consoleApi.upload(finished ? resultsAdminApi.report : resultsAdminApi.file, form);
    if (res) {
      notice('ok', finished ? '成品报告已上传' : '原始数据已上传');
      void onDone();
    }
  }
  const picker = (label: string, finished: boolean) => (
    <label className={`${button.ghost} cursor-pointer`}>
      {label}
      <input
        type="file"
        className="sr-only"
        accept={finished ? 'application/pdf,.pdf' : undefined}
        aria-label={`${label} ${r.sample_no || r.item_name}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void run(() => upload(file, finished));
          e.target.value = '';
        }}
      />
    </label>
  );

  return (
    <form
      className="grid gap-3"
      aria-label={`录入 ${r.sample_no || r.item_name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => save(false));
      }}
    >
      {freeForm ? (
        <Field
          label={FREE_TEXT_NAME}
          hint="该项目未定义结果字段：填写结果说明、上传原始数据，或上传分析软件生成的成品报告（PDF，审核通过后随检测报告签发）"
        >
          <textarea
            className={`${input} h-20 py-1.5`}
            value={values[FREE_TEXT_KEY]?.value ?? ''}
            onChange={(e) => set(FREE_TEXT_KEY, 'value', e.target.value)}
          />
        </Field>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {r.fields.map((f) => (
            <FieldInput
              key={f.key}
              field={f}
              value={values[f.key]}
              onChange={(part, v) => set(f.key, part, v)}
            />
          ))}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="检测方法">
          <input
            className={input}
            value={method}
            maxLength={120}
            onChange={(e) => setMethod(e.target.value)}
          />
        </Field>
        <Field label="仪器">
          <input
            className={input}
            list={listId}
            value={instrument}
            maxLength={80}
            onChange={(e) => setInstrument(e.target.value)}
          />
          <datalist id={listId}>
            {instruments.map((i) => (
              <option key={i.rid} value={i.name} />
            ))}
          </datalist>
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={button.ghost} disabled={busy}>
          保存
        </button>
        {picker('上传原始数据', false)}
        {picker('上传成品报告', true)}
        <button
          type="button"
          className={button.primary}
          disabled={busy}
          onClick={() =>
            void run(async () => {
              if (!(await save(true))) return;
              const error = await staffAction(resultsAdminApi.submit, { rid: r.rid }, '已提交审核', onDone);
              if (error) notice('error', error);
            })
          }
        >
          提交审核
        </button>
      </div>
    </form>
  );
}

/** One field: its value with the unit beside it, the range hint, and the remark (required out of range). */
function FieldInput({
  field: f,
  value,
  onChange,
}: {
  field: ResultField;
  value: { value: string; remark: string } | undefined;
  onChange: (part: 'value' | 'remark', text: string) => void;
}) {
  const v = value?.value ?? '';
  const outside = outOfRange(f, v);
  const hint = rangeText(f);
  return (
    <div className="grid gap-1 text-sm">
      <label className="grid gap-1">
        <span className="font-medium text-slate-700">
          {f.name}
          {f.unit && <span className="font-normal text-slate-500">（{f.unit}）</span>}
          {f.required && <span className="text-red-600"> *</span>}
        </span>
        <span className="flex items-center gap-2">
          <input
            className={`${input} ${outside ? 'border-amber-500' : ''}`}
            inputMode={f.type === 'number' ? 'decimal' : undefined}
            value={v}
            aria-invalid={outside || undefined}
            onChange={(e) => onChange('value', e.target.value)}
          />
          {f.unit && <span className="shrink-0 text-slate-500">{f.unit}</span>}
        </span>
      </label>
      {hint && !outside && <span className="text-xs text-slate-500">{hint}</span>}
      {outside && (
        <span role="alert" className="text-xs text-amber-700">
          {hint}，{OUT_OF_RANGE_NEEDS_REMARK}
        </span>
      )}
      {(outside || value?.remark) && (
        <label className="grid gap-1">
          <span className="text-xs text-slate-600">
            备注{outside && <span className="text-red-600"> *</span>}
          </span>
          <input
            className={input}
            value={value?.remark ?? ''}
            maxLength={500}
            onChange={(e) => onChange('remark', e.target.value)}
          />
        </label>
      )}
    </div>
  );
}
