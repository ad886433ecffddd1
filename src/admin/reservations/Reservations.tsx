import { useState } from 'react';
import { type Me, staffAction } from '../session.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import { button, Field, filterInput, FormModal, input, PageHeader, StatusTabs } from '../ui.tsx';
import { useList, useServerSort } from '../lists.ts';
import { DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import Calendar from './Calendar.tsx';
import DayView from './DayView.tsx';
import Blocks from './Blocks.tsx';
import BookForDialog from './BookForDialog.tsx';
import { useFinishDialogs } from './FinishDialogs.tsx';
import { bookingColumns } from './columns.tsx';
import OwnDevices, { type OwnDevice } from './OwnDevices.tsx';
import type { Booking } from './week.ts';
import {
  RESERVATION_STATUS_TEXT,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '../../lib/shared/reservations/reservation-rules.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import { RESERVATION_SORTS } from '../../lib/shared/reservations/reservation.ts';

const TABS: { value: ReservationStatus | ''; label: string }[] = [
  { value: 'pending', label: '待确认' },
  ...RESERVATION_STATUSES.filter((s) => s !== 'pending').map((s) => ({
    value: s,
    label: RESERVATION_STATUS_TEXT[s],
  })),
  { value: '', label: '全部' },
];

/**
 * 仪器预约: bookings by status and day, confirmed, finished (done or no-show, after the start) or
 * rejected with a reason (the order is cancelled and refunded); below, the customers' own
 * equipment brought to a session, approved or rejected.
 */
export default function Reservations({ me }: { me: Me }) {
  const [view, setView] = useState<'list' | 'calendar' | 'day' | 'blocks'>('list');
  const [booking, setBooking] = useState(false);
  const [status, setStatus] = useState<ReservationStatus | ''>('pending');
  const [date, setDate] = useState('');
  // Sorted on the server (the list is paged): the page and its CSV in the order shown.
  const order = useServerSort(RESERVATION_SORTS, { sort: 'time', dir: 'desc' });
  const filter = {
    ...Object.fromEntries(Object.entries({ status, date }).filter(([, v]) => v)),
    ...order.filter,
  };
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

  const finish = useFinishDialogs(act);
  const columns = bookingColumns(manager, act, {
    reject: (b) => (setNote(''), setTarget({ kind: 'reject', booking: b })),
    done: finish.openDone,
    noShow: finish.openNoShow,
  });
  return (
    // One column that may shrink below a wide table (the table scrolls instead).
    <div className="grid grid-cols-1 gap-6">
      <div>
        <PageHeader
          title="仪器预约"
          lead="确认预约；上机开始后标记完成（记录实际用时）或未到场；驳回需写明原因，订单随之取消并退款。维护与节假日在「封锁时段」中设置。"
          actions={
            <div className="flex flex-wrap gap-2">
              {view === 'list' && (
                <ExportCsv<Booking>
                  list={reservationsAdminApi.list}
                  filter={filter}
                  name="仪器预约"
                  columns={columns}
                />
              )}
              {manager && (
                <button type="button" className={button.primary} onClick={() => setBooking(true)}>
                  代客预约
                </button>
              )}
            </div>
          }
        />
        <StatusTabs
          label="视图"
          tabs={[
            { value: 'list', label: '列表' },
            { value: 'calendar', label: '周日历' },
            { value: 'day', label: '日视图' },
            { value: 'blocks', label: '封锁时段' },
          ]}
          value={view}
          onChange={setView}
        />
        {view === 'calendar' ? (
          <Calendar me={me} />
        ) : view === 'day' ? (
          <DayView me={me} />
        ) : view === 'blocks' ? (
          <Blocks me={me} />
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
              serverSort={order.serverSort}
            />
            <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
          </>
        )}
      </div>

      <OwnDevices
        rows={devices.data?.list ?? null}
        manager={manager}
        onReview={(d, approve) => (setNote(''), setTarget({ kind: 'device', device: d, approve }))}
      />

      {finish.dialogs}
      <BookForDialog open={booking} onClose={() => setBooking(false)} onDone={list.reload} />
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
