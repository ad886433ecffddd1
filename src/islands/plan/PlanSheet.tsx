// A plan line's sample sheet (decision 0089): download the item's template, upload it filled;
// the samples it made are listed, and a refused sheet lists its problems with the annotated file.
import { useRef, useState } from 'react';
import { api, ApiError } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { planApi } from '../../lib/shared/plan/api.ts';
import type { PlanLine, PlanView } from '../../lib/shared/plan/plan.ts';
import { problemPlace, SHEET_MAX_ROWS, type SheetProblem } from '../../lib/shared/plan/sheet.ts';

type Refusal = { msg: string; problems: SheetProblem[]; file: string | null };

/** Saves the annotated workbook a refusal carries (base64) under a name the customer recognises. */
export function saveAnnotated(base64: string, itemName: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const href = URL.createObjectURL(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = href;
  a.download = `错误说明-${itemName}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

export default function PlanSheet({ line, onPlan }: { line: PlanLine; onPlan: (view: PlanView) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [shown, setShown] = useState(false);

  async function upload(file: File) {
    setBusy(true);
    setRefusal(null);
    const form = new FormData();
    form.set('item_rid', line.item_rid);
    form.set('file', file);
    try {
      const view = await api.upload<PlanView & { rows: number }>(planApi.sheet, form, undefined, {
        throws: true,
      });
      if (view) {
        onPlan(view);
        setShown(true);
        toast.success(`已导入${view.rows}个样品`);
      }
    } catch (error) {
      const data =
        error instanceof ApiError ? (error.data as { problems?: SheetProblem[]; file?: string }) : null;
      setRefusal({
        msg: error instanceof Error ? error.message : '上传失败',
        problems: data?.problems ?? [],
        file: data?.file ?? null,
      });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="grid gap-2 text-sm" aria-label={`「${line.name}」样品信息表`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="text-slate-500">样品多？用表格一次填写（最多{SHEET_MAX_ROWS}个）：</span>
        <a
          className="text-brand-600 hover:underline"
          href={pathOf(planApi.sheetTemplate, { rid: line.item_rid })}
          download
        >
          下载模板
        </a>
        <label className={`cursor-pointer text-brand-600 hover:underline ${busy ? 'opacity-60' : ''}`}>
          {busy ? '正在检查…' : line.samples.length > 0 ? '重新上传样品表' : '上传样品表'}
          <input
            ref={input}
            type="file"
            className="sr-only"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            aria-label={`上传「${line.name}」样品信息表`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        {line.samples.length > 0 && (
          <button
            type="button"
            className="text-slate-600 hover:underline"
            onClick={() => setShown((s) => !s)}
          >
            {shown ? '收起样品' : `查看 ${line.samples.length} 个样品`}
          </button>
        )}
      </div>
      {refusal && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700">
          <p>{refusal.msg}</p>
          {refusal.problems.length > 0 && (
            <ul className="mt-1 max-h-40 list-disc overflow-auto pl-5 text-xs">
              {refusal.problems.slice(0, 20).map((p) => (
                <li key={`${p.row}-${p.column}`}>
                  {problemPlace(p)}：{p.msg}
                </li>
              ))}
              {refusal.problems.length > 20 && <li>…共 {refusal.problems.length} 处</li>}
            </ul>
          )}
          {refusal.file && (
            <button
              type="button"
              className="mt-2 font-medium underline"
              onClick={() => saveAnnotated(refusal.file!, line.name)}
            >
              下载错误说明表
            </button>
          )}
        </div>
      )}
      {shown && line.samples.length > 0 && (
        <div className="max-h-72 overflow-auto rounded-lg border border-slate-100">
          <table className="w-full min-w-[32rem] text-left text-xs" aria-label={`「${line.name}」的样品`}>
            <thead className="sticky top-0 bg-slate-50 text-slate-500">
              <tr>
                <th className="px-2 py-1.5 font-medium">#</th>
                <th className="px-2 py-1.5 font-medium">样品名称</th>
                <th className="px-2 py-1.5 font-medium">测试参数</th>
                <th className="px-2 py-1.5 font-medium">备注</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {line.samples.map((s, i) => (
                <tr key={s.name}>
                  <td className="px-2 py-1.5 text-slate-400 tabular-nums">{i + 1}</td>
                  <td className="px-2 py-1.5 text-slate-800">{s.name}</td>
                  <td className="px-2 py-1.5 text-slate-600">
                    {Object.entries(s.parameters)
                      .map(([k, v]) => `${k}：${v}`)
                      .join('；')}
                  </td>
                  <td className="px-2 py-1.5 text-slate-600">{s.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
