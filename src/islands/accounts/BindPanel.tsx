import { useRef, useState } from 'react';
import { firstError, wxBindSchema, SMS_PURPOSE } from '../../lib/shared/accounts/auth.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { CodeButton, Field, formValues, LinkButton, SubmitButton } from './fields.tsx';
import { finishLogin } from '../../lib/client/auth.ts';
import { accountsApi } from '../../lib/shared/accounts/api.ts';

/** A WeChat user with no account proves a phone, which binds (or creates) the account. */
export default function BindPanel({
  bindKey,
  onBack,
  onDone,
}: {
  bindKey: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const phone = () => (form.current?.elements.namedItem('phone') as HTMLInputElement | null)?.value ?? '';

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = wxBindSchema.safeParse({ bindKey, ...formValues(event.currentTarget) });
    const error = firstError(parsed);
    if (error || !parsed.success) return toast.error(error ?? '');
    setPending(true);
    const result = await api.call(accountsApi.wxBind, parsed.data);
    if (!(await finishLogin(result, onDone))) setPending(false);
  }

  return (
    <div>
      <h2 className="text-2xl font-bold text-slate-900">绑定手机号</h2>
      <p className="mt-1 text-sm text-slate-500">
        扫码成功！该微信尚未绑定账号，请验证手机号完成绑定；手机号未注册时将自动注册。
      </p>
      <form ref={form} onSubmit={submit} noValidate className="mt-6 space-y-4">
        <Field
          label="手机号"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="请输入11位手机号"
          maxLength={11}
        />
        <Field
          label="验证码"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6位数字"
          maxLength={6}
          addon={<CodeButton useFor={SMS_PURPOSE.bindWechat} phone={phone} />}
        />
        <SubmitButton pending={pending} busyText="绑定中…">
          绑定并登录
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-500">
        <LinkButton onClick={onBack}>返回登录</LinkButton>
      </p>
    </div>
  );
}
