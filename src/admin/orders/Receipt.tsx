// Samples arriving, in the console (decision 0039): the receipt form (count, condition, one to six
// photos uploaded as they are chosen) for 确认收样 and 拒收样品, and the record of past receipts
// with photo thumbnails that open full size.
import { useState } from 'react';
import type { z } from 'zod';
import { consoleApi, staffAction } from '../session.ts';
import { Badge, Field, FormModal, input, ViewModal, when } from '../ui.tsx';
import { useStaffFile } from '../files.ts';
import {
  RECEIPT_CONDITION_TEXT,
  RECEIPT_CONDITIONS,
  RECEIPT_MAX_PHOTOS,
  receiveSchema,
  rejectSchema,
  type ReceiptCondition,
} from '../../lib/shared/orders/receipt.ts';
import type { Receipt, StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { PICTURE_TYPES, PICTURE_TYPES_REFUSED } from '../../lib/shared/files/pictures.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;
type Photo = { rid: string; name: string };

/** How many samples the order expects: its lines' counts, or what a quote request said. */
const expectedCount = (o: Detail) =>
  o.items.reduce((n, i) => n + i.sample_count, 0) || o.demand?.sample_count || 0;

/** A photo as a small tile (its thumbnail); a click opens it full size. */
function PhotoThumb({ photo, onOpen }: { photo: Photo; onOpen: (p: Photo) => void }) {
  const url = useStaffFile(photo.rid, true);
  return (
    <button
      type="button"
      className="size-20 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100"
      aria-label={`查看照片 ${photo.name}`}
      onClick={() => onOpen(photo)}
    >
      {url && <img src={url} alt={photo.name} className="size-full object-cover" />}
    </button>
  );
}

/** A photo full size, in a dialog. */
function PhotoViewer({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  const url = useStaffFile(photo?.rid ?? null);
  return (
    <ViewModal open={photo !== null} title="收样照片" onClose={onClose}>
      {url ? (
        <img src={url} alt={photo?.name ?? ''} className="max-h-[60vh] w-full rounded object-contain" />
      ) : (
        <p className="text-sm text-slate-400">加载中…</p>
      )}
    </ViewModal>
  );
}

/** The order's receipts and refusals, oldest first. */
export function ReceiptList({ receipts }: { receipts: Receipt[] }) {
  const [viewing, setViewing] = useState<Photo | null>(null);
  if (receipts.length === 0) return <p className="text-sm text-slate-400">样品到达后在这里记录收样情况</p>;
  return (
    <>
      <ol className="grid gap-3 text-sm" aria-label="收样记录">
        {receipts.map((r, i) => (
          <li key={i} className="rounded-md border border-slate-200 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={r.outcome === 'rejected' ? 'red' : 'brand'}>
                {r.outcome === 'rejected' ? '已拒收' : '已收样'}
              </Badge>
              <span className="text-xs text-slate-500">{when(r.at)}</span>
            </div>
            {r.count !== null && (
              <p className="mt-1.5">
                实收 <strong className="tabular-nums">{r.count}</strong> 个 · 样品状况：{r.condition_text}
                {r.condition_note && `（${r.condition_note}）`}
              </p>
            )}
            {r.reason && <p className="mt-1 text-red-600">拒收原因：{r.reason}</p>}
            {r.note && <p className="mt-1 text-slate-600">{r.note}</p>}
            {r.photos.length > 0 && (
              <div className="mt-2 flex flex-wrap gap-2">
                {r.photos.map((p) => (
                  <PhotoThumb key={p.rid} photo={p} onOpen={setViewing} />
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
      <PhotoViewer photo={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** 确认收样 or 拒收样品: what arrived, in what state, photographed; a refusal says why. */
export function ReceiptDialog({
  order,
  mode,
  scanned,
  onClose,
  onDone,
}: {
  order: Detail;
  mode: 'receive' | 'reject';
  /** From 样品签收 (decision 0072): the scanned samples are received, the others reported missing. */
  scanned?: { received: number; missing: string[] };
  onClose: () => void;
  onDone: () => unknown;
}) {
  const expected = expectedCount(order);
  const [count, setCount] = useState(scanned ? String(scanned.received) : expected ? String(expected) : '');
  const [condition, setCondition] = useState<ReceiptCondition>('intact');
  const [conditionNote, setConditionNote] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState<{ id: string; name: string; fraction: number }[]>([]);
  const [problem, setProblem] = useState('');
  const [text, setText] = useState('');
  const [viewing, setViewing] = useState<Photo | null>(null);
  const reject = mode === 'reject';
  const room = RECEIPT_MAX_PHOTOS - photos.length - uploading.length;

  async function add(files: File[]) {
    setProblem('');
    if (files.length > room) setProblem(`最多上传${RECEIPT_MAX_PHOTOS}张收样照片`);
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!PICTURE_TYPES.includes(file.type)) {
        setProblem(PICTURE_TYPES_REFUSED);
        continue;
      }
      const form = new FormData();
      form.set('rid', order.rid);
      form.set('file', file);
      const id = crypto.randomUUID();
      setUploading((u) => [...u, { id, name: file.name, fraction: 0 }]);
      try {
        const stored = await consoleApi.upload<Photo>(
          ordersAdminApi.receiptPhoto,
          form,
          (fraction) => setUploading((u) => u.map((x) => (x.id === id ? { ...x, fraction } : x))),
          { throws: true },
        );
        if (stored) setPhotos((p) => [...p, { rid: stored.rid, name: stored.name }]);
      } catch (e) {
        setProblem(e instanceof Error ? `${file.name}：${e.message}` : '上传失败');
      } finally {
        setUploading((u) => u.filter((x) => x.id !== id));
      }
    }
  }

  async function submit(): Promise<string | null> {
    if (uploading.length > 0) return '照片还在上传，请稍候';
    const receipt = {
      count,
      condition,
      condition_note: conditionNote,
      photo_rids: photos.map((p) => p.rid),
    };
    if (reject) {
      const body = { rid: order.rid, reason: text, receipt };
      const checked = rejectSchema.safeParse(body);
      if (!checked.success) return checked.error.issues[0]?.message ?? '请检查填写内容';
      return staffAction(ordersAdminApi.reject, body, '已拒收样品', onDone);
    }
    const body = { rid: order.rid, note: text, receipt, ...(scanned ? { samples: 'scanned' } : {}) };
    const checked = receiveSchema.safeParse(body);
    if (!checked.success) return checked.error.issues[0]?.message ?? '请检查填写内容';
    return staffAction(ordersAdminApi.receive, body, '确认收样成功', onDone);
  }

  return (
    <FormModal
      open
      title={reject ? '拒收样品' : '确认收样'}
      submitText={reject ? '拒收样品' : '确认收样'}
      danger={reject}
      onClose={onClose}
      onSubmit={submit}
    >
      {order.quote?.expired && !reject && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          报价已于 {order.quote.valid_until} 过期，收样前请与客户确认价格或重新报价。
        </p>
      )}
      {scanned && scanned.missing.length > 0 && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          还有 {scanned.missing.length} 个样品未扫描：{scanned.missing.join('、')}
          。完成签收后样品状况记为「数量不符」， 这些样品标记为缺失，并通知客户。
        </p>
      )}
      <Field label="实收数量" hint={expected ? `应收 ${expected} 个` : undefined}>
        <input
          className={input}
          name="count"
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
      </Field>
      <fieldset className="grid gap-1 text-sm">
        <legend className="mb-1 font-medium text-slate-700">样品状况</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {RECEIPT_CONDITIONS.map((c) => (
            <label key={c} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="condition"
                value={c}
                checked={condition === c}
                onChange={() => setCondition(c)}
              />
              {RECEIPT_CONDITION_TEXT[c]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={condition === 'other' ? '状况说明' : '状况说明（可选）'}>
        <input
          className={input}
          name="condition_note"
          maxLength={200}
          placeholder="如：外包装破损，一个样品瓶盖松动"
          value={conditionNote}
          onChange={(e) => setConditionNote(e.target.value)}
        />
      </Field>
      <div className="grid gap-1.5 text-sm">
        <span className="font-medium text-slate-700">
          收样照片{reject ? '（可选）' : ''}{' '}
          <span className="font-normal text-slate-500">
            {photos.length}/{RECEIPT_MAX_PHOTOS}，PNG、JPG、WEBP、GIF，每张不超过 5MB
          </span>
        </span>
        <div className="flex flex-wrap gap-2" aria-label="已上传的收样照片">
          {photos.map((p) => (
            <div key={p.rid} className="relative">
              <PhotoThumb photo={p} onOpen={setViewing} />
              <button
                type="button"
                className="absolute -top-1.5 -right-1.5 size-5 rounded-full bg-slate-700 text-xs text-white"
                aria-label={`移除 ${p.name}`}
                onClick={() => setPhotos((all) => all.filter((x) => x.rid !== p.rid))}
              >
                ✕
              </button>
            </div>
          ))}
          {uploading.map((u) => (
            <div
              key={u.id}
              role="progressbar"
              aria-label={`正在上传 ${u.name}`}
              aria-valuenow={Math.round(u.fraction * 100)}
              className="flex size-20 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500"
            >
              {Math.round(u.fraction * 100)}%
            </div>
          ))}
          {room > 0 && (
            <label className="flex size-20 cursor-pointer items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500 hover:border-brand-400">
              + 添加照片
              <input
                type="file"
                className="sr-only"
                aria-label="上传收样照片"
                accept={PICTURE_TYPES.join(',')}
                multiple
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = '';
                  void add(files);
                }}
              />
            </label>
          )}
        </div>
        {problem && <p className="text-xs text-red-600">{problem}</p>}
      </div>
      <Field label={reject ? '拒收原因（客户可见）' : '说明（可选）'}>
        <input
          className={input}
          name={reject ? 'reason' : 'note'}
          maxLength={500}
          placeholder={reject ? '如：样品受潮结块，无法制样，请重新寄送' : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {reject && (
        <p className="text-sm text-slate-600">拒收后订单回到「待送样」，客户会收到短信和站内消息。</p>
      )}
      <PhotoViewer photo={viewing} onClose={() => setViewing(null)} />
    </FormModal>
  );
}
