// 标记完成 and 未到场 end a booking and finish its order, so both ask first (decision 0086); the
// dialog says what the order is charged.
import { confirmStep } from '../confirm.tsx';
import { when } from '../ui.tsx';
import { formatFen } from '../../lib/shared/money.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import type { Booking } from './week.ts';

type Act = (call: Endpoint, body: Record<string, unknown>, done: string) => Promise<string | null>;

/** Asks before marking a booking done or no-show; the step runs through the screen's `act`. */
export function confirmBookingStep(b: Booking, step: 'done' | 'no_show', act: Act) {
  const who = b.customer.name || b.customer.phone;
  const period = `${when(b.start)} – ${when(b.end).slice(11)}`;
  confirmStep(
    step === 'done'
      ? {
          title: '标记预约完成',
          message: (
            <p>
              {b.device.name} {period}（{who}）标记为已完成：订单 {b.order_no} 随之完成，按预约计费{' '}
              <strong>{formatFen(b.amount_fen)}</strong>。标记后不能改回。
            </p>
          ),
          confirmText: '确认完成',
          run: () => act(reservationsAdminApi.done, { rid: b.rid }, '已标记完成'),
        }
      : {
          title: '标记未到场',
          message: (
            <p>
              {b.device.name} {period}（{who}）标记为未到场：订单 {b.order_no} 随之完成，仍按预约计费{' '}
              <strong>{formatFen(b.amount_fen)}</strong>，不退款。标记后不能改回。
            </p>
          ),
          confirmText: '确认未到场',
          danger: true,
          run: () => act(reservationsAdminApi.noShow, { rid: b.rid }, '已标记未到场'),
        },
  );
}
