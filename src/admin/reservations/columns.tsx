import { notice } from '../session.ts';
import { confirmBookingStep } from './confirm-step.tsx';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import { Badge, button, when } from '../ui.tsx';
import { type Column, csvOnly } from '../table.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import type { Booking } from './week.ts';

const STEPS = [
  { path: 'confirm', call: reservationsAdminApi.confirm, label: '确认', when: ['pending'] },
  { path: 'done', call: reservationsAdminApi.done, label: '完成', when: ['pending', 'confirmed'] },
  { path: 'no_show', call: reservationsAdminApi.noShow, label: '未到场', when: ['pending', 'confirmed'] },
] as const;

/** The bookings list's columns, which also make its CSV; a manager's steps on a row in 操作. */
export function bookingColumns(
  manager: boolean,
  act: (call: Endpoint, body: Record<string, unknown>, done: string) => Promise<string | null>,
  reject: (booking: Booking) => void,
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
            {STEPS.filter((s) => (s.when as readonly string[]).includes(b.status)).map((s) => (
              <button
                key={s.path}
                type="button"
                className={s.path === 'confirm' ? button.primary : button.ghost}
                onClick={() =>
                  s.path === 'confirm'
                    ? void act(s.call, { rid: b.rid }, `已${s.label}`).then((e) => e && notice('error', e))
                    : confirmBookingStep(b, s.path, act)
                }
              >
                {s.label}
              </button>
            ))}
            {(b.status === 'pending' || b.status === 'confirmed') && (
              <button type="button" className={button.danger} onClick={() => reject(b)}>
                驳回
              </button>
            )}
          </span>
        ) : null,
    },
  ];
}
