// The read-only parts of the order detail: items, delivery, timeline, test records, files and
// related instruments.
import { planApi } from '../../lib/shared/plan/api.ts';
import { useState } from 'react';
import Section, { Empty } from './Section.tsx';
import { StatusBadge } from './parts.tsx';
import { useSettings } from '../catalogue/settings.ts';
import { Spinner } from '../ui/kit.tsx';
import { saveFile } from '../../lib/client/download.ts';
import { formatFen, sumFen, unitPriceText } from '../../lib/shared/money.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import {
  DISPOSALS,
  SAMPLE_SOURCE_TEXT,
  type Disposal,
  type SampleSource,
} from '../../lib/shared/plan/plan-rules.ts';
import { disposalChoice } from '../../lib/shared/samples/disposal.ts';
import { useKeepDays } from '../ui/use-keep-days.ts';
import type { OrderDetail, OrderEvent, OrderFile } from '../../lib/shared/orders/order.ts';
import type { DeviceSummary } from '../../lib/shared/catalogue/catalogue.ts';
import { LAB_SAMPLE_TYPE_ID, orderStatusText, takesSample } from '../../lib/shared/orders/order-status.ts';
import {
  actorText,
  eventText,
  FILE_KIND_TEXT,
  fileSize,
  needsQuote,
} from '../../lib/shared/orders/order-view.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { filesApi } from '../../lib/shared/files/api.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2 text-sm">
      <dt className="w-16 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}

/** The quote request an order came from (/experiment/demand). */
export function Demand({ order }: { order: OrderDetail }) {
  const d = order.demand;
  if (!d) return null;
  return (
    <Section title="需求说明">
      <p className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">
        {d.description}
      </p>
      <dl className="mt-3 grid gap-1.5 sm:grid-cols-2">
        {d.sample_count !== null && <Fact label="样品数量">{d.sample_count}</Fact>}
        {d.sample_note && <Fact label="样品说明">{d.sample_note}</Fact>}
        <Fact label="联系人">
          {d.contact_name} <span className="tabular-nums">{d.contact_phone}</span>
        </Fact>
      </dl>
    </Section>
  );
}

export function Items({ order }: { order: OrderDetail }) {
  const keepDays = useKeepDays();
  if (order.items.length === 0) return null;
  return (
    <Section
      title="检测项目"
      aside={<span className="text-sm text-slate-500">共 {order.items.length} 项</span>}
    >
      <ul className="grid gap-3" aria-label="检测项目">
        {order.items.map((l, i) => {
          const disposal = DISPOSALS.includes(l.disposal as Disposal)
            ? disposalChoice(l.disposal, keepDays)
            : null;
          const params = Object.entries(l.parameters).filter(([, v]) => v);
          return (
            <li key={`${l.item_rid}-${i}`} className="rounded-lg border border-slate-200 p-3.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <a
                  href={`/detail/${l.item_rid}`}
                  className="font-semibold text-slate-900 hover:text-brand-700"
                >
                  {l.name}
                </a>
                <span className="text-sm text-slate-500 tabular-nums">
                  {unitPriceText(l.price_fen, l.unit)} × {l.sample_count} ={' '}
                  <strong className="text-hot-600">{formatFen(l.line_fen)}</strong>
                </span>
              </div>
              <dl className="mt-2 grid gap-1.5 sm:grid-cols-2">
                <Fact label="样品数量">{l.sample_count}</Fact>
                <Fact label="样品来源">
                  {SAMPLE_SOURCE_TEXT[l.source as SampleSource] ?? '—'}
                  {l.source_order_rid && (
                    <a
                      href={`/member/order?rid=${l.source_order_rid}`}
                      className="ml-1 text-brand-700 hover:underline"
                    >
                      查看原订单
                    </a>
                  )}
                </Fact>
                {takesSample(order.type_id) && (
                  <Fact label="样品处理">
                    <span title={disposal?.note}>{disposal?.label ?? '—'}</span>
                    {disposal && <span className="block text-xs text-slate-400">{disposal.note}</span>}
                  </Fact>
                )}
                <Fact label="测试参数">
                  {params.length === 0 ? '—' : params.map(([k, v]) => `${k}：${v}`).join('；')}
                </Fact>
              </dl>
              {order.type_id === LAB_SAMPLE_TYPE_ID && (
                <a
                  className="mt-2 inline-block text-xs text-brand-600 hover:underline"
                  href={pathOf(planApi.sheetTemplate, { rid: l.item_rid })}
                  download
                >
                  下载样品信息表模板（再次送样时可批量填写）
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <QuoteSummary order={order} />
    </Section>
  );
}

/**
 * Under the lines: their list-price total and, once staff have quoted, the quoted amount the
 * order is charged (an enterprise order quoted at ¥450 must not read as ¥300 in its lines).
 */
function QuoteSummary({ order }: { order: OrderDetail }) {
  const linesFen = sumFen(order.items);
  const quoted = order.quoted_fen;
  if (quoted === null && !needsQuote(order)) return null;
  return (
    <p
      data-quote-summary
      className="mt-3 flex flex-wrap items-baseline justify-end gap-x-5 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-500"
    >
      <span>
        项目参考价合计 <span className="text-slate-700 tabular-nums">{formatFen(linesFen)}</span>
      </span>
      {quoted !== null ? (
        <span>
          报价 <strong className="text-base text-hot-600 tabular-nums">{formatFen(quoted)}</strong>
          <span className="ml-1 text-xs">（订单按报价结算）</span>
        </span>
      ) : (
        <span className="font-medium text-amber-700">待报价，以业务经理报价为准</span>
      )}
    </p>
  );
}

export function Delivery({ order, express: expressInfo }: { order: OrderDetail; express?: React.ReactNode }) {
  const settings = useSettings();
  const d = order.delivery;
  const express = settings?.localInfo.express;
  return (
    <Section title="送样信息">
      <dl className="grid gap-2">
        <Fact label="送样方式">{d.type === 1 ? '上门取样' : '自行寄送'}</Fact>
        {d.type === 1 ? (
          <>
            <Fact label="取样时间">
              <span className="tabular-nums">
                {d.date} {d.time}
              </span>
            </Fact>
            <Fact label="联系人">
              {d.name} <span className="tabular-nums">{d.phone}</span>
            </Fact>
            <Fact label="取样地址">
              {regionLabel(d)} {d.address}
            </Fact>
          </>
        ) : (
          <Fact label="寄送地址">
            {express ? (
              <>
                {express.address}
                <span className="block text-slate-500">
                  {express.name} <span className="tabular-nums">{express.phone}</span>
                </span>
              </>
            ) : (
              <Spinner />
            )}
          </Fact>
        )}
        {d.type === 0 && expressInfo && <Fact label="快递信息">{expressInfo}</Fact>}
        {d.message && <Fact label="送样备注">{d.message}</Fact>}
        {order.remark && <Fact label="订单备注">{order.remark}</Fact>}
      </dl>
    </Section>
  );
}

export function Timeline({ events, typeId }: { events: OrderEvent[]; typeId: number }) {
  return (
    <Section title="订单动态">
      <ol
        aria-label="订单动态"
        className="relative grid grid-cols-[minmax(0,1fr)] gap-4 border-l-2 border-slate-100 pl-5"
      >
        {events.map((e, i) => (
          <li key={`${e.at}-${i}`} data-action={e.action} className="relative">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white ${
                i === events.length - 1 ? 'bg-brand-600' : 'bg-slate-300'
              }`}
            />
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium text-slate-900">{eventText(e.action, typeId)}</span>
              {e.from !== e.to && <StatusBadge status={e.to} text={orderStatusText(e.to, typeId)} />}
              <span className="text-xs text-slate-400">{actorText(e.actor)}</span>
            </div>
            <time dateTime={e.at} className="mt-0.5 block text-xs text-slate-400 tabular-nums">
              {shanghaiMinute(e.at)}
            </time>
            {e.note && <p className="mt-1 text-sm break-words text-slate-600">{e.note}</p>}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export type TestStep = OrderEvent & { status_text: string };

export function TestRecords({ steps, typeId }: { steps: TestStep[] | null; typeId: number }) {
  return (
    <Section title="检测记录">
      {!steps ? (
        <Spinner />
      ) : steps.length === 0 ? (
        <Empty>{takesSample(typeId) ? '样品签收后' : '收到数据后'}，这里会显示检测进度</Empty>
      ) : (
        <ul aria-label="检测记录" className="grid gap-2 text-sm">
          {steps.map((s, i) => (
            <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-800">{s.status_text}</span>
              <span className="text-xs text-slate-400 tabular-nums">{shanghaiMinute(s.at)}</span>
              {s.note && <span className="basis-full text-slate-500">{s.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * The order's files: 报告文件 holds report files uploaded before reports were signed and
 * versioned (decision 0081; new ones are under 检测报告); what the customer sent (a quote
 * request's attachments, the signed agreement) is listed apart under 附件.
 */
export function Files({ files }: { files: OrderFile[] }) {
  const reports = files.filter((f) => f.kind === 'report');
  const attachments = files.filter((f) => f.kind !== 'report');
  return (
    <>
      {reports.length > 0 && (
        <Section title="报告文件">
          <FileList label="报告文件" files={reports} />
        </Section>
      )}
      {attachments.length > 0 && (
        <Section title="附件">
          <FileList label="附件" files={attachments} />
        </Section>
      )}
    </>
  );
}

function FileList({ label, files }: { label: string; files: OrderFile[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  async function download(f: OrderFile) {
    setBusy(f.rid);
    await saveFile(pathOf(filesApi.download, { rid: f.rid }), f.name);
    setBusy(null);
  }
  return (
    <ul aria-label={label} className="grid gap-2">
      {files.map((f) => (
        <li
          key={f.rid}
          className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm"
        >
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-50 text-xs font-bold text-brand-700 uppercase"
          >
            {f.name.split('.').pop()?.slice(0, 4) || 'file'}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-800" title={f.name}>
              {f.name}
            </p>
            <p className="text-xs text-slate-400">
              {FILE_KIND_TEXT[f.kind] ?? '文件'} · {fileSize(f.size)} · {shanghaiMinute(f.created)}
            </p>
          </div>
          <button
            type="button"
            className="btn-ghost shrink-0 px-3 py-1.5"
            disabled={busy !== null}
            aria-label={`下载 ${f.name}`}
            onClick={() => void download(f)}
          >
            {busy === f.rid ? <Spinner /> : '下载'}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function Equipment({ devices }: { devices: DeviceSummary[] }) {
  if (devices.length === 0) return null;
  return (
    <Section title="相关仪器">
      <ul aria-label="相关仪器" className="grid grid-cols-[minmax(0,1fr)] gap-2.5">
        {devices.map((d) => (
          <li key={d.rid}>
            <a
              href={`/device/${encodeURIComponent(d.rid)}`}
              className="flex gap-3 rounded-lg border border-slate-200 p-2.5 transition-colors hover:border-brand-300"
            >
              <img
                src={d.img}
                alt=""
                width={64}
                height={48}
                loading="lazy"
                className="aspect-[4/3] w-16 shrink-0 rounded-md bg-slate-100 object-cover"
              />
              <span className="min-w-0 text-sm">
                <span className="block font-medium text-slate-900">{d.name}</span>
                <span className="block truncate text-xs text-slate-500">
                  {d.model} · {d.location}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
