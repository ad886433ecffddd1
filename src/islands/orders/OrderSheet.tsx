// A sample sheet on a placed order (decision 0093): until the lab receives the samples, each item's
// samples may be named from its xlsx template (download, fill, upload); a refused sheet lists its
// problems and offers the annotated file, as on the plan (decision 0089).
import { useRef, useState } from 'react';
import { api, ApiError } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { planApi } from '../../lib/shared/plan/api.ts';
import { samplesApi } from '../../lib/shared/samples/api.ts';
import { problemPlace, type SheetProblem } from '../../lib/shared/plan/sheet.ts';
import { canUploadSheet } from '../../lib/shared/orders/order-view.ts';
import type { OrderDetail } from '../../lib/shared/orders/order.ts';
import type { OrderLine } from '../../lib/shared/orders/responses.ts';
import { saveAnnotated } from '../plan/PlanSheet.tsx';

type Refusal = { msg: string; problems: SheetProblem[]; file: string | null };

function LineSheet({ rid, line, onDone }: { rid: string; line: OrderLine; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function upload(file: File) {
    setBusy(true);
    setRefusal(null);
    const form = new FormData();
    form.set('rid', rid);
    form.set('item_rid', line.item_rid);
    form.set('file', file);
    try {
      const done = await api.upload<{ rows: number }>(samplesApi.sheet, form, undefined, { throws: true });
      if (done) {
        toast.success(`已导入${done.rows}个样品`);
        onDone();
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
    <li className="grid gap-2 text-sm" aria-label={`「${line.name}」样品信息表`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="min-w-0 break-words text-slate-700">
          {line.name}
          <span className="ml-1 text-slate-500">（{line.sample_count} 个样品）</span>
        </span>
        <span className="flex flex-wrap gap-x-4">
          <a
            className="inline-flex min-h-9 items-center text-brand-600 hover:underline"
            href={pathOf(planApi.sheetTemplate, { rid: line.item_rid })}
            download
          >
            下载模板
          </a>
          <label
            className={`inline-flex min-h-9 cursor-pointer items-center text-brand-600 hover:underline ${busy ? 'opacity-60' : ''}`}
          >
            {busy ? '正在检查…' : '上传样品信息表'}
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
        </span>
      </div>
      {refusal && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700">
          <p className="break-words">{refusal.msg}</p>
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
              className="mt-2 min-h-9 font-medium underline"
              onClick={() => saveAnnotated(refusal.file!, line.name)}
            >
              下载错误说明表
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The order's items whose samples may still be named from a sheet, or nothing. */
export function OrderSheet({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const lines = order.items.filter((l) => l.sample_count > 0);
  if (!canUploadSheet(order) || lines.length === 0 || !order.samples.every((s) => s.renamable)) return null;
  return (
    <div className="mb-3 rounded-lg bg-slate-50 px-3 py-2.5" data-order-sheet>
      <p className="text-sm text-slate-600">
        样品多？下载模板按行填写样品名称与测试参数，上传后即按表格命名样品（签收前可重复上传）。
      </p>
      <ul className="mt-1.5 grid gap-1.5">
        {lines.map((l) => (
          <LineSheet key={l.item_rid} rid={order.rid} line={l} onDone={onDone} />
        ))}
      </ul>
    </div>
  );
}
