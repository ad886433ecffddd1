// Small form pieces shared by the member, profile and sampling islands, so every form in the
// member area looks and reads the same (labels are the inputs' accessible names).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { PHONE_MAX_LENGTH } from '../../lib/shared/member/address.ts';

export const inputClass =
  'block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 ' +
  'placeholder:text-slate-400 transition-shadow focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400';

export const textareaClass = inputClass.replace('h-10', 'min-h-20 py-2 leading-relaxed');

/** A label above (or, from sm up, beside) its control; `required` adds the red star. */
export function Row({
  label,
  htmlFor,
  required,
  children,
  hint,
  as = 'label',
}: {
  label: string;
  htmlFor?: string;
  required?: boolean;
  children: ReactNode;
  hint?: ReactNode;
  /** 'legend'-like text for a group of controls (radio buttons) rather than one input. */
  as?: 'label' | 'span';
}) {
  const Tag = as;
  // The star sits outside the label, so the label (the input's accessible name) is the bare word.
  return (
    <div className="grid gap-1.5 sm:grid-cols-[7.5rem_minmax(0,1fr)] sm:items-start sm:gap-3">
      <div className="text-sm font-medium text-slate-700 sm:pt-2 sm:text-right">
        {required && (
          <span aria-hidden="true" className="mr-0.5 text-red-500">
            *
          </span>
        )}
        <Tag {...(as === 'label' ? { htmlFor } : {})}>{label}</Tag>
      </div>
      <div className="min-w-0">
        {children}
        {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      </div>
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode };

/** A labelled text input in a Row. */
export function TextField({ label, hint, required, id, ...input }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <Row label={label} htmlFor={inputId} required={required} hint={hint}>
      <input id={inputId} className={inputClass} {...input} />
    </Row>
  );
}

/** Segmented radio choices (user type, delivery type, address source). */
export function Choices<T extends string | number>({
  label,
  name,
  value,
  options,
  onChange,
  required,
}: {
  label: string;
  name: string;
  value: T;
  options: { value: T; label: string; disabled?: boolean; title?: string }[];
  onChange: (value: T) => void;
  required?: boolean;
}) {
  return (
    <Row label={label} required={required} as="span">
      <div
        role="radiogroup"
        aria-label={label}
        className="grid gap-1.5 sm:flex sm:flex-wrap sm:gap-2"
        style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
      >
        {options.map((o) => (
          <label
            key={String(o.value)}
            title={o.title}
            className={`inline-flex h-10 items-center justify-center gap-1.5 rounded-lg border px-2 text-sm transition-colors sm:gap-2 sm:px-3.5 ${
              o.disabled
                ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
                : value === o.value
                  ? 'cursor-pointer border-brand-500 bg-brand-50 font-medium text-brand-700'
                  : 'cursor-pointer border-slate-300 bg-white text-slate-700 hover:border-brand-300'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={String(o.value)}
              checked={value === o.value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
              className="accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
    </Row>
  );
}

export function Spinner({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}

/** The card a member page shows before the session is known or when logged out. */
export function LoginNeeded() {
  return (
    <div className="card px-6 py-12 text-center text-sm text-slate-500">
      <p>登录后查看您的账户信息</p>
      <button
        type="button"
        className="btn-primary mt-4"
        onClick={() =>
          window.dispatchEvent(new CustomEvent('portal:open-login', { detail: { panel: 'log' } }))
        }
      >
        立即登录
      </button>
    </div>
  );
}

/** Shown until the island knows whether someone is logged in. */
export function Loading({ label = '加载中…' }: { label?: string }) {
  return (
    <div className="card flex items-center justify-center gap-2 px-6 py-16 text-sm text-slate-400">
      <Spinner /> {label}
    </div>
  );
}

/** Previous / next paging under a member list; renders nothing for a single page. */
export function Pager({
  page,
  pages,
  label = '分页',
  onPage,
}: {
  page: number;
  pages: number;
  label?: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-3 text-sm">
      <button type="button" className="btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span className="text-slate-500">
        {page} / {pages}
      </span>
      <button type="button" className="btn-ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </button>
    </nav>
  );
}

type InputBinding = Pick<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/** Contact name and mainland mobile of an address, as the address book and pickup forms ask them. */
export function ContactFields({ name, phone }: { name: InputBinding; phone: InputBinding }) {
  return (
    <>
      <TextField label="姓名" name="name" required autoComplete="name" maxLength={32} {...name} />
      <TextField
        label="手机"
        name="phone"
        type="tel"
        inputMode="numeric"
        required
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        {...phone}
      />
    </>
  );
}
