// The quote request's attachments, the steps beside the form, and the card shown once submitted.
import { useEffect, useRef } from 'react';
import { FilePicker, UploadRow, mb, useUploadLimits, useUploads } from '../files/uploads.tsx';
import { toast } from '../../lib/client/toast.ts';
import {
  DEMAND_MAX_FILES,
  UPLOAD_ACCEPT,
  UPLOAD_TYPES_TEXT,
  type DemandResult,
} from '../../lib/shared/orders/demand.ts';

/** 附件: up to DEMAND_MAX_FILES uploads, each with its progress. */
export function DemandAttachments({
  uploads,
  limits,
}: {
  uploads: ReturnType<typeof useUploads>;
  limits: ReturnType<typeof useUploadLimits>;
}) {
  function addFiles(files: File[]) {
    const room = DEMAND_MAX_FILES - uploads.items.filter((i) => i.state !== 'error').length;
    if (files.length > room) toast.error(`附件最多${DEMAND_MAX_FILES}个`);
    for (const f of files.slice(0, Math.max(0, room))) void uploads.add(f);
  }

  return (
    <section className="card grid gap-4 p-4 md:p-6" aria-labelledby="demand-files">
      <div>
        <h2 id="demand-files" className="text-base font-semibold text-slate-900">
          附件
        </h2>
        <p className="mt-1 text-xs text-slate-500">
          选填，最多{DEMAND_MAX_FILES}个，单个文件不超过{limits ? mb(limits.file_max_bytes) : '…'}；支持
          {limits?.types_text ?? UPLOAD_TYPES_TEXT}
        </p>
      </div>
      <div>
        <FilePicker
          label="添加附件"
          multiple
          accept={limits?.accept ?? UPLOAD_ACCEPT}
          busy={uploads.busy}
          onFiles={addFiles}
        />
      </div>
      {uploads.items.length > 0 && (
        <ul className="grid gap-2" aria-label="附件列表">
          {uploads.items.map((i) => (
            <UploadRow key={i.key} item={i} onRemove={() => uploads.remove(i.key)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** 需求报价流程: what happens after submitting. */
export function DemandSteps() {
  return (
    <aside className="card p-4 text-sm text-slate-600 md:p-6" aria-labelledby="demand-how">
      <h2 id="demand-how" className="mb-3 text-base font-semibold text-slate-900">
        需求报价流程
      </h2>
      <ol className="grid gap-3">
        {[
          ['提交需求', '描述检测目的与要求，可附样品清单、参考文献等'],
          ['业务经理报价', '工作时间 2 小时内联系您确认方案与价格'],
          ['确认订单', '报价后在「我的订单」查看，按提示付款或寄样'],
          ['签署协议寄样', '在「委托协议」下载协议，签署后随样品寄出'],
        ].map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
              {i + 1}
            </span>
            <div>
              <p className="font-medium text-slate-800">{title}</p>
              <p className="text-xs text-slate-500">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </aside>
  );
}

export function Submitted({ result, onAgain }: { result: DemandResult; onAgain: () => void }) {
  // The form was long: bring the result into view and put focus on it.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'center' });
    card.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={card}
      tabIndex={-1}
      className="card mx-auto max-w-xl px-6 py-10 text-center outline-none"
      role="status"
    >
      <span
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-50 text-2xl text-accent-600"
      >
        ✓
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">需求已提交</h2>
      <p className="mt-2 text-sm text-slate-600">
        订单号 <strong className="font-semibold text-slate-900 tabular-nums">{result.order_no}</strong>
        <span className="ml-2 rounded-full bg-hot-50 px-2 py-0.5 text-xs font-medium text-hot-600 ring-1 ring-hot-100">
          {result.status_text}
        </span>
      </p>
      <p className="mt-2 text-sm text-slate-500">
        {result.files > 0 ? `已附 ${result.files} 个附件。` : ''}
        业务经理将尽快与您联系并报价，报价后短信通知您。
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a className="btn-primary" href={`/member/order?rid=${encodeURIComponent(result.rid)}`}>
          查看订单
        </a>
        <a className="btn-ghost" href="/experiment/contract">
          下载委托协议
        </a>
        <button type="button" className="btn-ghost" onClick={onAgain}>
          继续提交需求
        </button>
      </div>
    </div>
  );
}
