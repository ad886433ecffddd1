// At order submit (decision 0091): one prompt collects the WeChat one-time subscriptions that
// matter for the orders just placed (样品签收, 报告已出, 待付款/补差价); without a bound WeChat, a
// line that leads to binding it. Inside WeChat's browser with an Official Account the prompt holds
// WeChat's own subscribe button (the open tag wx-open-subscribe, decision 0096) and records what
// the customer granted there.
import { useEffect, useRef, useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { notifyApi } from '../../lib/shared/notify/api.ts';
import {
  acceptedKinds,
  NOTIFY_KIND_TEXT,
  NOTIFY_KINDS,
  type NotifyKind,
} from '../../lib/shared/notify/channels.ts';
import type { OpenTag } from './wechat-open-tag.ts';

export default function WechatSubscribe({ orderRids }: { orderRids: string[] }) {
  const [bound, setBound] = useState<boolean | null>(null);
  const [open, setOpen] = useState(false);
  const [kinds, setKinds] = useState<NotifyKind[]>([]);
  const [busy, setBusy] = useState(false);
  const [openTag, setOpenTag] = useState<OpenTag | null>(null);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void (async () => {
      const settings = await api.call(notifyApi.settings, undefined, { silent: true });
      if (!settings) return;
      setBound(settings.wechat_bound);
      const wanted = NOTIFY_KINDS.filter((k) => settings.list.find((r) => r.kind === k)?.wechat);
      setKinds(wanted);
      if (!settings.wechat_bound || wanted.length === 0) return;
      // Only WeChat's browser loads the open tag's code (and, through it, WeChat's script).
      if (/MicroMessenger/i.test(navigator.userAgent)) {
        const tag = await (await import('./wechat-open-tag.ts')).prepareOpenTag();
        if (tag && wanted.some((k) => tag.config.templates[k])) setOpenTag(tag);
      }
      setOpen(true);
    })();
  }, []);

  async function record(granted: NotifyKind[]) {
    setBusy(true);
    const res = await api.call(notifyApi.subscribe, { order_rids: orderRids, kinds: granted });
    setBusy(false);
    if (res) {
      toast.success(granted.length > 0 ? '已订阅微信通知' : '已跳过订阅');
      setOpen(false);
    }
  }

  // WeChat's button for the kinds chosen, in the open dialog; its answer is recorded as granted.
  const recordRef = useRef(record);
  recordRef.current = record;
  useEffect(() => {
    if (!openTag || !open || !host.current) return;
    const { templates } = openTag.config;
    return openTag.mount(
      host.current,
      kinds.flatMap((k) => templates[k] ?? []),
      {
        success: (details) => void recordRef.current(acceptedKinds(details, templates)),
        // WeChat could not show its button: the customer chooses here instead.
        error: () => setOpenTag(null),
      },
    );
  }, [openTag, open, kinds]);

  if (bound === false)
    return (
      <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
        绑定微信后，样品签收、报告出具、待付款将第一时间在微信中通知您。
        <a href="/member/notify" className="ml-1 font-medium underline-offset-2 hover:underline">
          去绑定
        </a>
      </p>
    );
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title="订阅微信通知"
      width={460}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
            暂不订阅
          </button>
          {!openTag && (
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void record(kinds)}>
              订阅
            </button>
          )}
        </>
      }
    >
      {openTag ? (
        <>
          <p className="text-sm text-slate-600">
            点击下方按钮，在微信弹窗中勾选要接收的通知：
            {kinds.map((k) => NOTIFY_KIND_TEXT[k]).join('、')}，各通知您一次。
          </p>
          <div ref={host} className="mt-4" role="group" aria-label="微信订阅按钮" />
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            以下进展将各在微信中通知您一次（可随时在个人中心修改通知方式）：
          </p>
          <ul className="mt-3 grid gap-2">
            {NOTIFY_KINDS.map((k) => (
              <li key={k}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={kinds.includes(k)}
                    onChange={() =>
                      setKinds((list) => (list.includes(k) ? list.filter((x) => x !== k) : [...list, k]))
                    }
                  />
                  {NOTIFY_KIND_TEXT[k]}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
