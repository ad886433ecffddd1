// Uploads with a visible progress bar per file (upload4file through the one API client's XHR
// upload), shared by the demand form (attachments) and the contract list (signed agreement).
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { UPLOAD_TYPE_REFUSED, acceptsName, type UploadLimits } from '../../lib/shared/orders/demand.ts';
import { Spinner } from '../ui/kit.tsx';
import { filesApi } from '../../lib/shared/files/api.ts';
import type { Endpoint, OutputOf } from '../../lib/shared/api/endpoint.ts';

/** A stored upload, as the upload endpoints answer it. */
export type Stored = OutputOf<typeof filesApi.uploadFile>;

export type UploadItem = {
  key: string;
  name: string;
  size: number;
  /** 0..1 */
  progress: number;
  state: 'uploading' | 'done' | 'error';
  error?: string;
  stored?: Stored;
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

let limitsOnce: Promise<UploadLimits | null> | null = null;

/** The server's upload limits (size, types), asked once per page (by islands behind the login gate). */
export function useUploadLimits(): UploadLimits | null {
  const [limits, setLimits] = useState<UploadLimits | null>(null);
  useEffect(() => {
    limitsOnce ??= api.call(filesApi.limits, {}, { silent: true }).then((l) => l ?? null);
    void limitsOnce.then((l) => {
      if (!l) limitsOnce = null;
      setLimits(l);
    });
  }, []);
  return limits;
}

let seq = 0;

/**
 * Files being uploaded to an upload `endpoint` with extra form fields; each shows its own progress. A file
 * over the size limit is refused before any byte is sent; removing a file still uploading
 * aborts its request.
 */
export function useUploads(
  endpoint: Endpoint,
  fields: Record<string, string>,
  maxBytes: number | null,
  /** Extensions taken (the file input's accept list); others are refused before sending. */
  accept?: string,
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const aborts = useRef(new Map<string, AbortController>());
  // Read when a file is added, so a new object each render does not remake `add`.
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const patch = (key: string, p: Partial<UploadItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));

  const add = useCallback(
    async (file: File): Promise<Stored | null> => {
      const key = `u${++seq}`;
      const refused =
        maxBytes !== null && file.size > maxBytes
          ? `文件不能超过${mb(maxBytes)}`
          : accept && !acceptsName(accept, file.name)
            ? UPLOAD_TYPE_REFUSED
            : null;
      if (refused) {
        setItems((l) => [
          ...l,
          { key, name: file.name, size: file.size, progress: 0, state: 'error', error: refused },
        ]);
        return null;
      }
      setItems((l) => [...l, { key, name: file.name, size: file.size, progress: 0, state: 'uploading' }]);
      const form = new FormData();
      form.set('file', file);
      for (const [k, v] of Object.entries(fieldsRef.current)) form.set(k, v);
      const abort = new AbortController();
      aborts.current.set(key, abort);
      try {
        const stored = await api.upload<Stored>(endpoint, form, (f) => patch(key, { progress: f }), {
          throws: true,
          signal: abort.signal,
        });
        if (!stored) throw new Error('上传失败');
        patch(key, { progress: 1, state: 'done', stored });
        return stored;
      } catch (error) {
        if (!abort.signal.aborted)
          patch(key, { state: 'error', error: error instanceof Error ? error.message : '上传失败' });
        return null;
      } finally {
        aborts.current.delete(key);
      }
    },
    [endpoint, maxBytes, accept],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.abort();
    setItems((l) => l.filter((i) => i.key !== key));
  }, []);

  const clear = useCallback(() => {
    for (const a of aborts.current.values()) a.abort();
    setItems([]);
  }, []);

  return { items, add, remove, clear, busy: items.some((i) => i.state === 'uploading') };
}

/** One file's row: name, size, a progress bar (role=progressbar) and its state. */
export function UploadRow({ item, onRemove }: { item: UploadItem; onRemove?: () => void }) {
  const pct = Math.round(item.progress * 100);
  return (
    <li className="rounded-lg border border-slate-200 bg-white px-3 py-2.5" data-upload={item.name}>
      <div className="flex items-center gap-2 text-sm">
        <span className="min-w-0 flex-1 truncate font-medium text-slate-800" title={item.name}>
          {item.name}
        </span>
        <span className="shrink-0 text-xs text-slate-400 tabular-nums">{formatSize(item.size)}</span>
        {onRemove && (
          <button
            type="button"
            className="shrink-0 rounded px-1.5 text-xs text-slate-500 hover:bg-red-50 hover:text-red-600"
            onClick={onRemove}
            aria-label={`移除 ${item.name}`}
          >
            移除
          </button>
        )}
      </div>
      <div className="mt-2 flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={`${item.name} 上传进度`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-200 ${
              item.state === 'error' ? 'bg-red-400' : item.state === 'done' ? 'bg-accent-500' : 'bg-brand-600'
            }`}
            style={{ width: `${item.state === 'error' ? 100 : pct}%` }}
          />
        </div>
        <span
          className={`w-16 shrink-0 text-right text-xs tabular-nums ${
            item.state === 'error'
              ? 'text-red-600'
              : item.state === 'done'
                ? 'text-accent-700'
                : 'text-slate-500'
          }`}
        >
          {item.state === 'done' ? '已上传' : item.state === 'error' ? '失败' : `${pct}%`}
        </span>
      </div>
      {item.error && <p className="mt-1 text-xs text-red-600">{item.error}</p>}
    </li>
  );
}

/** A button that opens the file chooser; `busy` shows a spinner. */
export function FilePicker({
  label,
  accept,
  multiple,
  disabled,
  busy,
  onFiles,
  className = 'btn-ghost',
}: {
  label: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  busy?: boolean;
  onFiles: (files: File[]) => void;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => input.current?.click()}>
        {busy ? <Spinner /> : <UploadIcon />}
        {label}
      </button>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        // The visible button above opens it; assistive technology sees only that button.
        aria-hidden="true"
        accept={accept}
        multiple={multiple}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

function UploadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path
        d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
