import type { z } from 'zod';
import { notice } from '../session.ts';
import { Badge, button, when } from '../ui.tsx';
import { fetchStaffFile } from '../files.ts';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { FILE_KIND_TEXT } from '../../lib/shared/orders/order-view.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;

/**
 * 文件: the order's files to download (the customer's attachments, agreements, receipt photos, and
 * report files uploaded before decision 0081). A finished report is uploaded on its result under
 * 检测结果 and reaches the customer only inside the signed report (检测报告).
 */
export function OrderFiles({ order }: { order: Detail }) {
  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="files">
      <h2 id="files" className="mb-2 text-sm font-semibold">
        文件
      </h2>
      {order.files.length === 0 ? (
        <p className="text-sm text-slate-400">暂无文件</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {order.files.map((f) => (
            <li key={f.rid} data-file={f.kind}>
              <Badge>{FILE_KIND_TEXT[f.kind] ?? f.kind}</Badge>{' '}
              <button type="button" className={button.link} onClick={() => void download(f.rid, f.name)}>
                {f.name}
              </button>
              <span className="text-xs text-slate-400"> {when(f.created)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

async function download(rid: string, name: string) {
  const blob = await fetchStaffFile(rid);
  if (!blob) return notice('error', '文件下载失败');
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  URL.revokeObjectURL(url);
}
