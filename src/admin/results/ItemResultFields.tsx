// The catalogue item form's 检测结果 part (decision 0075): the fields a technician enters for each
// sample (name, unit, number or text, the allowed range, required), the default method, and the
// report's marks (within the accreditation scope; subcontracted to another lab); and the instrument
// its samples are tested on, whose queue in 我的工作 they join (decision 0082).
import { useEffect, useState } from 'react';
import { consoleApi } from '../session.ts';
import { button, Field, input } from '../ui.tsx';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import {
  RESULT_FIELD_TYPE_TEXT,
  RESULT_FIELD_TYPES,
  type ResultField,
} from '../../lib/shared/results/fields.ts';

/** A field as the form edits it: the range as typed. */
export type FieldDraft = Omit<ResultField, 'min' | 'max'> & { min: string; max: string };
export type ResultDraft = {
  fields: FieldDraft[];
  method: string;
  accredited: boolean;
  subcontracted: string;
  device: string;
};

export const resultDraftOf = (i?: {
  result_fields: ResultField[];
  method: string;
  accredited: boolean;
  subcontracted_to: string | null;
  device_rid: string | null;
}): ResultDraft => ({
  fields: (i?.result_fields ?? []).map((f) => ({
    ...f,
    min: f.min?.toString() ?? '',
    max: f.max?.toString() ?? '',
  })),
  method: i?.method ?? '',
  accredited: i?.accredited ?? true,
  subcontracted: i?.subcontracted_to ?? '',
  device: i?.device_rid ?? '',
});

/** The draft as item/add and item/edit take it (the schema checks the numbers and the keys). */
export const resultBodyOf = (d: ResultDraft) => ({
  result_fields: d.fields.map((f) => ({ ...f, key: f.key.trim(), min: f.min.trim(), max: f.max.trim() })),
  method: d.method,
  accredited: d.accredited,
  subcontracted_to: d.subcontracted,
  device_rid: d.device,
});

export function ItemResultFields({
  draft,
  onChange,
}: {
  draft: ResultDraft;
  onChange: (d: ResultDraft) => void;
}) {
  const [devices, setDevices] = useState<{ rid: string; name: string }[]>([]);
  useEffect(() => {
    void consoleApi
      .call(reservationsAdminApi.deviceList, { page: 1, size: 100, kw: '' }, { silent: true })
      .then((p) => p && setDevices(p.list.map((d) => ({ rid: d.rid, name: `${d.name} ${d.model}`.trim() }))));
  }, []);
  const setField = (i: number, p: Partial<FieldDraft>) =>
    onChange({ ...draft, fields: draft.fields.map((f, j) => (j === i ? { ...f, ...p } : f)) });
  return (
    <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">检测结果</legend>
      <p className="text-xs text-slate-500">
        实验员按这些字段为每个样品录入结果；不设字段时，结果为自由填写的说明或原始数据文件。
      </p>
      {draft.fields.map((f, i) => (
        <div key={i} className="grid gap-2 border-b border-slate-100 pb-2 sm:grid-cols-6">
          <input
            className={input}
            aria-label={`结果字段${i + 1}代码`}
            placeholder="代码，如 bet"
            value={f.key}
            onChange={(e) => setField(i, { key: e.target.value })}
          />
          <input
            className={`${input} sm:col-span-2`}
            aria-label={`结果字段${i + 1}名称`}
            placeholder="名称，如 比表面积"
            value={f.name}
            onChange={(e) => setField(i, { name: e.target.value })}
          />
          <input
            className={input}
            aria-label={`结果字段${i + 1}单位`}
            placeholder="单位"
            value={f.unit}
            onChange={(e) => setField(i, { unit: e.target.value })}
          />
          <select
            className={`${input} sm:col-span-2`}
            aria-label={`结果字段${i + 1}类型`}
            value={f.type}
            onChange={(e) =>
              setField(i, {
                type: e.target.value as FieldDraft['type'],
                ...(e.target.value === 'text' && { min: '', max: '' }),
              })
            }
          >
            {RESULT_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {RESULT_FIELD_TYPE_TEXT[t]}
              </option>
            ))}
          </select>
          <input
            className={`${input} sm:col-span-2`}
            aria-label={`结果字段${i + 1}下限`}
            placeholder="下限（可空）"
            inputMode="decimal"
            disabled={f.type === 'text'}
            value={f.min}
            onChange={(e) => setField(i, { min: e.target.value })}
          />
          <input
            className={`${input} sm:col-span-2`}
            aria-label={`结果字段${i + 1}上限`}
            placeholder="上限（可空）"
            inputMode="decimal"
            disabled={f.type === 'text'}
            value={f.max}
            onChange={(e) => setField(i, { max: e.target.value })}
          />
          <span className="flex items-center justify-between gap-2 sm:col-span-2">
            <label className="flex items-center gap-1 text-sm whitespace-nowrap">
              <input
                type="checkbox"
                checked={f.required}
                onChange={(e) => setField(i, { required: e.target.checked })}
              />
              必填
            </label>
            <button
              type="button"
              className={button.danger}
              onClick={() => onChange({ ...draft, fields: draft.fields.filter((_, j) => j !== i) })}
            >
              删除
            </button>
          </span>
        </div>
      ))}
      <button
        type="button"
        className={button.ghost}
        onClick={() =>
          onChange({
            ...draft,
            fields: [
              ...draft.fields,
              { key: '', name: '', unit: '', type: 'number', min: '', max: '', required: true },
            ],
          })
        }
      >
        添加结果字段
      </button>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="检测方法（标准）" hint="报告上默认打印的方法，如 GB/T 19587-2017">
          <input
            className={input}
            name="method"
            maxLength={120}
            value={draft.method}
            onChange={(e) => onChange({ ...draft, method: e.target.value })}
          />
        </Field>
        <Field label="检测仪器" hint="样品在「我的工作」中排入该仪器的队列">
          <select
            className={input}
            name="device_rid"
            value={draft.device}
            onChange={(e) => onChange({ ...draft, device: e.target.value })}
          >
            <option value="">未指定</option>
            {devices.map((d) => (
              <option key={d.rid} value={d.rid}>
                {d.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="分包实验室" hint="由其他实验室检测时填写，报告上会注明">
          <input
            className={input}
            name="subcontracted_to"
            maxLength={60}
            value={draft.subcontracted}
            onChange={(e) => onChange({ ...draft, subcontracted: e.target.value })}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.accredited}
          onChange={(e) => onChange({ ...draft, accredited: e.target.checked })}
        />
        在实验室认可范围内（不在范围内的项目，报告上会注明）
      </label>
    </fieldset>
  );
}
