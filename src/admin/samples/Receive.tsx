// 样品签收 (issue 30, decision 0072): one scan field that keeps the focus, for a USB scanner that
// types the label's code and Enter, or the phone's camera. A sample's code receives it and opens
// its order; a location's code stores the samples scanned after it there. The session's scans
// are listed with their outcome in colour and words; 完成签收 closes the open order's receipt.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { consoleApi, consoleCall } from '../session.ts';
import { ApiError } from '../../lib/client/api.ts';
import { Badge, button, inputBase, PageHeader } from '../ui.tsx';
import { ReceiptDialog } from '../orders/Receipt.tsx';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';
import { scanAdminApi, type SampleScan, type ScanOrder } from '../../lib/shared/samples/scan.ts';
import type { Location } from '../../lib/shared/samples/locations.ts';
import type { ComponentProps } from 'react';

const ScanCamera = lazy(() => import('./ScanCamera.tsx').then((m) => ({ default: m.ScanCamera })));

type Outcome = 'received' | 'stored' | 'location' | 'duplicate' | 'unknown' | 'other' | 'error';
type Entry = { id: number; code: string; outcome: Outcome; text: string; at: string };

/** Each outcome's word and colour (no sound: a lab is noisy, a phone may be muted). */
const LOOK: Record<
  Outcome,
  { word: string; row: string; badge: 'brand' | 'accent' | 'hot' | 'red' | 'slate' }
> = {
  received: { word: '已签收', row: 'border-l-brand-600 bg-brand-50/40', badge: 'brand' },
  stored: { word: '已入库', row: 'border-l-brand-600 bg-brand-50/40', badge: 'brand' },
  location: { word: '存储位置', row: 'border-l-accent-600 bg-accent-50/40', badge: 'accent' },
  duplicate: { word: '重复扫描', row: 'border-l-hot-500 bg-hot-50/50', badge: 'hot' },
  other: { word: '其他订单', row: 'border-l-hot-500 bg-hot-50/50', badge: 'hot' },
  unknown: { word: '无法识别', row: 'border-l-red-600 bg-red-50/60', badge: 'red' },
  error: { word: '失败', row: 'border-l-red-600 bg-red-50/60', badge: 'red' },
};

const outcomeOf = (e: unknown): Outcome => {
  if (!(e instanceof ApiError)) return 'error';
  if (e.code === 'DUPLICATE') return 'duplicate';
  if (e.code === 'OTHER_ORDER') return 'other';
  if (e.code === 'NOT_FOUND' || e.code === 'INVALID_INPUT') return 'unknown';
  return 'error';
};

const clock = () => new Date().toLocaleTimeString('zh-CN', { hour12: false });
type Detail = ComponentProps<typeof ReceiptDialog>['order'];

export default function Receive() {
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [log, setLog] = useState<Entry[]>([]);
  const [order, setOrder] = useState<ScanOrder | null>(null);
  const [place, setPlace] = useState<Location | null>(null);
  const [camera, setCamera] = useState(false);
  const [closing, setClosing] = useState<Detail | null>(null);
  const busy = useRef(Promise.resolve());
  const seq = useRef(0);
  // The scan queue reads the latest order and location, not the ones of the render that queued it.
  const orderRef = useRef<ScanOrder | null>(null);
  const placeRef = useRef<Location | null>(null);
  orderRef.current = order;
  placeRef.current = place;

  const focus = useCallback(() => {
    // Not while a dialog is open or someone types in another field.
    const active = document.activeElement;
    if (document.querySelector('[role="dialog"]')) return;
    if (
      active &&
      active !== document.body &&
      active !== field.current &&
      active.matches('input,textarea,select')
    )
      return;
    field.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    focus();
    window.addEventListener('focus', focus);
    return () => window.removeEventListener('focus', focus);
  }, [focus]);

  const add = (entry: Omit<Entry, 'id' | 'at'>) =>
    setLog((l) => [{ ...entry, id: ++seq.current, at: clock() }, ...l].slice(0, 200));

  /** One code, from the field or the camera; scans queue so a fast scanner keeps their order. */
  const scan = (raw: string) => {
    const text = raw.trim();
    if (!text) return;
    busy.current = busy.current.then(async () => {
      try {
        const done = (await consoleApi.call(
          scanAdminApi.scan,
          { code: text, order_rid: orderRef.current?.rid ?? '', location_code: placeRef.current?.code ?? '' },
          { throws: true },
        )) as SampleScan;
        if (done.outcome === 'location') {
          setPlace(done.location);
          placeRef.current = done.location;
          add({
            code: done.code,
            outcome: 'location',
            text: `之后扫描的样品存放到：${done.location?.path_text}`,
          });
          return;
        }
        setOrder(done.order);
        orderRef.current = done.order;
        add({
          code: done.code,
          outcome: done.outcome,
          text: `${done.sample?.name ?? ''} · ${done.sample?.item_name ?? ''}${
            done.outcome === 'stored' ? ` → ${done.sample?.location ?? ''}` : ''
          }`,
        });
      } catch (e) {
        add({
          code: text.toUpperCase(),
          outcome: outcomeOf(e),
          text: e instanceof Error ? e.message : '扫描失败',
        });
      }
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code;
    setCode('');
    scan(value);
    focus();
  };

  const reloadOrder = async () => {
    if (!order) return;
    const fresh = await consoleCall<ScanOrder>(scanAdminApi.receipt, { rid: order.rid });
    if (fresh) setOrder(fresh);
  };
  const openClosing = async () => {
    if (!order) return;
    const d = await consoleCall<Detail>(ordersAdminApi.detail, { rid: order.rid });
    if (d) setClosing(d);
  };

  return (
    // A click on any empty part of the screen gives the focus back to the scan field.
    <div onClick={(e) => !(e.target as Element).closest('a,button,input,select,textarea,label') && focus()}>
      <PageHeader
        title="样品签收"
        lead="用扫码枪扫描样品标签即签收；先扫存储位置标签，之后扫描的样品直接入库到该位置。"
        actions={
          <button
            type="button"
            className={button.ghost}
            onClick={() => setCamera((c) => !c)}
            aria-pressed={camera}
          >
            摄像头扫码
          </button>
        }
      />
      <form onSubmit={submit} className="mb-3 flex gap-2" aria-label="扫码">
        <input
          ref={field}
          className={`${inputBase} h-12 min-w-0 flex-1 font-mono text-lg tracking-wide`}
          aria-label="扫描或输入样品编号、位置码"
          placeholder="扫描或输入样品编号 / 位置码，回车确认"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onBlur={() => setTimeout(focus, 0)}
        />
        <button type="submit" className={`${button.primary} h-12`}>
          确认
        </button>
      </form>
      {camera && (
        <div className="mb-3">
          <Suspense fallback={<p className="text-sm text-slate-500">正在加载扫码组件…</p>}>
            <ScanCamera onCode={scan} onClose={() => setCamera(false)} />
          </Suspense>
        </div>
      )}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-label="本次扫描记录"
          className="order-2 rounded-lg border border-slate-200 bg-white lg:order-1"
        >
          <h2 className="border-b border-slate-100 px-3 py-2 text-sm font-medium text-slate-700">
            本次扫描 <span className="text-slate-400">{log.length}</span>
          </h2>
          {log.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-400">
              还没有扫描。扫码枪扫描后会自动回车。
            </p>
          ) : (
            <ol className="divide-y divide-slate-100" aria-live="polite">
              {log.map((e) => (
                <li
                  key={e.id}
                  className={`border-l-4 px-3 py-2 text-sm ${LOOK[e.outcome].row}`}
                  data-outcome={e.outcome}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={LOOK[e.outcome].badge}>{LOOK[e.outcome].word}</Badge>
                    <span className="font-mono font-medium break-all">{e.code}</span>
                    <span className="ml-auto text-xs text-slate-400 tabular-nums">{e.at}</span>
                  </div>
                  <p className="mt-0.5 break-words text-slate-600">{e.text}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
        <aside className="order-1 grid content-start gap-3 lg:order-2">
          {place && (
            <section
              aria-label="当前存储位置"
              className="rounded-lg border border-accent-200 bg-accent-50/50 p-3 text-sm"
            >
              <div className="flex items-center gap-2">
                <span className="font-medium text-slate-700">入库到</span>
                <button type="button" className={`${button.link} ml-auto`} onClick={() => setPlace(null)}>
                  取消入库
                </button>
              </div>
              <p className="mt-1 break-words text-slate-800">{place.path_text}</p>
              <p className="font-mono text-xs text-slate-500">{place.code}</p>
            </section>
          )}
          <OrderPanel order={order} onClose={() => void openClosing()} onLeave={() => setOrder(null)} />
        </aside>
      </div>
      {closing && order && (
        <ReceiptDialog
          order={closing}
          mode="receive"
          scanned={{ received: order.received, missing: order.missing }}
          onClose={() => {
            setClosing(null);
            setTimeout(focus, 0);
          }}
          onDone={async () => {
            setClosing(null);
            await reloadOrder();
            setTimeout(focus, 0);
          }}
        />
      )}
    </div>
  );
}

/** The open order: its customer, how many of its samples are in, which are not, and 完成签收. */
function OrderPanel({
  order,
  onClose,
  onLeave,
}: {
  order: ScanOrder | null;
  onClose: () => void;
  onLeave: () => void;
}) {
  if (!order)
    return (
      <section
        aria-label="当前订单"
        className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-500"
      >
        扫描第一个样品后，这里显示它所属的订单和签收进度。
      </section>
    );
  const open = order.status === 'awaiting_sample' || order.status === 'awaiting_pickup';
  const all = order.received === order.samples;
  return (
    <section aria-label="当前订单" className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Link href={`/orders/${order.rid}`} className="font-mono font-medium text-brand-700 hover:underline">
          {order.order_no}
        </Link>
        <Badge>{order.status_text}</Badge>
        <button type="button" className={`${button.link} ml-auto`} onClick={onLeave}>
          换订单
        </button>
      </div>
      <p className="mt-1 text-slate-700">
        {order.customer.name}
        {order.customer.company && <span className="text-slate-500"> · {order.customer.company}</span>}
      </p>
      <p className="mt-2" aria-label="签收进度">
        已签收{' '}
        <strong className={`text-2xl tabular-nums ${all ? 'text-brand-700' : 'text-slate-900'}`}>
          {order.received}
        </strong>
        <span className="text-slate-500"> / {order.samples}</span>
      </p>
      <div className="mt-1 h-2 overflow-hidden rounded bg-slate-100" aria-hidden>
        <div
          className="h-full bg-brand-600"
          style={{ width: `${(order.received / Math.max(1, order.samples)) * 100}%` }}
        />
      </div>
      {order.missing.length > 0 && (
        <div className="mt-3">
          <p className="font-medium text-slate-700">未扫描 {order.missing.length} 个</p>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="未扫描的样品">
            {order.missing.map((no) => (
              <li key={no} className="rounded bg-hot-50 px-1.5 py-0.5 font-mono text-xs text-hot-600">
                {no}
              </li>
            ))}
          </ul>
        </div>
      )}
      {open && (
        <button type="button" className={`${button.primary} mt-3 w-full`} onClick={onClose}>
          完成签收
        </button>
      )}
    </section>
  );
}
