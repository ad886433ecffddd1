import { useRef, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import type { User } from '../../lib/client/stores.ts';
import {
  changePasswordFormSchema,
  firstError,
  PASSWORD_MAX,
  SMS_PURPOSE,
  updateContactSchema,
} from '../../lib/shared/accounts/auth.ts';
import { CodeButton, formValues } from '../accounts/fields.tsx';
import Dialog from '../ui/Dialog.tsx';
import { inputClass, Row, TextField } from '../ui/kit.tsx';
import { reloadUser } from '../ui/session-user.ts';
import { accountsApi } from '../../lib/shared/accounts/api.ts';

type Kind = 'phone' | 'password';

/**
 * 账号信息 on /member/information: the login name and phone, with 更换手机号 (the new phone, a
 * code sent to it and the current password) and 修改密码 (the current password and a new one).
 */
export default function AccountSecurity({ user }: { user: User | null }) {
  const [open, setOpen] = useState<Kind | null>(null);
  const phone = typeof user?.phone === 'string' ? user.phone : '';
  const close = () => setOpen(null);
  // A WeChat-made account has no password to give yet: say where to set one.
  const noPasswordHint = user?.has_password === false ? NO_PASSWORD_HINT : undefined;
  return (
    <section className="card p-4 md:p-6" aria-labelledby="account-title">
      <h2 id="account-title" className="mb-2 text-base font-semibold text-slate-900">
        账号信息
      </h2>
      <dl className="divide-y divide-slate-100 text-sm">
        <AccountRow label="登录账号" value={user?.account ?? '…'} />
        <AccountRow
          label="手机号"
          value={phone || '…'}
          action="更换手机号"
          onAction={() => setOpen('phone')}
        />
        <AccountRow
          label="登录密码"
          value={user?.has_password === false ? '未设置' : '已设置'}
          action="修改密码"
          onAction={() => setOpen('password')}
        />
      </dl>
      <ChangePhone open={open === 'phone'} onClose={close} hint={noPasswordHint} />
      <ChangePassword open={open === 'password'} onClose={close} hint={noPasswordHint} />
    </section>
  );
}

/** One line of 账号信息: what it is, its value, and the button that changes it. */
function AccountRow({
  label,
  value,
  action,
  onAction,
}: {
  label: string;
  value: string;
  action?: string;
  onAction?: () => void;
}) {
  return (
    <div className="flex min-h-14 items-center gap-3 py-2">
      <dt className="w-20 shrink-0 text-slate-500 sm:w-24">{label}</dt>
      <dd className="min-w-0 flex-1 break-all text-slate-900">{value}</dd>
      {action && (
        <dd className="shrink-0">
          <button type="button" className="btn-ghost" onClick={onAction}>
            {action}
          </button>
        </dd>
      )}
    </div>
  );
}

/** The dialog's footer: cancel, and the submit button of the form it names. */
function Footer({ form, pending, onClose }: { form: string; pending: boolean; onClose: () => void }) {
  return (
    <>
      <button type="button" className="btn-ghost" onClick={onClose}>
        取消
      </button>
      <button type="submit" form={form} className="btn-primary disabled:opacity-60" disabled={pending}>
        {pending ? '提交中…' : '确定'}
      </button>
    </>
  );
}

const NO_PASSWORD_HINT = '您还没有设置登录密码：请先退出，在登录页用「忘记密码」设置。';

type DialogProps = { open: boolean; onClose: () => void; hint?: string };

function ChangePhone({ open, onClose, hint }: DialogProps) {
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = updateContactSchema.safeParse(formValues(event.currentTarget, ['password']));
    const error = firstError(parsed);
    if (error || !parsed.success) return toast.error(error ?? '');
    setPending(true);
    const done = await api.call(accountsApi.updateContact, parsed.data);
    setPending(false);
    if (done === undefined) return;
    toast.success('手机号已更换，请用新手机号登录');
    await reloadUser();
    onClose();
  }

  const newPhone = () =>
    (form.current?.elements.namedItem('phone') as HTMLInputElement | null)?.value.trim() ?? '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="更换手机号"
      width={520}
      footer={<Footer form="change-phone" pending={pending} onClose={onClose} />}
    >
      <form id="change-phone" ref={form} onSubmit={submit} noValidate className="grid gap-4">
        <p className="text-sm text-slate-500">更换后请使用新手机号登录，验证码将发送到新手机号。</p>
        <TextField
          label="新手机号"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="请输入11位手机号"
          maxLength={11}
          required
        />
        <Row label="验证码" htmlFor="change-phone-code" required>
          <div className="flex gap-2">
            <input
              id="change-phone-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6位数字"
              maxLength={6}
              className={inputClass.replace('h-10', 'h-11')}
            />
            <CodeButton useFor={SMS_PURPOSE.register} phone={newPhone} />
          </div>
        </Row>
        <TextField
          label="当前密码"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          required
          hint={hint}
        />
      </form>
    </Dialog>
  );
}

function ChangePassword({ open, onClose, hint }: DialogProps) {
  const [pending, setPending] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(
      formValues(event.currentTarget, ['password', 'new_password', 'confirm_password']),
    );
    const error = firstError(parsed);
    if (error || !parsed.success) return toast.error(error ?? '');
    setPending(true);
    const { password, new_password } = parsed.data;
    const done = await api.call(accountsApi.updatePassword, { password, new_password });
    setPending(false);
    if (done === undefined) return;
    toast.success('密码修改成功!');
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="修改密码"
      width={520}
      footer={<Footer form="change-password" pending={pending} onClose={onClose} />}
    >
      <form id="change-password" onSubmit={submit} noValidate className="grid gap-4">
        <p className="text-sm text-slate-500">修改后，其他设备上的登录将失效，需用新密码重新登录。</p>
        <TextField
          label="当前密码"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          required
          hint={hint}
        />
        <TextField
          label="新密码"
          name="new_password"
          type="password"
          autoComplete="new-password"
          placeholder="8-64位，避免常见密码"
          maxLength={PASSWORD_MAX}
          required
        />
        <TextField
          label="确认新密码"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          placeholder="请再次输入新密码"
          maxLength={PASSWORD_MAX}
          required
        />
      </form>
    </Dialog>
  );
}
