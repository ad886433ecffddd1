// A plan line's sample sheet (decision 0089): download the item's template, upload it filled;
// the samples it made are listed, and a refused sheet lists its problems with the annotated file.
import { useState } from 'react';
import { toast } from '../../lib/client/toast.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { planApi } from '../../lib/shared/plan/api.ts';
import type { PlanLine, PlanView } from '../../lib/shared/plan/plan.ts';
import { SHEET_MAX_ROWS } from '../../lib/shared/plan/sheet.ts';
import { SheetRefusal, useSheetUpload } from './sheet-upload.tsx';

export default function PlanSheet({ line, onPlan }: { line: PlanLine; onPlan: (view: PlanView) => void }) {
  const [shown, setShown] = useState(false);
  const { input, busy, refusal, upload } = useSheetUpload<PlanView & { rows: number }>(
    planApi.sheet,
    { item_rid: line.item_rid },
    (view) => {
      onPlan(view);
      setShown(true);
      toast.success(`已导入${view.rows}个样品`);
    },
  );

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
      <SheetRefusal refusal={refusal} itemName={line.name} />
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
