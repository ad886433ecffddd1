import { useState } from 'react';
import { Field, FormModal, input, when } from '../ui.tsx';
import type { Endpoint } from '../../lib/shared/api/endpoint.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import type { Booking } from './week.ts';

type Act = (call: Endpoint, body: Record<string, unknown>, done: string) => Promise<string | null>;

const hhmm = (iso: string) => shanghaiMinute(iso).slice(11);
const at = (b: Booking, time: string) => `${shanghaiDate(Date.parse(b.start))}T${time}:00+08:00`;

/**
 * The two dialogs that finish a session: 标记完成 asks for the time actually used (the booked time
 * filled in; billing by it where the instrument says so), so it is its own confirmation; 未到场
 * asks to confirm that the booked time is billed.
 */
export function useFinishDialogs(act: Act) {
  const [target, setTarget] = useState<{ kind: 'done' | 'no_show'; booking: Booking } | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const b = target?.booking;

  const openDone = (booking: Booking) => {
    const end = Math.min(Date.parse(booking.end), Date.now());
    setFrom(hhmm(booking.start));
    setTo(hhmm(new Date(end - (end % 60_000)).toISOString()));
    setNote('');
    setTarget({ kind: 'done', booking });
  };
  const openNoShow = (booking: Booking) => (setNote(''), setTarget({ kind: 'no_show', booking }));

  const dialogs = (
    <FormModal
      open={target !== null}
      title={target?.kind === 'done' ? '标记完成' : '标记未到场'}
      submitText={target?.kind === 'done' ? '确认完成' : '确认未到场'}
      danger={target?.kind === 'no_show'}
      onClose={() => setTarget(null)}
      onSubmit={() =>
        target?.kind === 'done'
          ? act(
              reservationsAdminApi.done,
              { rid: b!.rid, actual_start: at(b!, from), actual_end: at(b!, to), note },
              '已标记完成',
            )
          : act(reservationsAdminApi.noShow, { rid: b!.rid, note }, '已标记未到场')
      }
    >
      {b && (
        <p className="text-sm text-slate-600">
          {b.device.name} · {when(b.start)} – {when(b.end).slice(11)} · {b.customer.name || b.customer.phone}
        </p>
      )}
      {target?.kind === 'done' ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Field label="实际开始">
              <input
                type="time"
                className={input}
                required
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </Field>
            <Field label="实际结束">
              <input
                type="time"
                className={input}
                required
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </Field>
          </div>
          <p className="text-sm text-slate-600">
            按实际用时计费的仪器据此结算（已预付的订单退还未用部分）；其他仪器按预约计费，实际用时记入订单。
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-700">客户未到场，订单按预约时长计费并结束，此操作不可撤销。</p>
      )}
      <Field label="说明" hint="可选，记入订单时间线">
        <input
          className={input}
          name="note"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
    </FormModal>
  );
  return { openDone, openNoShow, dialogs };
}
