import { useRef, useState } from 'react';
import {
  AGREEMENT_VERSION,
  firstError,
  registerFormSchema,
  resetFormSchema,
  SMS_PURPOSE,
} from '../../lib/shared/accounts/auth.ts';
import { finishLogin } from '../../lib/client/auth.ts';
import { api } from '../../lib/client/api.ts';
import { setInviterCode } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import { CodeButton, Field, formValues, LinkButton, SubmitButton } from './fields.tsx';
import { accountsApi } from '../../lib/shared/accounts/api.ts';

const MSG_REGISTERED = '注册成功!';
const MSG_RESET = '密码重置成功!';

const inputOf = (form: HTMLFormElement | null, name: string) =>
  (form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';

/**
 * Register: phone, code, password twice, optional inviter code, and the agreement (PIPL consent
 * before collecting personal information); registered means logged in (decision 0049).
 */
export function RegisterPanel({
  inviterCode,
  onLogin,
  onDone,
}: {
  inviterCode: string;
  onLogin: () => void;
  onDone: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerFormSchema.safeParse(
      formValues(event.currentTarget, ['password', 'confirmPassword']),
    );
    const error = firstError(parsed);
    if (error || !parsed.success) return toast.error(error ?? '');
    const { phone, code, password, inviterCode: inviter, agreement_version } = parsed.data;
    setPending(true);
    const result = await api.call(accountsApi.register, {
      phone,
      code,
      password,
      inviterCode: inviter,
      agreement_version,
    });
    if (!result?.token) return setPending(false);
    setInviterCode(''); // the relation is stored with the account now
    await finishLogin(result, onDone, MSG_REGISTERED);
  }

  return (
    <div>
      <h2 className="text-2xl font-bold text-slate-900">注册账号</h2>
      <p className="mt-1 text-sm text-slate-500">使用手机号注册，注册后请完善基本信息</p>
      <form ref={form} onSubmit={submit} noValidate className="mt-6 space-y-4">
        <Field
          label="手机号"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
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
          addon={<CodeButton useFor={SMS_PURPOSE.register} phone={() => inputOf(form.current, 'phone')} />}
        />
        <Field
          label="密码"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="8-64位"
          maxLength={64}
        />
        <Field
          label="确认密码"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder="请再次输入密码"
          maxLength={64}
        />
        <Field
          label="邀请码（选填）"
          name="inviterCode"
          autoComplete="off"
          placeholder="没有可不填"
          defaultValue={inviterCode}
          maxLength={16}
        />
        <label className="flex items-start gap-2 text-sm leading-relaxed text-slate-600">
          <input
            type="checkbox"
            name="agreement_version"
            value={AGREEMENT_VERSION}
            className="mt-1 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600"
          />
          <span>
            我已阅读并同意
            <a href="/license" target="_blank" className="text-brand-600 hover:underline">
              《服务协议》
            </a>
            <a href="/policy" target="_blank" className="text-brand-600 hover:underline">
              《隐私政策》
            </a>
          </span>
        </label>
        <SubmitButton pending={pending} busyText="注册中…">
          注册
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-500">
        已有账号？<LinkButton onClick={onLogin}>去登录</LinkButton>
      </p>
    </div>
  );
}

/** Reset: account (the phone), code, new password twice; then the login panel. */
export function ResetPanel({ onLogin, onDone }: { onLogin: () => void; onDone: (phone: string) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetFormSchema.safeParse(
      formValues(event.currentTarget, ['password', 'confirmPassword']),
    );
    const error = firstError(parsed);
    if (error || !parsed.success) return toast.error(error ?? '');
    const { account, code, password } = parsed.data;
    setPending(true);
    const ok = await api.call(accountsApi.reset, { account, code, password });
    setPending(false);
    if (ok === undefined) return;
    toast.success(MSG_RESET);
    onDone(account);
  }

  return (
    <div>
      <h2 className="text-2xl font-bold text-slate-900">重置密码</h2>
      <p className="mt-1 text-sm text-slate-500">验证码将发送到账号绑定的手机号</p>
      <form ref={form} onSubmit={submit} noValidate className="mt-6 space-y-4">
        <Field
          label="手机号"
          name="account"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          placeholder="请输入注册时的手机号"
          maxLength={11}
        />
        <Field
          label="验证码"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6位数字"
          maxLength={6}
          addon={
            <CodeButton
              useFor={SMS_PURPOSE.reset}
              lockWhileSending={false}
              phone={() => inputOf(form.current, 'account')}
            />
          }
        />
        <Field
          label="新密码"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="8-64位"
          maxLength={64}
        />
        <Field
          label="确认密码"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder="请再次输入新密码"
          maxLength={64}
        />
        <SubmitButton pending={pending} busyText="提交中…">
          重置密码
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-500">
        想起密码了？<LinkButton onClick={onLogin}>返回登录</LinkButton>
      </p>
    </div>
  );
}
