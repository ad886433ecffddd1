// The 样品信息表 upload both the plan and a placed order offer (decisions 0089, 0093): the upload
// with its busy state, and a refusal with its problems and the annotated workbook to download.
import { useRef, useState } from 'react';
import { api, ApiError } from '../../lib/client/api.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import { problemPlace, type SheetProblem } from '../../lib/shared/plan/sheet.ts';

type Refusal = { msg: string; problems: SheetProblem[]; file: string | null };

/** Saves the annotated workbook a refusal carries (base64) under a name the customer recognises. */
function saveAnnotated(base64: string, itemName: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const href = URL.createObjectURL(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = href;
  a.download = `错误说明-${itemName}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** Posts a sheet with the given form fields; a refusal is kept for SheetRefusal to show. */
export function useSheetUpload<T>(
  endpoint: Endpoint,
  fields: Record<string, string>,
  done: (answer: T) => void,
) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function upload(file: File) {
    setBusy(true);
    setRefusal(null);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', file);
    try {
      const answer = await api.upload<T>(endpoint, form, undefined, { throws: true });
      if (answer) done(answer);
    } catch (error) {
      const data =
        error instanceof ApiError ? (error.data as { problems?: SheetProblem[]; file?: string }) : null;
      setRefusal({
        msg: error instanceof Error ? error.message : '上传失败',
        problems: data?.problems ?? [],
        file: data?.file ?? null,
      });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return { input, busy, refusal, upload };
}

/** Why a sheet was refused: the message, the first 20 problems by row and column, the annotated file. */
export function SheetRefusal({ refusal, itemName }: { refusal: Refusal | null; itemName: string }) {
  if (!refusal) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700">
      <p className="break-words">{refusal.msg}</p>
      {refusal.problems.length > 0 && (
        <ul className="mt-1 max-h-40 list-disc overflow-auto pl-5 text-xs">
          {refusal.problems.slice(0, 20).map((p) => (
            <li key={`${p.row}-${p.column}`}>
              {problemPlace(p)}：{p.msg}
            </li>
          ))}
          {refusal.problems.length > 20 && <li>…共 {refusal.problems.length} 处</li>}
        </ul>
      )}
      {refusal.file && (
        <button
          type="button"
          className="mt-2 min-h-9 font-medium underline"
          onClick={() => saveAnnotated(refusal.file!, itemName)}
        >
          下载错误说明表
        </button>
      )}
    </div>
  );
}
