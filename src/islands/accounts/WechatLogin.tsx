import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { WxPollResult } from '../../lib/shared/accounts/auth.ts';
import { api, ApiError } from '../../lib/client/api.ts';
import { finishLogin } from '../../lib/client/auth.ts';
import { accountsApi } from '../../lib/shared/accounts/api.ts';

const QR_POLL_MS = 1000;
const MSG_SCANNED = '扫码成功';
const MSG_EXPIRED = '二维码已过期';

type State =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; image: string; simulator: string | null }
  | { kind: 'scanned'; image: string }
  | { kind: 'expired'; image: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The dev adapter's "QR" opens our own simulator page: offer it as a link, same origin. */
export function simulatorLink(qrUrl: string): string | null {
  try {
    const url = new URL(qrUrl, location.href);
    return url.pathname === '/dev/wechat' ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/**
 * Spec section 4: fetch a ticket and draw its QR, poll every second (1 s timeout, silent), show
 * 扫码成功 and log in on confirmation; after expire_seconds show 二维码已过期 and a refresh button.
 */
export default function WechatLogin({
  onNeedBind,
  onDone,
}: {
  onNeedBind: (bindKey: string) => void;
  onDone: () => void;
}) {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    void (async () => {
      const ticket = await api.call(accountsApi.wxTicket);
      if (!alive) return;
      if (!ticket?.ticket) return setState({ kind: 'failed' });
      const image = await QRCode.toDataURL(ticket.qr_code_url, {
        width: 400,
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      if (!alive) return;
      setState({ kind: 'ready', image, simulator: simulatorLink(ticket.qr_code_url) });
      const deadline = Date.now() + ticket.expire_seconds * 1000;
      const expire = () => alive && setState({ kind: 'expired', image });
      while (alive) {
        await sleep(QR_POLL_MS);
        if (!alive) return;
        if (Date.now() >= deadline) return expire();
        let result: WxPollResult | null | undefined;
        try {
          result = await api.call(
            accountsApi.wxPoll,
            { ticket: ticket.ticket },
            { timeout: QR_POLL_MS, throws: true },
          );
        } catch (error) {
          // The server's own answer (code 0) means the ticket is gone; anything else is retried.
          if (error instanceof ApiError && error.kind === 'business') return expire();
          continue;
        }
        if (!alive) return;
        if (result?.status === 'confirmed') {
          setState({ kind: 'scanned', image });
          await sleep(600); // long enough to read 扫码成功
          await finishLogin(result, onDone);
          return;
        }
        if (result?.status === 'need_bind') return onNeedBind(result.bindKey);
      }
    })();
    return () => {
      alive = false;
    };
  }, [round, onDone, onNeedBind]);

  const image = state.kind === 'loading' || state.kind === 'failed' ? null : state.image;
  return (
    <div className="flex flex-col items-center text-center">
      <div className="relative size-52 rounded-xl border border-slate-200 bg-white p-2.5 shadow-sm">
        {image ? (
          <img src={image} width={200} height={200} alt="微信登录二维码" className="size-full" />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-slate-400">
            {state.kind === 'failed' ? '二维码获取失败' : '二维码加载中…'}
          </div>
        )}
        {(state.kind === 'expired' || state.kind === 'failed') && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/95">
            <p className="font-medium text-slate-800" role="status">
              {state.kind === 'expired' ? MSG_EXPIRED : '二维码获取失败'}
            </p>
            <button type="button" className="btn-primary" onClick={() => setRound((r) => r + 1)}>
              刷新二维码
            </button>
          </div>
        )}
        {state.kind === 'scanned' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-xl bg-white/95">
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-accent-500 text-2xl text-white"
            >
              ✓
            </span>
            <p className="font-medium text-accent-700" role="status">
              {MSG_SCANNED}
            </p>
          </div>
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600">请使用微信扫一扫，扫描二维码登录</p>
      <p className="mt-1 text-xs text-slate-400">首次扫码需绑定手机号，之后可直接扫码登录</p>
      {state.kind === 'ready' && state.simulator && (
        <a
          href={state.simulator}
          target="_blank"
          rel="noopener"
          className="mt-3 rounded text-xs text-brand-600 underline-offset-2 hover:underline"
        >
          开发环境：在新窗口模拟扫码
        </a>
      )}
    </div>
  );
}
