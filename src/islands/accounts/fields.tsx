import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  sendCodeSchema,
  firstError,
  CODE_RESEND_SECONDS,
  type SmsPurpose,
} from '../../lib/shared/accounts/auth.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { accountsApi } from '../../lib/shared/accounts/api.ts';

const MSG_CODE_SENT = '验证码已发送!';
const codeButtonText = (left: number) => (left > 0 ? `${left}s后重新获取` : '获取验证码');

const inputClass =
  'block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 text-[15px] text-slate-900 ' +
  'placeholder:text-slate-400 transition-shadow focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  /** Shown beside the input (the SMS code button). */
  addon?: ReactNode;
  hint?: ReactNode;
};

/** A labelled input; the label is the accessible name, so tests and screen readers agree. */
export function Field({ label, addon, hint, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={inputId} aria-describedby={hintId} className={inputClass} {...input} />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SubmitButton({
  pending,
  children,
  busyText,
}: {
  pending: boolean;
  children: ReactNode;
  busyText: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="btn-primary h-11 w-full text-[15px] focus-visible:ring-4 focus-visible:ring-brand-200 disabled:cursor-wait disabled:opacity-70"
    >
      {pending ? busyText : children}
    </button>
  );
}

/** A text link styled as such, but a button: it switches panels, it goes nowhere. */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded font-medium text-brand-600 hover:text-brand-800 hover:underline"
    >
      {children}
    </button>
  );
}

/** Seconds left until `until` (epoch ms), re-rendering every quarter second until it is reached. */
function useSecondsLeft(until: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until <= Date.now()) return;
    const id = setInterval(() => {
      setTick((t) => t + 1);
      if (Date.now() >= until) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [until]);
  // Read the clock at render: a timestamp kept in state would be stale right after `until` moves.
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

type CodeButtonProps = {
  useFor: SmsPurpose;
  /** Reads the phone from the form when clicked. */
  phone: () => string;
  /**
   * Spec section 4: the button is disabled while a send is under way and re-enabled when it
   * fails (register, login, bind); in reset it is never locked by a send.
   */
  lockWhileSending?: boolean;
};

/** 获取验证码 → on success a 60 s countdown 'Ns后重新获取', disabled meanwhile. */
export function CodeButton({ useFor, phone, lockWhileSending = true }: CodeButtonProps) {
  const [until, setUntil] = useState(0);
  const [sending, setSending] = useState(false);
  const left = useSecondsLeft(until);

  async function send() {
    const error = firstError(sendCodeSchema.safeParse({ phone: phone(), useFor }));
    if (error) return toast.error(error);
    if (lockWhileSending) setSending(true);
    const data = await api.call(accountsApi.sendCode, { phone: phone().trim(), useFor });
    setSending(false);
    if (data === undefined) return; // the client has shown the message; the button is free again
    toast.success(MSG_CODE_SENT);
    setUntil(Date.now() + CODE_RESEND_SECONDS * 1000);
  }

  return (
    <button
      type="button"
      onClick={send}
      disabled={left > 0 || sending}
      aria-live="polite"
      className="h-11 w-32 shrink-0 rounded-lg border border-brand-200 bg-brand-50 px-2 text-sm font-medium text-brand-700 tabular-nums transition-colors hover:bg-brand-100 focus-visible:ring-4 focus-visible:ring-brand-100 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500"
    >
      {sending ? '发送中…' : codeButtonText(left)}
    </button>
  );
}

/** Form values as trimmed strings (passwords are kept as typed). */
export function formValues(form: HTMLFormElement, raw: string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string') values[key] = raw.includes(key) ? value : value.trim();
  }
  return values;
}
