import { useState } from 'react';
import type { z } from 'zod';
import { consoleApi, type Me, notice } from '../session.ts';
import { Badge, button, when } from '../ui.tsx';
import { fetchStaffFile } from '../files.ts';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { FILE_KIND_TEXT } from '../../lib/shared/orders/order-view.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;

/** 文件与报告: the order's files to download, and the test report to upload while it is being tested or after. */
export function OrderFiles({ order, me, onDone }: { order: Detail; me: Me; onDone: () => unknown }) {
  const [uploading, setUploading] = useState(false);
  const reports = order.files.filter((f) => f.kind === 'report');
  const canUpload =
    me.permissions.includes('orders.process') &&
    ['testing', 'delivered', 'unsettled', 'completed'].includes(order.status);

  async function upload(file: File) {
    setUploading(true);
    const form = new FormData();
    form.set('rid', order.rid);
    form.set('file', file);
    const res = await consoleApi.upload(ordersAdminApi.report, form);
    setUploading(false);
    if (res) {
      notice('ok', '报告已上传');
      void onDone();
    }
  }

  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="files">
      <div className="mb-2 flex items-center gap-3">
        <h2 id="files" className="text-sm font-semibold">
          文件与报告
        </h2>
        {canUpload && (
          <label className={`${button.ghost} ml-auto cursor-pointer`}>
            {uploading ? '上传中…' : '上传检测报告'}
            <input
              type="file"
              className="sr-only"
              aria-label="上传检测报告"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
                e.target.value = '';
              }}
            />
          </label>
        )}
      </div>
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
      {order.status === 'testing' && reports.length === 0 && (
        <p className="mt-2 text-xs text-hot-600">出具数据前请先上传检测报告。</p>
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
