import { useCallback, useRef, useState, type ReactNode } from 'react';
import Dialog from '../ui/Dialog.tsx';

type Ask = {
  title: string;
  text: ReactNode;
  /** The button that goes ahead (default 确认). */
  confirm?: string;
  /** The button that backs out (default 取消; 再想想 when the action itself is a cancellation). */
  dismiss?: string;
  danger?: boolean;
};

/**
 * A confirmation step before something that cannot be undone (delete, cancel):
 * `const [confirmDialog, ask] = useConfirm(); if (await ask({...})) …` and render confirmDialog.
 */
export function useConfirm(): [ReactNode, (ask: Ask) => Promise<boolean>] {
  const [current, setCurrent] = useState<Ask | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback(
    (a: Ask) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setCurrent(a);
      }),
    [],
  );
  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setCurrent(null);
  };

  const element = (
    <Dialog
      open={current !== null}
      onClose={() => settle(false)}
      title={current?.title}
      width={420}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={() => settle(false)}>
            {current?.dismiss ?? '取消'}
          </button>
          <button
            type="button"
            className={current?.danger ? 'btn bg-red-600 text-white hover:bg-red-700' : 'btn-primary'}
            onClick={() => settle(true)}
          >
            {current?.confirm ?? '确认'}
          </button>
        </>
      }
    >
      <p className="text-sm leading-relaxed text-slate-600">{current?.text}</p>
    </Dialog>
  );
  return [element, ask];
}
