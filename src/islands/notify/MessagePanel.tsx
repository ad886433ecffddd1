import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import Dialog from '../ui/Dialog.tsx';
import { Pager, Spinner } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { $messageUnread } from '../../lib/client/stores.ts';
import { MESSAGE_PAGE_SIZE, storePage } from '../../lib/client/messages.ts';
import { usePagedList } from '../ui/use-paged-list.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { notifyApi } from '../../lib/shared/notify/api.ts';

/**
 * 站内消息: the user's in-system messages, newest first, unread ones marked; 全部已读 marks them
 * all, opening an order's message marks that one. The header badge follows through the stores.
 */
export default function MessagePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { page, setPage, data, pages, reload } = usePagedList(notifyApi.list, {
    size: MESSAGE_PAGE_SIZE,
    enabled: open,
  });
  const [busy, setBusy] = useState(false);
  const unread = useStore($messageUnread);

  // The header's bell and the stores follow the page read here.
  useEffect(() => {
    if (data) storePage(page, data);
  }, [data, page]);

  // Opened again, the panel starts at the newest messages.
  useEffect(() => {
    if (!open) setPage(1);
  }, [open, setPage]);

  async function readAll() {
    setBusy(true);
    const res = await api.call(notifyApi.read, {});
    if (res) {
      toast.success('操作成功!');
      reload();
    }
    setBusy(false);
  }

  /** Following an order link counts as reading the message (marked before leaving the page). */
  async function openOrder(event: React.MouseEvent<HTMLAnchorElement>, rid: string, read: boolean) {
    if (read || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    await api.call(notifyApi.read, { rids: [rid] }, { silent: true, timeout: 3000 });
    location.assign(href);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        <span className="flex items-center gap-2">
          站内消息
          {unread > 0 && (
            <span className="rounded-full bg-hot-50 px-2 py-0.5 text-xs font-medium text-hot-600">
              {unread} 条未读
            </span>
          )}
        </span>
      }
      width={600}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            关闭
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || unread === 0}
            onClick={() => void readAll()}
          >
            全部已读
          </button>
        </>
      }
    >
      {!data ? (
        <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : data.list.length === 0 ? (
        <div className="py-12 text-center">
          <p className="text-slate-600">暂无消息</p>
          <p className="mt-1 text-sm text-slate-400">订单收样、出具数据、结算等进展会在这里通知您</p>
        </div>
      ) : (
        <ul aria-label="消息列表" className="-mx-2 grid gap-1">
          {data.list.map((m) => (
            <li
              key={m.rid}
              data-message={m.rid}
              data-unread={m.read ? undefined : ''}
              className={`rounded-lg px-3 py-3 ${m.read ? '' : 'bg-brand-50/70'}`}
            >
              <div className="flex items-start gap-2">
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${m.read ? 'bg-transparent' : 'bg-hot-500'}`}
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className={`text-sm ${m.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
                      {!m.read && <span className="sr-only">未读：</span>}
                      {m.title}
                    </p>
                    <time dateTime={m.created} className="text-xs text-slate-400 tabular-nums">
                      {shanghaiMinute(m.created)}
                    </time>
                  </div>
                  <p className="mt-1 text-sm leading-relaxed break-words text-slate-600">{m.body}</p>
                  {m.order_rid && (
                    <a
                      href={`/member/order?rid=${encodeURIComponent(m.order_rid)}`}
                      onClick={(event) => void openOrder(event, m.rid, m.read)}
                      className="mt-1.5 inline-block text-sm text-brand-700 hover:underline"
                    >
                      查看订单 ›
                    </a>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label="消息分页" onPage={setPage} />
    </Dialog>
  );
}
