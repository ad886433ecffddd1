import { useState } from 'react';
import { type Me, notice, staffAction } from '../session.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import { Badge, button, Field, filterInput, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import Calendar from './Calendar.tsx';
import {
  RESERVATION_STATUS_TEXT,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '../../lib/shared/reservations/reservation-rules.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';

type Booking = RowOf<typeof reservationsAdminApi.list>;
type OwnDevice = RowOf<typeof reservationsAdminApi.tempDeviceList>;

const TABS: { value: ReservationStatus | ''; label: string }[] = [
  { value: 'pending', label: '待确认' },
  ...RESERVATION_STATUSES.filter((s) => s !== 'pending').map((s) => ({
    value: s,
    label: RESERVATION_STATUS_TEXT[s],
  })),
  { value: '', label: '全部' },
];

const STEPS = [
  { path: 'confirm', call: reservationsAdminApi.confirm, label: '确认', when: ['pending'] },
  { path: 'done', call: reservationsAdminApi.done, label: '完成', when: ['pending', 'confirmed'] },
  { path: 'no_show', call: reservationsAdminApi.noShow, label: '未到场', when: ['pending', 'confirmed'] },
] as const;

/**
 * 仪器预约: bookings by status and day, confirmed, finished (done or no-show, after the start) or
 * rejected with a reason (the order is cancelled and refunded); below, the customers' own
 * equipment brought to a session, approved or rejected.
 */
export default function Reservations({ me }: { me: Me }) {
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const [status, setStatus] = useState<ReservationStatus | ''>('pending');
  const [date, setDate] = useState('');
  const filter = Object.fromEntries(Object.entries({ status, date }).filter(([, v]) => v));
  const list = useList(reservationsAdminApi.list, filter);
  const devices = useList(reservationsAdminApi.tempDeviceList, { status: 'pending' }, 10);
  const [target, setTarget] = useState<{
    kind: 'reject' | 'device';
    booking?: Booking;
    device?: OwnDevice;
    approve?: boolean;
  } | null>(null);
  const [note, setNote] = useState('');
  const manager = me.permissions.includes('reservations.manage');

  const act = (call: Endpoint, body: Record<string, unknown>, done: string) =>
    staffAction(call, body, done, () => Promise.all([list.reload(), devices.reload()]));

  const columns: Column<Booking>[] = [
    {
      id: 'device',
      header: '仪器',
      cell: (b) => (
        <>
          <span className="block font-medium">{b.device.name}</span>
          <span className="text-xs text-slate-500">{b.device.location}</span>
        </>
      ),
      csv: (b) => b.device.name,
    },
    {
      id: 'time',
      header: '时间',
      cell: (b) => (
        <span className="whitespace-nowrap">
          {when(b.start)} – {when(b.end).slice(11)}
        </span>
      ),
      csv: [
        { header: '开始', value: (b) => when(b.start) },
        { header: '结束', value: (b) => when(b.end) },
      ],
    },
    {
      id: 'customer',
      header: '客户',
      cell: (b) => (
        <>
          <span className="block">{b.customer.name || b.customer.phone}</span>
          <span className="text-xs text-slate-500">{b.customer.company}</span>
        </>
      ),
      csv: (b) => `${b.customer.name} ${b.customer.phone}`,
    },
    {
      id: 'amount',
      header: '金额 / 订单',
      cell: (b) => (
        <>
          <span className="block tabular-nums">{formatFen(b.amount_fen)}</span>
          <span className="text-xs text-slate-500">
            {b.order_no} · {b.order_status_text}
          </span>
        </>
      ),
      csv: [{ header: '金额（元）', value: (b) => fenToYuan(b.amount_fen) }],
    },
    {
      id: 'status',
      header: '状态',
      cell: (b) => (
        <>
          <Badge tone={b.status === 'pending' ? 'brand' : b.status === 'confirmed' ? 'accent' : 'slate'}>
            {b.status_text}
          </Badge>
          {b.temp_devices.length > 0 && (
            <span className="block text-xs text-slate-500">
              自带设备 {b.temp_devices.map((d) => d.name).join('、')}
            </span>
          )}
          {b.cancel_reason && <span className="block text-xs text-red-600">{b.cancel_reason}</span>}
        </>
      ),
      csv: (b) => b.status_text,
    },
    csvOnly('订单号', (b) => b.order_no),
    {
      id: 'actions',
      header: '操作',
      cell: (b) =>
        manager ? (
          <span className="flex flex-wrap gap-1.5">
            {STEPS.filter((s) => (s.when as readonly string[]).includes(b.status)).map((s) => (
              <button
                key={s.path}
                type="button"
                className={s.path === 'confirm' ? button.primary : button.ghost}
                onClick={() =>
                  void act(s.call, { rid: b.rid }, `已${s.label}`).then((e) => e && notice('error', e))
                }
              >
                {s.label}
              </button>
            ))}
            {(b.status === 'pending' || b.status === 'confirmed') && (
              <button
                type="button"
                className={button.danger}
                onClick={() => (setNote(''), setTarget({ kind: 'reject', booking: b }))}
              >
                驳回
              </button>
            )}
          </span>
        ) : null,
    },
  ];
  return (
    // One column that may shrink below a wide table (the table scrolls instead).
    <div className="grid grid-cols-1 gap-6">
      <div>
        <PageHeader
          title="仪器预约"
          lead="确认预约；上机结束后标记完成或未到场（按预约时长结算）；驳回需写明原因，订单随之取消并退款。"
          actions={
            view === 'list' && (
              <ExportCsv<Booking>
                list={reservationsAdminApi.list}
                filter={filter}
                name="仪器预约"
                columns={columns}
              />
            )
          }
        />
        <StatusTabs
          label="视图"
          tabs={[
            { value: 'list', label: '列表' },
            { value: 'calendar', label: '周日历' },
          ]}
          value={view}
          onChange={setView}
        />
        {view === 'calendar' ? (
          <Calendar me={me} />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <input
                type="date"
                className={filterInput}
                aria-label="预约日期"
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
              {date && (
                <button type="button" className={button.link} onClick={() => setDate('')}>
                  清除日期
                </button>
              )}
            </div>
            <StatusTabs label="预约状态" tabs={TABS} value={status} onChange={setStatus} />
            <DataTable<Booking>
              label="仪器预约"
              rows={list.data?.list ?? null}
              rowKey={(b) => b.rid}
              empty="没有符合条件的预约"
              columns={columns}
            />
            <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
          </>
        )}
      </div>

      <section aria-labelledby="own-devices">
        <h2 id="own-devices" className="mb-2 text-base font-semibold">
          待审核的自带设备
        </h2>
        <DataTable<OwnDevice>
          label="自带设备"
          rows={devices.data?.list ?? null}
          rowKey={(d) => d.rid}
          empty="没有待审核的自带设备"
          columns={[
            { id: 'name', header: '设备', cell: (d) => `${d.name} ${d.model}` },
            { id: 'desc', header: '说明', cell: (d) => d.description || '—' },
            {
              id: 'customer',
              header: '客户',
              cell: (d) => `${d.customer.name || d.customer.phone} ${d.customer.company}`,
            },
            { id: 'created', header: '提交时间', cell: (d) => when(d.created) },
            {
              id: 'actions',
              header: '操作',
              cell: (d) =>
                manager ? (
                  <span className="flex gap-1.5">
                    <button
                      type="button"
                      className={button.primary}
                      onClick={() => (setNote(''), setTarget({ kind: 'device', device: d, approve: true }))}
                    >
                      通过
                    </button>
                    <button
                      type="button"
                      className={button.danger}
                      onClick={() => (setNote(''), setTarget({ kind: 'device', device: d, approve: false }))}
                    >
                      不通过
                    </button>
                  </span>
                ) : null,
            },
          ]}
        />
      </section>

      <FormModal
        open={target !== null}
        title={target?.kind === 'reject' ? '驳回预约' : target?.approve ? '通过自带设备' : '不通过自带设备'}
        submitText={target?.kind === 'reject' ? '驳回' : '确定'}
        danger={target?.kind === 'reject' || target?.approve === false}
        onClose={() => setTarget(null)}
        onSubmit={() =>
          target?.kind === 'reject'
            ? act(reservationsAdminApi.reject, { rid: target.booking!.rid, reason: note }, '预约已驳回')
            : act(
                reservationsAdminApi.tempDeviceReview,
                { rid: target!.device!.rid, action: target!.approve ? 'approve' : 'reject', note },
                '审核完成',
              )
        }
      >
        <Field
          label={target?.kind === 'reject' ? '驳回原因（客户可见）' : '审核意见'}
          hint={target?.approve ? '可选' : '必填'}
        >
          <input
            className={input}
            name="note"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
      </FormModal>
    </div>
  );
}
