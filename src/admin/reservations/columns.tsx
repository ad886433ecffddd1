import { notice } from '../session.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import { Badge, button, when } from '../ui.tsx';
import { type Column, csvOnly } from '../table.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import type { Booking } from './week.ts';
import { FinishButtons } from './FinishButtons.tsx';

/** The bookings list's columns, which also make its CSV; a manager's steps on a row in 操作. */
export function bookingColumns(
  manager: boolean,
  act: (call: Endpoint, body: Record<string, unknown>, done: string) => Promise<string | null>,
  steps: { reject: (b: Booking) => void; done: (b: Booking) => void; noShow: (b: Booking) => void },
): Column<Booking>[] {
  return [
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
            {b.status === 'pending' && (
              <button
                type="button"
                className={button.primary}
                onClick={() =>
                  void act(reservationsAdminApi.confirm, { rid: b.rid }, '已确认').then(
                    (e) => e && notice('error', e),
                  )
                }
              >
                确认
              </button>
            )}
            {(b.status === 'pending' || b.status === 'confirmed') && (
              <>
                <FinishButtons booking={b} onDone={steps.done} onNoShow={steps.noShow} />
                <button type="button" className={button.danger} onClick={() => steps.reject(b)}>
                  驳回
                </button>
              </>
            )}
          </span>
        ) : null,
    },
  ];
}
