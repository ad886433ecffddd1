import { useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { logout as clearSession } from '../../lib/client/stores.ts';
import { alertSuccess, toast } from '../../lib/client/toast.ts';
import Dialog from '../ui/Dialog.tsx';
import { Loading, TextField } from '../ui/kit.tsx';
import { privacyApi } from '../../lib/shared/privacy/api.ts';

/**
 * 注销账号 on /member/information (PIPL; decision 0044): what closing does and keeps, what must be
 * settled first (user/closeCheck), then the password and a confirmation before user/close.
 */
export default function CloseAccount() {
  const [open, setOpen] = useState(false);
  const [blockers, setBlockers] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBlockers(null);
    setPassword('');
    setUnderstood(false);
    setOpen(true);
    const check = await api.call(privacyApi.closeCheck, {});
    if (check) setBlockers(check.blockers);
    else setOpen(false);
  }

  async function confirm() {
    setBusy(true);
    try {
      await api.call(privacyApi.close, { password }, { throws: true });
    } catch (error) {
      toast.error((error as Error).message);
      return;
    } finally {
      setBusy(false);
    }
    clearSession();
    setOpen(false);
    await alertSuccess('账号已注销，感谢您使用本平台');
    window.location.assign('/');
  }

  const ready = blockers?.length === 0;
  return (
    <section className="card p-4 md:p-6" aria-labelledby="close-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="close-title" className="text-base font-semibold text-slate-900">
            注销账号
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-500">
            注销后将删除您的姓名、手机号、邮箱、地址、发票抬头等个人信息，账号无法再登录，也不能恢复；未使用的优惠券和积分随之作废。订单、资金流水、发票和对账单属于财务与税务记录，依法保留，但不再与您的身份关联。
          </p>
        </div>
        <button type="button" className="btn-ghost text-red-700" onClick={() => void start()}>
          注销账号
        </button>
      </div>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="注销账号"
        width={520}
        footer={
          ready ? (
            <>
              <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
                取消
              </button>
              <button
                type="button"
                className="btn bg-red-700 text-white hover:bg-red-800 disabled:opacity-50"
                disabled={!understood || !password.trim() || busy}
                onClick={() => void confirm()}
              >
                确认注销
              </button>
            </>
          ) : (
            <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
              知道了
            </button>
          )
        }
      >
        {blockers === null ? (
          <Loading label="正在检查账号…" />
        ) : blockers.length > 0 ? (
          <div className="text-sm">
            <p className="mb-2 font-medium text-slate-900">账号暂不能注销，请先处理以下事项：</p>
            <ul className="list-disc space-y-1 pl-5 text-slate-700" data-close-blockers>
              {blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </div>
        ) : (
          <form
            className="grid gap-3 text-sm"
            onSubmit={(e) => {
              e.preventDefault();
              if (understood && password.trim()) void confirm();
            }}
          >
            <p className="text-slate-700">请输入登录密码确认是您本人操作。注销后无法恢复。</p>
            <TextField
              label="登录密码"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <label className="flex items-center gap-2 text-slate-700">
              <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
              我已了解注销后个人信息将被删除，账号无法恢复
            </label>
          </form>
        )}
      </Dialog>
    </section>
  );
}
