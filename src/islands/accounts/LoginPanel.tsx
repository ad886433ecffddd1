import { useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  firstError,
  passwordLoginSchema,
  smsLoginSchema,
  SMS_PURPOSE,
} from '../../lib/shared/accounts/auth.ts';
import { api } from '../../lib/client/api.ts';
import { finishLogin } from '../../lib/client/auth.ts';
import { $remembered, rememberLogin } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { CodeButton, Field, formValues, LinkButton, SubmitButton } from './fields.tsx';
import WechatLogin from './WechatLogin.tsx';
import { accountsApi } from '../../lib/shared/accounts/api.ts';

export type LoginTab = 0 | 1 | 2;
const TABS = ['密码登录', '验证码登录', '微信扫码'] as const;

type Props = {
  tab: LoginTab;
  onTab: (tab: LoginTab) => void;
  /** Account to prefill (after registering or resetting). */
  account?: string;
  onRegister: () => void;
  onReset: () => void;
  onNeedBind: (bindKey: string) => void;
  onDone: () => void;
};

export default function LoginPanel({ tab, onTab, account, onRegister, onReset, onNeedBind, onDone }: Props) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKey(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = ((tab + step + TABS.length) % TABS.length) as LoginTab;
    onTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div>
      <h2 className="text-2xl font-bold text-slate-900">欢迎登录</h2>
      <p className="mt-1 text-sm text-slate-500">登录后即可下单、预约与查看检测进度</p>
      <div
        role="tablist"
        aria-label="登录方式"
        className="mt-6 grid grid-cols-3 rounded-lg bg-slate-100 p-1"
        onKeyDown={onKey}
      >
        {TABS.map((label, i) => (
          <button
            key={label}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`login-tab-${i}`}
            aria-selected={tab === i}
            aria-controls={`login-tabpanel-${i}`}
            tabIndex={tab === i ? 0 : -1}
            onClick={() => onTab(i as LoginTab)}
            className="h-9 rounded-md text-sm font-medium text-slate-600 transition-colors hover:text-brand-700 focus-visible:outline-offset-0 aria-selected:bg-white aria-selected:text-brand-700 aria-selected:shadow-sm"
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-tabpanel-${tab}`} aria-labelledby={`login-tab-${tab}`} className="mt-6">
        {tab === 0 && <PasswordLogin account={account} onReset={onReset} onDone={onDone} />}
        {tab === 1 && <SmsLogin account={account} onDone={onDone} />}
        {tab === 2 && <WechatLogin onNeedBind={onNeedBind} onDone={onDone} />}
      </div>
      <p className="mt-6 text-center text-sm text-slate-500">
        还没有账号？<LinkButton onClick={onRegister}>立即注册</LinkButton>
      </p>
    </div>
  );
}

function PasswordLogin({
  account,
  onReset,
  onDone,
}: {
  account?: string;
  onReset: () => void;
  onDone: () => void;
}) {
  const remembered = useStore($remembered, { ssr: () => null });
  const [remember, setRemember] = useState(Boolean(remembered));
  const [pending, setPending] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget, ['password']);
    const parsed = passwordLoginSchema.safeParse(values);
    const error = firstError(parsed);
    if (error || !parsed.success) return toast.error(error ?? '');
    setPending(true);
    const result = await api.call(accountsApi.login, parsed.data);
    if (result?.token) rememberLogin(remember ? { account: parsed.data.account } : null);
    const ok = await finishLogin(result, onDone);
    if (!ok) setPending(false);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field
        label="用户名/手机号"
        name="account"
        autoComplete="username"
        placeholder="请输入用户名或手机号"
        defaultValue={account ?? remembered?.account ?? ''}
        maxLength={64}
      />
      <Field
        label="密码"
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder="请输入密码"
        maxLength={64}
      />
      <div className="flex items-start justify-between gap-3 text-sm">
        <div>
          <label className="inline-flex cursor-pointer items-center gap-2 text-slate-700">
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              aria-describedby="remember-warning"
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            记住密码
          </label>
          <p id="remember-warning" className={`mt-1 text-xs ${remember ? 'text-hot-600' : 'text-slate-400'}`}>
            公共或多人共用的电脑请勿勾选
          </p>
        </div>
        <LinkButton onClick={onReset}>忘记密码？</LinkButton>
      </div>
      <SubmitButton pending={pending} busyText="登录中…">
        登录
      </SubmitButton>
    </form>
  );
}

function SmsLogin({ account, onDone }: { account?: string; onDone: () => void }) {
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const phone = () => (form.current?.elements.namedItem('phone') as HTMLInputElement | null)?.value ?? '';

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = smsLoginSchema.safeParse(formValues(event.currentTarget));
    const error = firstError(parsed);
    if (error || !parsed.success) return toast.error(error ?? '');
    setPending(true);
    const result = await api.call(accountsApi.codeLogin, parsed.data);
    if (!(await finishLogin(result, onDone))) setPending(false);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4">
      <Field
        label="手机号"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder="请输入11位手机号"
        maxLength={11}
        defaultValue={account && /^\d{11}$/.test(account) ? account : ''}
      />
      <Field
        label="验证码"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="6位数字"
        maxLength={6}
        addon={<CodeButton useFor={SMS_PURPOSE.login} phone={phone} />}
      />
      <SubmitButton pending={pending} busyText="登录中…">
        登录
      </SubmitButton>
    </form>
  );
}
