import { useState } from 'react';
import { notice } from '../session.ts';
import { Badge, button, Field, FormModal, input, when } from '../ui.tsx';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import type { Booking } from './week.ts';
import { FinishButtons } from './FinishButtons.tsx';

/**
 * The picked booking's details below the grid, with the staff steps for a manager; 驳回 asks for
 * the reason in a modal.
 */
export default function BookingPanel({
  picked,
  manager,
  act,
  onClose,
  onDone,
  onNoShow,
}: {
  picked: Booking | null;
  manager: boolean;
  act: (call: Endpoint, body: Record<string, unknown>, done: string) => Promise<string | null>;
  onClose: () => void;
  onDone: (b: Booking) => void;
  onNoShow: (b: Booking) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      {picked && (
        <div
          role="region"
          aria-label="预约详情"
          className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
        >
          <div className="flex flex-wrap items-center gap-2">
            <strong>{picked.device.name}</strong>
            <Badge
              tone={
                picked.status === 'pending' ? 'brand' : picked.status === 'confirmed' ? 'accent' : 'slate'
              }
            >
              {picked.status_text}
            </Badge>
            <button type="button" className={`${button.link} ml-auto`} onClick={onClose}>
              关闭
            </button>
          </div>
          <p>
            {when(picked.start)} – {when(picked.end).slice(11)} ·{' '}
            {picked.customer.name || picked.customer.phone} {picked.customer.phone} {picked.customer.company}
          </p>
          {picked.actual_start && picked.actual_end && (
            <p>
              实际用时 {when(picked.actual_start).slice(11)} – {when(picked.actual_end).slice(11)}
            </p>
          )}
          <p className="text-slate-500">
            订单 {picked.order_no} · {picked.order_status_text}
            {picked.remark && ` · 备注：${picked.remark}`}
          </p>
          {manager && (
            <div className="flex flex-wrap gap-1.5">
              {picked.status === 'pending' && (
                <button
                  type="button"
                  className={button.primary}
                  onClick={() =>
                    void act(reservationsAdminApi.confirm, { rid: picked.rid }, '预约已确认').then(
                      (e) => e && notice('error', e),
                    )
                  }
                >
                  确认预约
                </button>
              )}
              {(picked.status === 'pending' || picked.status === 'confirmed') && (
                <>
                  <FinishButtons booking={picked} onDone={onDone} onNoShow={onNoShow} />
                  <button
                    type="button"
                    className={button.danger}
                    onClick={() => (setReason(''), setRejecting(true))}
                  >
                    驳回
                  </button>
                </>
              )}
            </div>
          )}
        </div>
      )}

      <FormModal
        open={rejecting}
        title="驳回预约"
        submitText="驳回"
        danger
        onClose={() => setRejecting(false)}
        onSubmit={() => act(reservationsAdminApi.reject, { rid: picked!.rid, reason }, '预约已驳回')}
      >
        <Field label="驳回原因（客户可见）" hint="必填">
          <input
            className={input}
            name="reason"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </FormModal>
    </>
  );
}
