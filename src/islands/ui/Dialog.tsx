import { useEffect, useId, useRef, type ReactNode } from 'react';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Accessible name when the dialog shows no title. */
  label?: string;
  /** Width in px on wide screens (the spec uses 870 and 700); narrow screens get the full width. */
  width?: number;
  /** Covers the whole viewport (the login popup). */
  fullScreen?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/**
 * A modal built on the native <dialog>: the browser makes the page behind it inert and keeps
 * focus inside. Esc and a click on the backdrop call onClose; the page does not scroll behind it,
 * and focus returns to where it was when the dialog opened.
 */
export default function Dialog({
  open,
  onClose,
  title,
  label,
  width = 560,
  fullScreen = false,
  footer,
  children,
  className = '',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    return () => {
      openRef.current = false;
      if (dialog.open) dialog.close();
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Esc: keep the element open and let the owner decide (it controls `open`).
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Chromium skips the cancellable event without a user gesture since opening and closes the
    // element directly; tell the owner so its state follows.
    const closed = () => {
      if (openRef.current) onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('close', closed);
    };
  }, []);

  function onBackdrop(event: React.MouseEvent<HTMLDialogElement>) {
    if (event.target !== event.currentTarget) return;
    const r = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= r.left &&
      event.clientX <= r.right &&
      event.clientY >= r.top &&
      event.clientY <= r.bottom;
    if (!inside) onClose();
  }

  const box = fullScreen
    ? 'm-0 h-dvh max-h-none w-screen max-w-none rounded-none'
    : 'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] rounded-lg shadow-xl';

  return (
    <dialog
      ref={ref}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      onClick={onBackdrop}
      style={fullScreen ? undefined : { maxWidth: width }}
      className={`bg-white p-0 text-gray-800 backdrop:bg-black/50 ${box} ${className}`}
    >
      {open && (
        <div className={`flex flex-col ${fullScreen ? 'h-full' : 'max-h-[calc(100dvh-2rem)]'}`}>
          {title !== undefined && (
            <header className="flex items-center justify-between border-b border-gray-200 px-6 py-4">
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              <CloseButton onClose={onClose} />
            </header>
          )}
          {title === undefined && (
            <div className="absolute top-3 right-3">
              <CloseButton onClose={onClose} />
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer && (
            <footer className="flex justify-end gap-3 border-t border-gray-200 px-6 py-4">{footer}</footer>
          )}
        </div>
      )}
    </dialog>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label="关闭"
      className="inline-flex h-8 w-8 items-center justify-center rounded text-2xl leading-none text-gray-500 hover:bg-gray-100 hover:text-gray-800"
    >
      ×
    </button>
  );
}
