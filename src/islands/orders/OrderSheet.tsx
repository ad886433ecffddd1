// A sample sheet on a placed order (decision 0093): until the lab receives the samples, each item's
// samples may be named from its xlsx template (download, fill, upload); a refused sheet lists its
// problems and offers the annotated file, as on the plan (decision 0089).
import { toast } from '../../lib/client/toast.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { planApi } from '../../lib/shared/plan/api.ts';
import { samplesApi } from '../../lib/shared/samples/api.ts';
import { canUploadSheet } from '../../lib/shared/orders/order-view.ts';
import type { OrderDetail } from '../../lib/shared/orders/order.ts';
import type { OrderLine } from '../../lib/shared/orders/responses.ts';
import { SheetRefusal, useSheetUpload } from '../plan/sheet-upload.tsx';

function LineSheet({ rid, line, onDone }: { rid: string; line: OrderLine; onDone: () => void }) {
  const { input, busy, refusal, upload } = useSheetUpload<{ rows: number }>(
    samplesApi.sheet,
    { rid, item_rid: line.item_rid },
    (done) => {
      toast.success(`已导入${done.rows}个样品`);
      onDone();
    },
  );

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
      <SheetRefusal refusal={refusal} itemName={line.name} />
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
