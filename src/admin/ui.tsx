// The console's building blocks: buttons and fields in the project's Tailwind, accessible modals
// (react-aria-components), status tabs, badges and the toast. Lists, tables, CSV exports, date
// ranges and files have their own modules beside this one. Nothing here is shared with the
// customer islands.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { $notice } from './session.ts';
import { shanghaiMinute } from '../lib/shared/time.ts';

export const when = (iso: string | null | undefined) => (iso ? shanghaiMinute(iso) : '—');

export const button = {
  primary:
    'inline-flex h-9 items-center justify-center gap-1.5 rounded-md bg-brand-700 px-3.5 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-800 disabled:opacity-50 aria-disabled:opacity-50',
  ghost:
    'inline-flex h-9 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3.5 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-50 disabled:opacity-50 aria-disabled:opacity-50',
  danger:
    'inline-flex h-9 items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-3.5 text-sm whitespace-nowrap text-red-600 hover:bg-red-50 disabled:opacity-50 aria-disabled:opacity-50',
  link: 'rounded px-1.5 py-0.5 text-sm whitespace-nowrap text-brand-700 hover:bg-brand-50',
};
/** A text field's look; `input` and `filterInput` size it. */
export const inputBase =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';
export const input = `${inputBase} w-full`;
/** A search box in a filter row: a fixed width, narrower on phones. */
export const filterInput = `${inputBase} w-full sm:w-44`;

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      {children}
      {hint && <span className="text-xs text-slate-500">{hint}</span>}
    </label>
  );
}

export function PageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    // On a phone the actions go under the lead instead of squeezing it into a narrow column.
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 sm:flex-1">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        {lead && <p className="mt-0.5 text-sm text-slate-500">{lead}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A modal form: title, body, footer with cancel and the action; the action may refuse (message). */
export function FormModal({
  open,
  title,
  onClose,
  onSubmit,
  submitText = '确定',
  dismissText,
  danger,
  wide,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Resolves an error message to show, or null when done. */
  onSubmit: () => Promise<string | null>;
  submitText?: string;
  /**
   * The button that closes without acting: 取消 by default, 返回 when the action itself says 取消
   * (取消 beside 取消订单 reads as two ways to cancel).
   */
  dismissText?: string;
  danger?: boolean;
  /** A form with a table in it (the quote builder): room for it. */
  wide?: boolean;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (open) setError('');
  }, [open]);
  // A refusal keeps the person in the dialog: focus on the message (inside the dialog, so Esc and
  // Tab still work there), never dropped to the page behind it.
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(o) => !o && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4"
    >
      <Modal className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl bg-white shadow-xl`}>
        <Dialog className="outline-none">
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              if (busy) return;
              setBusy(true);
              setError('');
              const message = await onSubmit();
              setBusy(false);
              if (message) setError(message);
              else onClose();
            }}
          >
            <Heading slot="title" className="border-b border-slate-100 px-5 py-3.5 text-base font-semibold">
              {title}
            </Heading>
            <div className="grid max-h-[70vh] gap-3.5 overflow-y-auto px-5 py-4">
              {children}
              {error && (
                <p
                  ref={alert}
                  role="alert"
                  tabIndex={-1}
                  className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600 outline-none"
                >
                  {error}
                </p>
              )}
            </div>
            <div className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
              {/* A dialog whose action is only 关闭 (a detail that may also act) has one button. */}
              {submitText !== '关闭' && (
                <button type="button" className={button.ghost} onClick={onClose}>
                  {dismissText ?? (submitText.includes('取消') ? '返回' : '取消')}
                </button>
              )}
              {/* aria-disabled, not disabled: a disabled button loses focus to the page. */}
              <button
                type="submit"
                className={danger ? button.danger : button.primary}
                aria-disabled={busy || undefined}
              >
                {submitText}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A dialog that only shows something (a record's details): one button, 关闭. */
export function ViewModal({
  open,
  title,
  onClose,
  wide,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(o) => !o && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4"
    >
      <Modal className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl bg-white shadow-xl`}>
        <Dialog className="outline-none">
          <Heading slot="title" className="border-b border-slate-100 px-5 py-3.5 text-base font-semibold">
            {title}
          </Heading>
          <div className="grid max-h-[70vh] gap-3.5 overflow-y-auto px-5 py-4">{children}</div>
          <div className="flex justify-end border-t border-slate-100 px-5 py-3">
            <button type="button" className={button.ghost} onClick={onClose}>
              关闭
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Status tabs over a list (role=tablist), with optional counts. */
export function StatusTabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: { value: T; label: string; count?: number }[];
  value: T;
  onChange: (v: T) => void;
  label: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="mb-3 flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          aria-selected={t.value === value}
          onClick={() => onChange(t.value)}
          className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap ${
            t.value === value
              ? 'border-brand-600 font-semibold text-brand-700'
              : 'border-transparent text-slate-500 hover:text-brand-700'
          }`}
        >
          {t.label}
          {Boolean(t.count) && (
            <span className="ml-1 rounded-full bg-hot-500 px-1.5 text-xs font-semibold text-white">
              {t.count}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

export function Badge({
  children,
  tone = 'slate',
}: {
  children: ReactNode;
  tone?: 'slate' | 'brand' | 'hot' | 'accent' | 'red';
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-600',
    brand: 'bg-brand-50 text-brand-700',
    hot: 'bg-hot-50 text-hot-600',
    accent: 'bg-accent-50 text-accent-700',
    red: 'bg-red-50 text-red-600',
  };
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** The console's toast: the last notice for four seconds. */
export function ConsoleToast() {
  const n = useStore($notice);
  const [shown, setShown] = useState<typeof n>(null);
  useEffect(() => {
    if (!n) return;
    setShown(n);
    const t = setTimeout(() => setShown(null), 4000);
    return () => clearTimeout(t);
  }, [n]);
  if (!shown) return null;
  return (
    <div
      role={shown.kind === 'error' ? 'alert' : 'status'}
      data-console-toast={shown.kind}
      className={`fixed top-4 left-1/2 z-[60] -translate-x-1/2 rounded-lg px-4 py-2.5 text-sm text-white shadow-lg ${
        shown.kind === 'error' ? 'bg-red-600' : 'bg-slate-900'
      }`}
    >
      {shown.text}
    </div>
  );
}
