import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { memberOnly } from '../ui/member-gate.tsx';
import { Loading, Pager, Spinner } from '../ui/kit.tsx';
import Dialog from '../ui/Dialog.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import type {
  InviteeSchema,
  InviteInitSchema,
  InviteOrdersSchema,
} from '../../lib/shared/promotion/responses.ts';
import { drawPoster } from './poster.ts';
import { promotionApi } from '../../lib/shared/promotion/api.ts';

type Init = z.output<typeof InviteInitSchema>;
type Invitee = z.output<typeof InviteeSchema>;
type Orders = z.output<typeof InviteOrdersSchema>;

/** The link people open: this site's own address (the one the customer is on), then the path. */
const linkOf = (init: Init) =>
  typeof window === 'undefined'
    ? init.invite_url
    : new URL(init.invite_path, window.location.origin).toString();

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what}已复制`);
  } catch {
    toast.error('复制失败，请长按或手动选择复制');
  }
}

/** My code, link, QR code and poster: what I share. */
function ShareCard({ init, siteName }: { init: Init; siteName: string }) {
  const link = linkOf(init);
  const [qr, setQr] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void QRCode.toDataURL(link, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then(setQr);
  }, [link]);

  async function download() {
    setBusy(true);
    try {
      const blob = await drawPoster({ siteName, link, code: init.invite_code });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `邀请海报-${init.invite_code}.png`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch {
      toast.error('海报生成失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="card grid gap-5 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:p-6"
      aria-labelledby="invite-share"
    >
      <div className="grid content-start gap-4">
        <div>
          <h2 id="invite-share" className="text-lg font-semibold text-slate-900">
            邀请好友注册
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-500">
            好友通过您的链接或邀请码注册，即可领取新人优惠券。
            {init.promoter_status === 'approved'
              ? `好友注册后 ${init.bind_months} 个月内完成的订单，您可获得实付金额 ${init.rebate_percent_text} 的返利。`
              : '成为推广员后，还可获得好友订单的现金返利。'}
          </p>
        </div>
        <div className="grid gap-1.5">
          <span className="text-sm font-medium text-slate-700">我的邀请码</span>
          <div className="flex items-center gap-2">
            <code
              data-testid="invite-code"
              className="rounded-lg bg-brand-50 px-3 py-1.5 font-mono text-lg font-bold tracking-widest text-brand-700"
            >
              {init.invite_code}
            </code>
            <button
              type="button"
              className="btn-ghost h-9 px-3 text-sm"
              onClick={() => void copy(init.invite_code, '邀请码')}
            >
              复制
            </button>
          </div>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="invite-link" className="text-sm font-medium text-slate-700">
            邀请链接
          </label>
          <div className="flex gap-2">
            <input
              id="invite-link"
              readOnly
              value={link}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="btn-primary shrink-0"
              onClick={() => void copy(link, '邀请链接')}
            >
              复制链接
            </button>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-center sm:max-w-sm">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">已邀请</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums" data-testid="invited-count">
              {init.invited_count}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">已下单</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{init.ordered_count}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-col items-center gap-3 md:w-56">
        {qr ? (
          <img
            src={qr}
            alt="邀请二维码"
            width={200}
            height={200}
            className="rounded-lg ring-1 ring-slate-200"
          />
        ) : (
          <div className="flex h-[200px] w-[200px] items-center justify-center rounded-lg bg-slate-50">
            <Spinner />
          </div>
        )}
        <p className="text-xs text-slate-500">微信扫码注册</p>
        <button type="button" className="btn-accent w-full" onClick={() => void download()} disabled={busy}>
          {busy && <Spinner />}下载邀请海报
        </button>
      </div>
    </section>
  );
}

/** An invitee's orders as I may see them: items and state, never amounts. */
function OrdersDialog({ who, onClose }: { who: Invitee | null; onClose: () => void }) {
  const [data, setData] = useState<Orders | null>(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (!who) return;
    setData(null);
    void api
      .call(promotionApi.inviteOrders, { user_rid: who.user_rid, page, size: 10 })
      .then((res) => res && setData(res));
  }, [who, page]);
  return (
    <Dialog open={who !== null} onClose={onClose} title={`${who?.phone ?? ''} 的订单`} width={560}>
      {!data ? (
        <Loading />
      ) : data.list.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-400">该好友还没有下单</p>
      ) : (
        <ul className="grid gap-2">
          {data.list.map((o, i) => (
            <li key={i} className="rounded-lg border border-slate-100 p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="text-slate-500">{o.placed_on} 下单</span>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {o.status_text}
                </span>
              </div>
              <p className="mt-1.5 text-slate-800">{o.items.join('、')}</p>
              {o.rebate_fen !== null && (
                <p className="mt-1 text-xs text-hot-600">返利 ¥{fenToYuan(o.rebate_fen)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={page}
          pages={Math.max(1, Math.ceil(data.total / 10))}
          label="订单分页"
          onPage={setPage}
        />
      )}
    </Dialog>
  );
}

/** /member/invite: my code, link, QR code and poster; the people I invited and their orders. */
function Invite({ siteName }: { siteName: string }) {
  const [init, setInit] = useState<Init | null>(null);
  const list = usePagedList(promotionApi.inviteList, { size: 10 });
  const [who, setWho] = useState<Invitee | null>(null);
  useEffect(() => {
    void api.call(promotionApi.inviteInit, {}).then((res) => res && setInit(res));
  }, []);
  if (!init) return <Loading />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <ShareCard init={init} siteName={siteName} />
      <section className="card p-4 md:p-5" aria-labelledby="invitees">
        <h2 id="invitees" className="mb-3 text-lg font-semibold text-slate-900">
          我邀请的好友
        </h2>
        {list.data === null ? (
          <Loading />
        ) : list.data.list.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-400">还没有好友通过您的邀请注册，快去分享吧</p>
        ) : (
          // Fits a phone: there the registration date goes under the phone number instead of
          // a column of its own. `relative` keeps the sr-only header inside the scroll box.
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-100 text-left text-slate-500">
                  <th className="py-2 pr-3 font-medium">手机号</th>
                  <th className="py-2 pr-3 font-medium max-sm:hidden">注册时间</th>
                  <th className="py-2 pr-3 font-medium">是否下单</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">操作</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.list.map((i) => {
                  const registered = shanghaiDate(new Date(i.registered_at));
                  return (
                    <tr key={i.user_rid} className="border-b border-slate-50 last:border-0">
                      <td className="py-2.5 pr-3 tabular-nums">
                        {i.phone}
                        <span className="block text-xs text-slate-500 sm:hidden">{registered} 注册</span>
                      </td>
                      <td className="py-2.5 pr-3 text-slate-600 tabular-nums max-sm:hidden">{registered}</td>
                      <td className="py-2.5 pr-3 whitespace-nowrap">
                        {i.has_order ? (
                          <span className="text-emerald-600">已下单</span>
                        ) : (
                          <span className="text-slate-400">未下单</span>
                        )}
                      </td>
                      <td className="py-2.5 text-right">
                        <button
                          type="button"
                          className="text-sm whitespace-nowrap text-brand-700 hover:underline"
                          onClick={() => setWho(i)}
                          aria-label={`查看 ${i.phone} 的订单`}
                        >
                          查看订单
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={list.page} pages={list.pages} label="好友分页" onPage={list.setPage} />
      </section>
      <OrdersDialog who={who} onClose={() => setWho(null)} />
    </div>
  );
}

export default memberOnly(Invite);
