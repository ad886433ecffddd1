// /member/notify (通知设置, decision 0091): bind WeChat by scanning a QR code (the dev simulator in
// development), and choose the channels of each kind of order news.
import { useCallback, useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { simulatorLink } from '../accounts/WechatLogin.tsx';
import { Loading } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { accountsApi } from '../../lib/shared/accounts/api.ts';
import { notifyApi } from '../../lib/shared/notify/api.ts';
import {
  NOTIFY_KIND_TEXT,
  type NotifyKind,
  type NotifySettings as Settings,
} from '../../lib/shared/notify/channels.ts';

const POLL_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Row = Settings['list'][number];
const CHANNELS = [
  { key: 'wechat', label: '微信' },
  { key: 'sms', label: '短信' },
  { key: 'email', label: '邮件' },
] as const;

/** The bind QR code, polled until scanned (or expired). */
function BindWechat({ onBound }: { onBound: () => void }) {
  const [qr, setQr] = useState<{ image: string; simulator: string | null } | null>(null);
  const [expired, setExpired] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let alive = true;
    setExpired(false);
    void (async () => {
      const ticket = await api.call(accountsApi.wxBindTicket);
      if (!alive || !ticket) return;
      const image = await QRCode.toDataURL(ticket.qr_code_url, { width: 320, margin: 1 });
      if (!alive) return;
      setQr({ image, simulator: simulatorLink(ticket.qr_code_url) });
      const deadline = Date.now() + ticket.expire_seconds * 1000;
      while (alive && Date.now() < deadline) {
        await sleep(POLL_MS);
        const res = await api.call(accountsApi.wxBindStatus, { ticket: ticket.ticket }, { silent: true });
        if (!alive) return;
        if (res?.status === 'bound') {
          toast.success('微信绑定成功');
          return onBound();
        }
      }
      if (alive) setExpired(true);
    })();
    return () => {
      alive = false;
    };
  }, [round, onBound]);

  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-center sm:flex-row sm:items-start sm:text-left">
      <div className="relative size-40 shrink-0 rounded-xl border border-slate-200 bg-white p-2">
        {qr ? (
          <img src={qr.image} width={144} height={144} alt="绑定微信二维码" className="size-full" />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-slate-400">加载中…</span>
        )}
        {expired && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-xl bg-white/95">
            <p className="text-sm text-slate-700">二维码已过期</p>
            <button type="button" className="btn-primary" onClick={() => setRound((r) => r + 1)}>
              刷新
            </button>
          </div>
        )}
      </div>
      <div className="text-sm text-slate-600 sm:ml-4">
        <p>请使用微信扫一扫，关注公众号后即完成绑定。</p>
        <p className="mt-1 text-xs text-slate-400">绑定后可用微信扫码登录，并在微信中接收订单通知。</p>
        {qr?.simulator && !expired && (
          <a
            href={qr.simulator}
            target="_blank"
            rel="noopener"
            className="mt-2 inline-block text-xs text-brand-600 hover:underline"
          >
            开发环境：在新窗口模拟扫码
          </a>
        )}
      </div>
    </div>
  );
}

function NotifySettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [binding, setBinding] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const res = await api.call(notifyApi.settings);
    if (res) setSettings(res);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const bound = useCallback(() => {
    setBinding(false);
    void load();
  }, [load]);

  if (!settings) return <Loading />;
  const toggle = (kind: string, key: keyof Omit<Row, 'kind'>) =>
    setSettings({
      ...settings,
      list: settings.list.map((r) => (r.kind === kind ? { ...r, [key]: !r[key] } : r)),
    });

  async function save() {
    setSaving(true);
    const res = await api.call(notifyApi.saveSettings, {
      list: settings!.list.map((r) => ({ ...r, kind: r.kind as NotifyKind })),
    });
    setSaving(false);
    if (res) {
      setSettings(res);
      toast.success('通知设置已保存');
    }
  }

  async function unbind() {
    if ((await api.call(accountsApi.wxUnbind)) !== undefined) {
      toast.success('已解除绑定微信');
      await load();
    }
  }

  return (
    <div className="grid gap-4">
      <section className="card p-5" aria-labelledby="wx-bind">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="wx-bind" className="font-semibold text-slate-900">
              微信绑定
            </h2>
            <p className="mt-1 text-sm text-slate-500">
              {settings.wechat_bound ? '已绑定微信，订单进展将通过微信通知您。' : '未绑定微信'}
            </p>
          </div>
          {settings.wechat_bound ? (
            <button type="button" className="btn-ghost border border-slate-200" onClick={() => void unbind()}>
              解除绑定
            </button>
          ) : (
            !binding && (
              <button type="button" className="btn-primary" onClick={() => setBinding(true)}>
                绑定微信
              </button>
            )
          )}
        </div>
        {binding && !settings.wechat_bound && <BindWechat onBound={bound} />}
      </section>

      <section className="card p-5" aria-labelledby="notify-channels">
        <h2 id="notify-channels" className="font-semibold text-slate-900">
          通知设置
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          选择每类订单通知的接收方式。同时勾选微信与短信时，优先发微信，微信未绑定、未订阅或发送失败时改发短信；站内消息始终保留。
        </p>
        <table className="mt-4 w-full text-sm">
          <thead>
            <tr className="border-b border-slate-100 text-left text-slate-500">
              <th className="py-2 font-normal">通知类型</th>
              {CHANNELS.map((c) => (
                <th key={c.key} className="py-2 text-center font-normal">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {settings.list.map((r) => (
              <tr key={r.kind} className="border-b border-slate-50">
                <th scope="row" className="py-3 text-left font-medium text-slate-800">
                  {NOTIFY_KIND_TEXT[r.kind as NotifyKind] ?? r.kind}
                </th>
                {CHANNELS.map((c) => (
                  <td key={c.key} className="py-3 text-center">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      aria-label={`${NOTIFY_KIND_TEXT[r.kind as NotifyKind]}：${c.label}`}
                      checked={r[c.key]}
                      onChange={() => toggle(r.kind, c.key)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 flex justify-end">
          <button type="button" className="btn-primary" disabled={saving} onClick={() => void save()}>
            保存设置
          </button>
        </div>
      </section>
    </div>
  );
}

export default memberOnly(NotifySettings);
