// The console's one confirmation dialog for destructive and money steps (decision 0086): a button
// asks with confirmStep(); the dialog (mounted once, beside the toast) states what will happen
// and the amount, offers 返回 and a confirm button named after the step, and keeps a refusal in
// the dialog with the focus on it, so Esc and Tab keep working.
import { useState, type ReactNode } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { FormModal } from './ui.tsx';
import { staffAction } from './session.ts';

export type Confirmation = {
  /** The dialog's title: the step and its object, e.g. 下架仪器「…」. */
  title: string;
  /** What will happen: the consequence, and the amount where money moves. */
  message: ReactNode;
  /** The confirm button, distinct from 返回 (确认下架, 确认入账…). */
  confirmText: string;
  /** A step that takes something away (下架, 移除): the confirm button in red. */
  danger?: boolean;
  /** Runs the step: null when done (the dialog closes), else the refusal to show in it. */
  run: () => Promise<string | null>;
};

const $confirmation = atom<Confirmation | null>(null);

/** Opens the confirmation; the step runs only when the person confirms. */
export const confirmStep = (c: Confirmation) => $confirmation.set(c);

/** A staff call behind a confirmation: the call's toast and reload as staffAction has them. */
export function confirmCall<T = unknown>(
  c: Omit<Confirmation, 'run'>,
  ...call: Parameters<typeof staffAction<T>>
) {
  confirmStep({ ...c, run: () => staffAction<T>(...call) });
}

/** The dialog: mounted once by the console's shell. */
export function ConfirmHost() {
  const asked = useStore($confirmation);
  // The last question stays rendered while the dialog closes.
  const [shown, setShown] = useState<Confirmation | null>(null);
  if (asked && asked !== shown) setShown(asked);
  const c = asked ?? shown;
  return (
    <FormModal
      open={asked !== null}
      title={c?.title ?? ''}
      submitText={c?.confirmText ?? '确认'}
      dismissText="返回"
      danger={c?.danger}
      onClose={() => $confirmation.set(null)}
      onSubmit={() => c!.run()}
    >
      <div className="grid gap-2 text-sm text-slate-700" data-confirm-message>
        {c?.message}
      </div>
    </FormModal>
  );
}
