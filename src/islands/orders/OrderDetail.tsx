import { useCallback, useEffect, useState } from 'react';
import Progress from './Progress.tsx';
import {
  Delivery,
  Demand,
  Equipment,
  Files,
  Items,
  TestRecords,
  Timeline,
  type TestStep,
} from './DetailParts.tsx';
import { Evaluation, Feedback } from './Forms.tsx';
import { ExpressInfo, hasExpressInfo } from './ExpressInfo.tsx';
import { SampleReturn } from './SampleReturn.tsx';
import { QuoteDetail, Receipts } from './QuoteReceipts.tsx';
import { useCancelOrder } from './cancel.ts';
import { Amount, linkButton, onOrderPaid, openPay, StatusBadge } from './parts.tsx';
import { DataFiles } from './DataFiles.tsx';
import { RepeatButton, SaveTemplateButton } from '../plan/Repeat.tsx';
import { Samples } from './Samples.tsx';
import { OrderSheet } from './OrderSheet.tsx';
import { SampleLabels } from './SampleLabels.tsx';
import { Reports } from '../reports/Reports.tsx';
import { Loading } from '../ui/kit.tsx';
import AdvisorCard from '../member/AdvisorCard.tsx';
import { takesSample, type OrderStatus } from '../../lib/shared/orders/order-status.ts';
import { api, ApiError } from '../../lib/client/api.ts';
import { saveAgreement } from '../../lib/client/download.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { chineseDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { projectTypeNames } from '../../lib/shared/catalogue/catalogue.ts';
import { DISPOSAL_RECYCLE } from '../../lib/shared/plan/plan-rules.ts';
import type { OrderDetail as Detail } from '../../lib/shared/orders/order.ts';
import type { DeviceSummary } from '../../lib/shared/catalogue/catalogue.ts';
import {
  canCancel,
  canEvaluate,
  canGiveFeedback,
  canPay,
  canRequestReturn,
  canUploadSheet,
  needsQuote,
} from '../../lib/shared/orders/order-view.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

const PAY_MODE_TEXT = { after: '检测完成后结算', before: '预付全款' } as const;

/** A data-analysis order takes its data files until the analysis starts. */
const DATA_INPUT_STATUSES: readonly OrderStatus[] = ['quoting', 'unpaid', 'awaiting_sample', 'received'];

/** /member/order?rid=…: one order with everything the customer can see and do with it. */
export default function OrderDetail({ rid }: { rid: string }) {
  const [order, setOrder] = useState<Detail | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [steps, setSteps] = useState<TestStep[] | null>(null);
  const [devices, setDevices] = useState<DeviceSummary[]>([]);

  const load = useCallback(async () => {
    try {
      const [d, t] = await Promise.all([
        api.call(ordersApi.detail, { rid }, { throws: true }),
        api.call(ordersApi.testRecord, { rid }, { silent: true }),
      ]);
      if (d) setOrder(d);
      setSteps(t?.list ?? []);
    } catch (error) {
      setMissing(error instanceof ApiError ? error.message : '订单不存在');
    }
  }, [rid]);

  useEffect(() => {
    void load();
    void api.call(ordersApi.relatedEquipment, { rid }, { silent: true }).then((r) => r && setDevices(r.list));
  }, [load, rid]);
  useEffect(() => onOrderPaid((paid) => (!paid || paid === rid) && void load()), [load, rid]);

  const [confirmDialog, cancel, busy] = useCancelOrder(load);

  // The page is the list's shell: name the tab after the order while it is shown.
  const orderNo = order?.order_no;
  useEffect(() => {
    if (!orderNo) return;
    const before = document.title;
    document.title = before.replace(/^[^|–-]*/, `订单详情 ${orderNo} `);
    return () => {
      document.title = before;
    };
  }, [orderNo]);

  if (missing)
    return (
      <div className="card px-6 py-14 text-center">
        <p className="text-slate-600">{missing}</p>
        <a href="/member/order" className="btn-primary mt-4">
          返回我的订单
        </a>
      </div>
    );
  if (!order) return <Loading />;

  const recyclable = canRequestReturn(order) && order.items.some((l) => l.disposal === DISPOSAL_RECYCLE);
  const owed = Math.max(0, order.amount_fen - order.paid_fen);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <a href="/member/order" className="justify-self-start text-sm text-slate-500 hover:text-brand-700">
        ← 返回我的订单
      </a>
      <section aria-label="订单概要" className="card p-4 md:p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2 className="text-lg font-bold text-slate-900">
            订单号 <span className="tabular-nums">{order.order_no}</span>
          </h2>
          <StatusBadge status={order.status} text={order.status_text} />
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {canCancel(order) && (
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void cancel(order)}
                className={`${linkButton} h-9 border border-red-200 px-3.5 text-red-600 hover:bg-red-50`}
              >
                取消订单
              </button>
            )}
            {order.items.length > 0 && (
              <>
                <RepeatButton
                  rid={order.rid}
                  orderNo={order.order_no}
                  className={`${linkButton} h-9 border border-brand-200 px-3.5 text-brand-700 hover:bg-brand-50`}
                />
                <SaveTemplateButton
                  rid={order.rid}
                  className={`${linkButton} h-9 border border-slate-200 px-3.5 text-slate-700 hover:bg-slate-50`}
                />
              </>
            )}
            {order.status !== 'cancelled' && (
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void saveAgreement(order)}
                className={`${linkButton} h-9 border border-slate-200 px-3.5 text-slate-700 hover:bg-slate-50`}
              >
                下载协议
              </button>
            )}
            {order.status === 'unpaid' && order.quote?.expired && (
              <span className="inline-flex h-9 items-center rounded-md bg-amber-50 px-3 text-sm text-amber-800">
                报价已过期，请联系业务经理重新报价
              </span>
            )}
            {canPay(order) && (
              <button
                type="button"
                onClick={() => openPay(order.rid)}
                className="btn bg-hot-600 text-white hover:bg-hot-500"
              >
                {order.status === 'delivered' ? '补差价' : '去支付'} {formatFen(owed)}
              </button>
            )}
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4">
          <div>
            <dt className="text-slate-500">下单时间</dt>
            <dd className="mt-0.5 text-slate-800 tabular-nums">{shanghaiMinute(order.created)}</dd>
          </div>
          {order.due_date && (
            <div>
              <dt className="text-slate-500">预计出数据</dt>
              <dd className="mt-0.5 font-medium text-brand-700 tabular-nums" aria-label="预计出数据日期">
                {chineseDate(order.due_date)}
              </dd>
            </div>
          )}
          <div>
            <dt className="text-slate-500">服务类型</dt>
            <dd className="mt-0.5 text-slate-800">
              {projectTypeNames[order.type_id as keyof typeof projectTypeNames] ?? '检测服务'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">结算方式</dt>
            <dd className="mt-0.5 text-slate-800">{PAY_MODE_TEXT[order.pay_mode]}</dd>
          </div>
          <div>
            <dt className="text-slate-500">订单金额</dt>
            <dd className="mt-0.5">
              <Amount order={order} className="text-base" />
              {!needsQuote(order) && order.paid_fen > 0 && (
                <span className="ml-2 text-xs text-slate-500">
                  已付 {formatFen(order.paid_fen - (order.coupon?.discount_fen ?? 0))}
                </span>
              )}
              {order.coupon && (
                <span className="mt-0.5 block text-xs text-hot-600" data-order-coupon>
                  优惠券「{order.coupon.name}」抵扣 {formatFen(order.coupon.discount_fen)}
                </span>
              )}
            </dd>
          </div>
        </dl>
        {order.status === 'cancelled' ? (
          <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-500">
            订单已取消{order.timeline.at(-1)?.note ? `：${order.timeline.at(-1)?.note}` : ''}
          </p>
        ) : (
          <Progress order={order} />
        )}
      </section>
      <AdvisorCard compact />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          <Samples orderRid={order.rid} samples={order.samples} refresh={order} onChanged={() => void load()}>
            {canUploadSheet(order) && <OrderSheet order={order} onDone={() => void load()} />}
          </Samples>
          <Demand order={order} />
          <Items order={order} />
          <QuoteDetail order={order} />
          {!takesSample(order.type_id)
            ? DATA_INPUT_STATUSES.includes(order.status) && (
                <DataFiles rid={order.rid} onUploaded={() => void load()} />
              )
            : order.type_id !== 2 && (
                <Delivery
                  order={order}
                  express={hasExpressInfo(order) && <ExpressInfo order={order} onSaved={() => void load()} />}
                />
              )}
          <SampleLabels order={order} />
          <Receipts receipts={order.receipts} />
          <Reports rid={order.rid} refresh={order} />
          <Files files={order.files} />
          {canGiveFeedback(order) && <Feedback order={order} onSaved={() => void load()} />}
          {canEvaluate(order) && <Evaluation order={order} onSaved={() => void load()} />}
          {recyclable && <SampleReturn order={order} />}
        </div>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          <Timeline events={order.timeline} typeId={order.type_id} />
          <TestRecords steps={steps} typeId={order.type_id} />
          <Equipment devices={devices} />
        </div>
      </div>
      {confirmDialog}
    </div>
  );
}
