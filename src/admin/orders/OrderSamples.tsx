// The console order's 样品 section (decision 0069): every sample with its ID, name, item,
// status and location; its custody trail on demand; and a dialog to record a custody event
// (stored, taken for testing, back to storage, tested, returned, abnormal, received).
import { useEffect, useState } from 'react';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, when } from '../ui.tsx';
import { samplesAdminApi } from '../../lib/shared/samples/api.ts';
import {
  ABNORMAL_REASONS,
  ABNORMAL_REASON_TEXT,
  SAMPLE_EVENT_TEXT,
  nextSampleStatus,
} from '../../lib/shared/samples/samples.ts';
import type { OrderSample, SampleEvent } from '../../lib/shared/samples/responses.ts';
import { ReprintLabels, TrailPdfButton } from './SampleLabelActions.tsx';
import { DisposeDialog, ReturnDialog } from '../samples/DisposalDialogs.tsx';

/** The events staff record from this screen, in the order a sample meets them. */
const STAFF_KINDS = [
  'received',
  'stored',
  'taken',
  'returned_to_storage',
  'tested',
  'returned',
  'abnormal',
] as const;
type StaffKind = (typeof STAFF_KINDS)[number];

/** What each kind asks for besides a note. */
const FIELDS: Partial<Record<StaffKind, { name: string; label: string }[]>> = {
  // A live location of the storage tree, by the code on its label (扫码或输入 LOC-…).
  stored: [{ name: 'location', label: '存放位置码' }],
  taken: [
    { name: 'technician', label: '测试人员' },
    { name: 'instrument', label: '仪器' },
  ],
  returned_to_storage: [{ name: 'location', label: '存放位置码（不填则原位）' }],
  returned: [
    { name: 'courier', label: '快递公司' },
    { name: 'number', label: '快递单号' },
  ],
};

/** Whether any event of this screen may move the sample (a returned one is done). */
const movable = (s: OrderSample) => STAFF_KINDS.some((k) => nextSampleStatus(s.status, k));

function EventDialog({
  sample,
  onClose,
  onDone,
}: {
  sample: OrderSample;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const allowed = STAFF_KINDS.filter((k) => nextSampleStatus(sample.status, k));
  const [kind, setKind] = useState<StaffKind>(allowed[0] ?? 'abnormal');
  const [values, setValues] = useState<Record<string, string>>({ reason: 'missing' });
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  async function run() {
    const body: Record<string, unknown> = { rid: sample.rid, kind, note: values.note ?? '' };
    for (const f of FIELDS[kind] ?? []) body[f.name] = values[f.name] ?? '';
    if (kind === 'abnormal') body.reason = values.reason;
    return staffAction(samplesAdminApi.event, body, `${SAMPLE_EVENT_TEXT[kind]}已记录`, onDone);
  }
  return (
    <FormModal
      open
      title={`样品 ${sample.sample_no} 流转`}
      submitText="记录"
      onClose={onClose}
      onSubmit={run}
    >
      <p className="text-sm text-slate-600">
        {sample.name} · {sample.item_name} · 当前：{sample.status_text}
      </p>
      <Field label="事件">
        <select className={input} value={kind} onChange={(e) => setKind(e.target.value as StaffKind)}>
          {allowed.map((k) => (
            <option key={k} value={k}>
              {SAMPLE_EVENT_TEXT[k]}
            </option>
          ))}
        </select>
      </Field>
      {(FIELDS[kind] ?? []).map((f) => (
        <Field key={`${kind}-${f.name}`} label={f.label}>
          <input
            className={input}
            value={values[f.name] ?? ''}
            onChange={(e) => set(f.name, e.target.value)}
          />
        </Field>
      ))}
      {kind === 'abnormal' && (
        <Field label="异常原因">
          <select className={input} value={values.reason} onChange={(e) => set('reason', e.target.value)}>
            {ABNORMAL_REASONS.map((r) => (
              <option key={r} value={r}>
                {ABNORMAL_REASON_TEXT[r]}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label="备注">
        <input className={input} value={values.note ?? ''} onChange={(e) => set('note', e.target.value)} />
      </Field>
    </FormModal>
  );
}

function Trail({ rid }: { rid: string }) {
  const [events, setEvents] = useState<SampleEvent[] | null>(null);
  useEffect(() => {
    void consoleApi.call(samplesAdminApi.trail, { rid }).then((t) => setEvents(t?.events ?? []));
  }, [rid]);
  if (!events) return <p className="text-xs text-slate-400">加载中…</p>;
  return (
    <ol className="grid gap-1 border-l-2 border-slate-200 pl-3 text-xs" aria-label="样品流转记录">
      {events.map((e, i) => (
        <li key={i} className="flex flex-wrap gap-x-2">
          <span className="text-slate-500 tabular-nums">{when(e.at)}</span>
          <span className="font-medium">{e.kind_text}</span>
          <span className="text-slate-500">→ {e.to_text}</span>
          {e.by && <span className="text-slate-500">{e.by}</span>}
          {e.detail && <span className="text-slate-700">{e.detail}</span>}
          {e.note && <span className="text-slate-600">{e.note}</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * 登记现场样品 (decision 0078): the customer's own samples brought to an on-site session, by name
 * and count, for one line of the order; they start 已签收.
 */
function OnSiteDialog({
  order,
  onClose,
  onDone,
}: {
  order: { rid: string; items: { item_rid: string; name: string }[] };
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [v, setV] = useState({ item_rid: order.items[0]?.item_rid ?? '', name: '', count: '1', note: '' });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <FormModal
      open
      title="登记现场样品"
      submitText="登记"
      onClose={onClose}
      onSubmit={() =>
        staffAction<{ list: OrderSample[] }>(
          samplesAdminApi.onSite,
          { rid: order.rid, ...v },
          (d) => `已登记 ${d.list.length} 个现场样品`,
          onDone,
        )
      }
    >
      <p className="text-sm text-slate-600">
        客户带到现场的自有样品，登记后即为“已签收”，可继续记录存放、上机、测完、交还等流转。
      </p>
      {order.items.length > 1 && (
        <Field label="检测项目">
          <select className={input} value={v.item_rid} onChange={set('item_rid')}>
            {order.items.map((i) => (
              <option key={i.item_rid} value={i.item_rid}>
                {i.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label="样品名称" hint="多个样品依次编号为 名称-1、名称-2…">
        <input className={input} value={v.name} maxLength={40} onChange={set('name')} />
      </Field>
      <Field label="数量">
        <input className={input} inputMode="numeric" value={v.count} onChange={set('count')} />
      </Field>
      <Field label="备注">
        <input className={input} value={v.note} onChange={set('note')} />
      </Field>
    </FormModal>
  );
}

/** What ends a sample's stay, from the order page at any time (decision 0084); the server says why not. */
type Ending = { kind: 'return' | 'dispose'; sample: OrderSample };
/** A sample gone back or destroyed has nothing left to end. */
const ended = (s: OrderSample) => s.status === 'returned' || s.status === 'disposed';

export function OrderSamples({
  order,
  customer,
  samples,
  me,
  onDone,
  onSite = false,
}: {
  order: { rid: string; order_no: string; items: { item_rid: string; name: string }[] };
  /** The order's customer, named in the return dialog. */
  customer: { name: string; phone: string };
  samples: OrderSample[];
  me: Me;
  onDone: () => unknown;
  /** An on-site (预约现场) order: samples are optional, recorded here by staff. */
  onSite?: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [recording, setRecording] = useState<OrderSample | null>(null);
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<Ending | null>(null);
  const canRecord = me.permissions.includes('orders.process');
  if (samples.length === 0 && !(onSite && canRecord)) return null;
  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="samples">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="samples" className="text-sm font-semibold">
          样品（{samples.length}）
        </h2>
        <span className="flex flex-wrap items-center gap-2">
          {onSite && canRecord && (
            <button type="button" className={button.ghost} onClick={() => setAdding(true)}>
              登记现场样品
            </button>
          )}
          {samples.length > 0 && <ReprintLabels order={order} onDone={onDone} />}
        </span>
      </div>
      {samples.length === 0 && (
        <p className="text-sm text-slate-500">客户现场自带的样品可在此登记（可选），登记后记录其流转。</p>
      )}
      {adding && (
        <OnSiteDialog
          order={order}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            return onDone();
          }}
        />
      )}
      {/* On a phone each row stacks into a card (the header hides); from sm up it is a table. */}
      <div>
        <table className="w-full text-sm max-sm:block" aria-label="样品">
          <thead className="text-left text-xs text-slate-500 max-sm:hidden">
            <tr>
              <th className="py-1.5 font-medium">样品编号</th>
              <th className="py-1.5 font-medium">状态</th>
              <th className="py-1.5 font-medium">名称</th>
              <th className="py-1.5 font-medium">检测项目</th>
              <th className="py-1.5 font-medium">存放位置</th>
              <th className="py-1.5 font-medium">标签</th>
              <th className="py-1.5" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {samples.map((s) => (
              <SampleRow
                key={s.rid}
                s={s}
                open={open === s.rid}
                onToggle={() => setOpen(open === s.rid ? null : s.rid)}
                onRecord={canRecord && movable(s) ? () => setRecording(s) : undefined}
                onEnd={canRecord && !ended(s) ? (kind) => setEnding({ kind, sample: s }) : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
      {recording && <EventDialog sample={recording} onClose={() => setRecording(null)} onDone={onDone} />}
      {ending && (
        <EndingDialog
          ending={ending}
          customer={customer}
          onClose={() => setEnding(null)}
          onDone={() => {
            setEnding(null);
            return onDone();
          }}
        />
      )}
    </section>
  );
}

/** 寄回 or 销毁 one sample, in the dialogs 样品处置 and the dashboard use. */
function EndingDialog({
  ending: { kind, sample: s },
  customer,
  onClose,
  onDone,
}: {
  ending: Ending;
  customer: { name: string; phone: string };
  onClose: () => void;
  onDone: () => unknown;
}) {
  const row = {
    rid: s.rid,
    sample_no: s.sample_no,
    name: s.name,
    item_name: s.item_name,
    retention_text: s.retention.text,
    retain_until: s.retention.until,
    customer,
  };
  return kind === 'return' ? (
    <ReturnDialog row={row} onClose={onClose} onDone={onDone} />
  ) : (
    <DisposeDialog row={row} onClose={onClose} onDone={onDone} />
  );
}

function SampleRow({
  s,
  open,
  onToggle,
  onRecord,
  onEnd,
}: {
  s: OrderSample;
  open: boolean;
  onToggle: () => void;
  onRecord?: () => void;
  onEnd?: (kind: Ending['kind']) => void;
}) {
  return (
    <>
      <tr data-sample={s.sample_no} className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:py-2">
        <td className="py-2 font-mono tabular-nums max-sm:py-0 max-sm:font-semibold">{s.sample_no}</td>
        <td className="py-2 max-sm:py-0">
          <Badge tone={s.status === 'abnormal' ? 'red' : 'brand'}>{s.status_text}</Badge>
        </td>
        <td className="py-2 max-sm:w-full max-sm:py-0">{s.name}</td>
        <td className="py-2 text-slate-600 max-sm:w-full max-sm:py-0">{s.item_name}</td>
        <td className="py-2 text-slate-600 max-sm:py-0">
          <span className="sm:hidden">存放：</span>
          {s.location ?? '—'}
        </td>
        <td className="py-2 tabular-nums text-slate-600 max-sm:py-0">
          <span className="sm:hidden">标签打印 </span>
          {s.label_prints} 次
        </td>
        <td className="py-2 text-right whitespace-nowrap max-sm:w-full max-sm:py-0 max-sm:text-left">
          <button type="button" className={button.link} aria-expanded={open} onClick={onToggle}>
            记录（{s.events_count}）
          </button>
          <TrailPdfButton rid={s.rid} sampleNo={s.sample_no} />
          {onRecord && (
            <button type="button" className={button.link} onClick={onRecord}>
              登记流转
            </button>
          )}
          {onEnd && (
            <>
              <button
                type="button"
                className={button.link}
                aria-label={`寄回 ${s.sample_no}`}
                onClick={() => onEnd('return')}
              >
                寄回
              </button>
              <button
                type="button"
                className={button.link}
                aria-label={`销毁 ${s.sample_no}`}
                onClick={() => onEnd('dispose')}
              >
                销毁
              </button>
            </>
          )}
        </td>
      </tr>
      {open && (
        <tr className="max-sm:block">
          <td colSpan={7} className="pb-3 max-sm:block">
            <Trail key={s.events_count} rid={s.rid} />
          </td>
        </tr>
      )}
    </>
  );
}
