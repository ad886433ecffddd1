import { useEffect, useState, type ReactNode } from 'react';
import { Pager, Spinner } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { useSettings } from '../catalogue/settings.ts';
import { FilePicker, UploadRow, mb, useUploadLimits, useUploads } from '../files/uploads.tsx';
import { api } from '../../lib/client/api.ts';
import { saveAgreement, saveFile } from '../../lib/client/download.ts';
import { toast } from '../../lib/client/toast.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { projectTypeNames, type ProjectTypeId } from '../../lib/shared/catalogue/catalogue.ts';
import type { OrderFile, OrderSummary } from '../../lib/shared/orders/order.ts';
import type { UploadLimits } from '../../lib/shared/orders/demand.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import { filesApi } from '../../lib/shared/files/api.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';

const PAGE_SIZE = 10;
type Row = OrderSummary & { protocols: OrderFile[] | null };

/**
 * /experiment/contract: the user's orders with their agreement: download it as a PDF, sign it,
 * upload the signed copy (progress bar), and the list shows it as uploaded. Beside it, the
 * process the spec tells customers.
 */
const protocolsOf = (rid: string) =>
  api.call(ordersApi.protocolFiles, { rid }, { silent: true }).then((r) => r?.list ?? null);

function ContractList() {
  const limits = useUploadLimits();
  const orders = usePagedList(ordersApi.list, {
    size: PAGE_SIZE,
  });
  const { page, setPage, pages } = orders;
  // Each order's uploaded agreements, read once its page is in.
  const [protocols, setProtocols] = useState<Record<string, OrderFile[] | null>>({});

  useEffect(() => {
    if (!orders.data) return;
    let current = true;
    void Promise.all(orders.data.list.map(async (o) => [o.rid, await protocolsOf(o.rid)] as const)).then(
      (found) => current && setProtocols(Object.fromEntries(found)),
    );
    return () => {
      current = false;
    };
  }, [orders.data]);

  // A page shows once its agreements are known too.
  const data = orders.data?.list.every((o) => o.rid in protocols)
    ? {
        ...orders.data,
        list: orders.data.list.map((o): Row => ({ ...o, protocols: protocols[o.rid] ?? null })),
      }
    : null;
  const refresh = async (rid: string) => {
    const list = await protocolsOf(rid);
    setProtocols((p) => ({ ...p, [rid]: list }));
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_320px] lg:items-start">
      <section className="card p-4 md:p-6" aria-labelledby="contract-list-title">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
          <h2 id="contract-list-title" className="text-base font-semibold text-slate-900">
            我的订单协议
          </h2>
          <p className="text-sm text-slate-500">
            共 <strong className="text-slate-800">{data?.total ?? 0}</strong> 个订单
          </p>
        </div>
        {!data ? (
          <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : data.list.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-200 px-6 py-12 text-center">
            <p className="text-slate-600">还没有订单</p>
            <p className="mt-1 text-sm text-slate-400">下单或提交需求后，可在这里下载委托协议</p>
            <div className="mt-4 flex justify-center gap-3">
              <a className="btn-primary" href="/experiment/plan">
                去实验计划
              </a>
              <a className="btn-ghost" href="/experiment/demand">
                提交需求
              </a>
            </div>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="订单协议">
            {data.list.map((o) => (
              <OrderCard key={o.rid} order={o} limits={limits} onUploaded={() => refresh(o.rid)} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} label="订单分页" onPage={setPage} />
      </section>
      <ProcessNotes />
    </div>
  );
}

const STATUS_STYLE: Partial<Record<OrderSummary['status'], string>> = {
  quoting: 'bg-hot-50 text-hot-600 ring-hot-100',
  cancelled: 'bg-slate-100 text-slate-500 ring-slate-200',
  completed: 'bg-accent-50 text-accent-700 ring-accent-100',
};

function OrderCard({
  order: o,
  limits,
  onUploaded,
}: {
  order: Row;
  limits: UploadLimits | null;
  onUploaded: () => Promise<void>;
}) {
  const uploads = useUploads(
    filesApi.uploadFile,
    { kind: 'protocol' },
    limits?.file_max_bytes ?? null,
    limits?.accept,
  );
  const [downloading, setDownloading] = useState(false);
  const cancelled = o.status === 'cancelled';
  const signed = o.protocols && o.protocols.length > 0 ? o.protocols[o.protocols.length - 1] : null;
  const amount = o.status === 'quoting' ? '待报价' : formatFen(o.quoted_fen ?? o.amount_fen);
  const typeName = projectTypeNames[o.type_id as ProjectTypeId] ?? '';

  async function download() {
    setDownloading(true);
    await saveAgreement(o);
    setDownloading(false);
  }

  async function upload(files: File[]) {
    uploads.clear();
    const stored = await uploads.add(files[0]);
    if (!stored) return;
    const done = await api.call(ordersApi.updateProtocolFile, { rid: o.rid, file_rid: stored.rid });
    if (done === undefined) return;
    toast.success('上传成功');
    // The finished row (100%, 已上传) stays until the next upload.
    await onUploaded();
  }

  return (
    <li className="rounded-xl border border-slate-200 p-4" data-order={o.order_no}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-slate-900 tabular-nums">{o.order_no}</span>
        {typeName && <span className="text-xs text-slate-500">{typeName}</span>}
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${
            STATUS_STYLE[o.status] ?? 'bg-brand-50 text-brand-700 ring-brand-100'
          }`}
        >
          {o.status_text}
        </span>
        <span className="ml-auto text-xs text-slate-400">下单于 {shanghaiMinute(o.created)}</span>
      </div>
      <p className="mt-2 line-clamp-2 text-sm text-slate-600">
        {o.item_names.length > 0 ? o.item_names.join('、') : '需求报价（以需求描述为准）'}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3">
        <p className="text-sm text-slate-500">
          金额 <strong className="font-semibold text-slate-900">{amount}</strong>
        </p>
        <p className="text-sm" data-protocol-state>
          {signed ? (
            <span className="inline-flex items-center gap-1.5 text-accent-700">
              <span aria-hidden="true">✓</span>签署件已上传：
              <button
                type="button"
                className="max-w-48 truncate text-brand-700 underline-offset-2 hover:underline"
                title={signed.name}
                onClick={() => void saveFile(pathOf(filesApi.download, { rid: signed.rid }), signed.name)}
              >
                {signed.name}
              </button>
            </span>
          ) : (
            <span className="text-hot-600">签署件未上传</span>
          )}
        </p>
        {!cancelled && (
          <div className="flex w-full gap-2 sm:ml-auto sm:w-auto">
            <button
              type="button"
              className="btn-primary flex-1 sm:flex-none"
              onClick={() => void download()}
              disabled={downloading}
              aria-label={`下载协议 ${o.order_no}`}
            >
              {downloading && <Spinner />}下载协议
            </button>
            <FilePicker
              label={signed ? '重新上传' : '上传签署件'}
              className="btn-ghost flex-1 sm:flex-none"
              accept={limits?.accept}
              busy={uploads.busy}
              disabled={uploads.busy}
              onFiles={(files) => void upload(files)}
            />
          </div>
        )}
      </div>
      {uploads.items.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label={`签署件上传 ${o.order_no}`}>
          {uploads.items.map((i) => (
            <UploadRow
              key={i.key}
              item={i}
              onRemove={i.state === 'uploading' ? () => uploads.remove(i.key) : undefined}
            />
          ))}
        </ul>
      )}
      {!cancelled && limits && !signed && uploads.items.length === 0 && (
        <p className="mt-2 text-xs text-slate-400">
          签署件支持 PDF 或图片，单个文件不超过{mb(limits.file_max_bytes)}
        </p>
      )}
    </li>
  );
}

/** The spec's process: sign the agreement, post it with the sample, free pickup in two cities. */
function ProcessNotes() {
  const settings = useSettings();
  const express = settings?.localInfo.express;
  const cities = settings?.samplingInfo.map((c) => c.city) ?? [];
  const steps: [string, ReactNode][] = [
    ['下载协议', '点击订单的「下载协议」，核对双方信息、检测项目与金额；待报价订单以业务经理的报价为准。'],
    ['签字盖章', '打印协议，由委托方签字或加盖单位公章。'],
    [
      '随样寄送',
      <>
        将签署的协议与样品一同寄至：
        <span className="text-slate-800">
          {express ? `${express.address}（${express.name}，${express.phone}）` : '…'}
        </span>
        ，包裹内注明订单号。
      </>,
    ],
    ['上传签署件', '扫描或拍照上传签署件，便于业务经理提前核对，收样后 2 小时内与您联系。'],
  ];
  return (
    <aside className="card p-4 text-sm text-slate-600 md:p-6" aria-labelledby="contract-how">
      <h2 id="contract-how" className="mb-3 text-base font-semibold text-slate-900">
        委托流程
      </h2>
      <ol className="grid gap-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
              {i + 1}
            </span>
            <div>
              <p className="font-medium text-slate-800">{title}</p>
              <p className="text-xs leading-relaxed text-slate-500">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-4 rounded-lg bg-accent-50 px-3 py-3 text-xs text-accent-800 ring-1 ring-accent-100">
        <p className="font-semibold">
          {cities.length > 0 ? `${cities.join('、')}免费上门取样` : '指定城市免费上门取样'}
        </p>
        <p className="mt-1 text-accent-700">取样员上门时一并收取签署的协议，无需另行寄送。</p>
        <button
          type="button"
          className="btn-accent mt-3 w-full"
          onClick={() => window.dispatchEvent(new CustomEvent('portal:open-home-sampling'))}
        >
          预约上门取样
        </button>
      </div>
    </aside>
  );
}

export default memberOnly(ContractList);
