// What the customer sees of a quote and of their samples' arrival (decision 0039): the itemised
// quote with its discount, total, validity and note; each receipt or refusal with its count,
// condition and photos (thumbnails, opened full size in a dialog).
import { useEffect, useState } from 'react';
import Section from './Section.tsx';
import Dialog from '../ui/Dialog.tsx';
import { Spinner } from '../ui/kit.tsx';
import { blobUrlWithToken } from '../../lib/client/download.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import type { OrderDetail, Receipt } from '../../lib/shared/orders/responses.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { filesApi } from '../../lib/shared/files/api.ts';
import { turnaroundText } from '../../lib/shared/calendar/promise.ts';
import { startEstimateText } from '../../lib/shared/worklist/estimate.ts';

/** 报价明细: the lines staff quoted, the discount and total, and until when it may be accepted. */
export function QuoteDetail({ order }: { order: OrderDetail }) {
  const q = order.quote;
  if (!q) return null;
  const toAccept = order.status === 'unpaid';
  return (
    <Section
      title="报价明细"
      aside={
        <span className="text-sm text-slate-500">
          有效期至 <span className="tabular-nums">{q.valid_until}</span>
        </span>
      }
    >
      {q.expired && toAccept && (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-800">
          报价已过期，请联系业务经理重新报价。
        </p>
      )}
      {q.lines.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="报价明细">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th scope="col" className="pb-2 font-medium">
                  项目
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  数量
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  单价
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  金额
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {q.lines.map((l, i) => (
                <tr key={i}>
                  <td className="py-2 pr-3">
                    <span className="text-slate-800">{l.name}</span>
                    {l.description && <span className="block text-xs text-slate-500">{l.description}</span>}
                  </td>
                  <td className="py-2 pl-2 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">
                    {formatFen(l.unit_price_fen)}
                  </td>
                  <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">
                    {formatFen(l.amount_fen)}
                  </td>
                </tr>
              ))}
              {q.discount && (
                <tr>
                  <td className="py-2 text-slate-600" colSpan={3}>
                    {q.discount.name}
                  </td>
                  <td className="py-2 text-right text-emerald-700 tabular-nums">
                    -{formatFen(q.discount.amount_fen)}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 flex flex-wrap items-baseline justify-end gap-x-3 border-t border-slate-100 pt-3 text-sm text-slate-500">
        报价合计
        <strong className="text-lg text-hot-600 tabular-nums" data-quote-total>
          {formatFen(q.total_fen)}
        </strong>
      </p>
      {q.turnaround_days && (
        <p className="mt-2 text-sm text-brand-700" aria-label="报价承诺周期">
          收样后{turnaroundText(q.turnaround_days)}
          <span className="text-slate-500">（按工作日计，节假日顺延；收样时确定交付日期）</span>
        </p>
      )}
      {q.start_estimate_days && (
        <p className="mt-1 text-sm text-emerald-700" aria-label="预计开始测试">
          {startEstimateText(q.start_estimate_days)}
          <span className="text-slate-500">（自收样起计，按报价时的仪器排队估算）</span>
        </p>
      )}
      {q.note && <p className="mt-2 text-sm break-words text-slate-600">说明：{q.note}</p>}
    </Section>
  );
}

type Photo = Receipt['photos'][number];

/** A picture behind the token, as a blob URL (null while it loads or when it cannot be read). */
function useTokenImage(url: string | null) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let made: string | null = null;
    let gone = false;
    void blobUrlWithToken(url).then((u) => {
      if (gone) {
        if (u) URL.revokeObjectURL(u);
        return;
      }
      made = u;
      setSrc(u);
    });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
      setSrc(null);
    };
  }, [url]);
  return src;
}

function Thumb({ photo, onOpen }: { photo: Photo; onOpen: (p: Photo) => void }) {
  const src = useTokenImage(pathOf(filesApi.thumb, { rid: photo.rid }));
  return (
    <button
      type="button"
      onClick={() => onOpen(photo)}
      aria-label={`查看收样照片 ${photo.name}`}
      className="size-20 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
    >
      {src ? <img src={src} alt={photo.name} className="size-full object-cover" /> : <Spinner />}
    </button>
  );
}

function PhotoDialog({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  const src = useTokenImage(photo ? pathOf(filesApi.download, { rid: photo.rid }) : null);
  return (
    <Dialog open={photo !== null} onClose={onClose} title="收样照片" width={720}>
      {src ? (
        <img src={src} alt={photo?.name ?? ''} className="max-h-[70vh] w-full rounded-lg object-contain" />
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

/** 收样记录: what the lab recorded when the samples arrived (or why it refused them). */
export function Receipts({ receipts }: { receipts: Receipt[] }) {
  const [open, setOpen] = useState<Photo | null>(null);
  if (receipts.length === 0) return null;
  return (
    <Section title="收样记录">
      <ol aria-label="收样记录" className="grid gap-3">
        {receipts.map((r, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-3.5 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${
                  r.outcome === 'rejected'
                    ? 'bg-red-50 text-red-600 ring-red-200'
                    : 'bg-sky-50 text-sky-700 ring-sky-200'
                }`}
              >
                {r.outcome === 'rejected' ? '样品未通过验收' : '已收样'}
              </span>
              <time dateTime={r.at} className="text-xs text-slate-400 tabular-nums">
                {shanghaiMinute(r.at)}
              </time>
            </div>
            {r.count !== null && (
              <p className="mt-2 text-slate-700">
                实收 <strong className="tabular-nums">{r.count}</strong> 个 · 样品状况：{r.condition_text}
                {r.condition_note && `（${r.condition_note}）`}
              </p>
            )}
            {r.reason && <p className="mt-1 text-red-600">原因：{r.reason}。请按业务经理的说明重新送样。</p>}
            {r.note && <p className="mt-1 text-slate-500">{r.note}</p>}
            {r.photos.length > 0 && (
              <div className="mt-2.5 flex flex-wrap gap-2">
                {r.photos.map((p) => (
                  <Thumb key={p.rid} photo={p} onOpen={setOpen} />
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
      <PhotoDialog photo={open} onClose={() => setOpen(null)} />
    </Section>
  );
}
