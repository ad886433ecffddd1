// 通知记录 (decision 0091): what the customer was told about the order, on which channel, and what
// became of it (sent, merged into a message sent within 10 minutes, fallen back to SMS, failed),
// with WeChat's own send result.
import { useEffect, useState } from 'react';
import { consoleApi } from '../session.ts';
import { when } from '../ui.tsx';
import { notifyApi } from '../../lib/shared/notify/api.ts';
import { CHANNEL_TEXT, DELIVERY_STATUS_TEXT, type DeliveryLog } from '../../lib/shared/notify/channels.ts';

const TONE: Record<string, string> = {
  sent: 'bg-emerald-50 text-emerald-700',
  merged: 'bg-slate-100 text-slate-600',
  fallback: 'bg-amber-50 text-amber-700',
  failed: 'bg-red-50 text-red-700',
  sending: 'bg-sky-50 text-sky-700',
};

export function Deliveries({ rid, version }: { rid: string; version?: unknown }) {
  const [list, setList] = useState<DeliveryLog['list'] | null>(null);
  useEffect(() => {
    void consoleApi.call(notifyApi.deliveries, { rid }, { silent: true }).then((d) => setList(d?.list ?? []));
  }, [rid, version]);
  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="deliveries">
      <h2 id="deliveries" className="mb-2 text-sm font-semibold">
        通知记录
      </h2>
      {list === null ? (
        <p className="text-sm text-slate-400">加载中…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">还没有发给客户的通知。</p>
      ) : (
        <ol className="grid gap-2 text-sm" aria-label="通知记录">
          {list.map((d, i) => (
            <li
              key={i}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-100 pb-2 last:border-0"
            >
              <span className="w-36 shrink-0 text-slate-500 tabular-nums">{when(d.created)}</span>
              <span className="font-medium">{d.title}</span>
              <span className="text-slate-600">{CHANNEL_TEXT[d.channel] ?? d.channel}</span>
              <span className={`rounded px-1.5 py-0.5 text-xs ${TONE[d.status] ?? ''}`}>
                {DELIVERY_STATUS_TEXT[d.status] ?? d.status}
              </span>
              {d.detail && <span className="text-xs text-slate-500">{d.detail}</span>}
              {d.result && <span className="text-xs text-slate-500">微信回执：{d.result}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
