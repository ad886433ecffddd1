import { useEffect, useState } from 'react';
import { consoleApi, staffAction } from '../session.ts';
import { button, Field, FormModal, input } from '../ui.tsx';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import { minuteToHhmm } from '../../lib/shared/reservations/reservation-rules.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { every, type Device } from './week.ts';

type Match = OutputOf<typeof reservationsAdminApi.customerSearch>['list'][number];
const TIMES = Array.from({ length: 33 }, (_, i) => minuteToHhmm(360 + i * 30));

/**
 * 代客预约: a staff member finds the customer by phone or name, picks the instrument and the time,
 * and books for them; the booking rules hold (not the lead time), authorisation included.
 */
export default function BookForDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [kw, setKw] = useState('');
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [who, setWho] = useState('');
  const [devices, setDevices] = useState<Device[]>([]);
  const [form, setForm] = useState({
    device_rid: '',
    date: shanghaiDate(Date.now()),
    start: '09:00',
    end: '10:00',
    remark: '',
  });
  useEffect(() => {
    if (!open) return;
    setKw('');
    setMatches(null);
    setWho('');
    void every(reservationsAdminApi.deviceList, {}).then((l) => {
      const live = l.filter((d) => d.on_sale);
      setDevices(live);
      setForm((f) => ({ ...f, device_rid: f.device_rid || live[0]?.rid || '' }));
    });
  }, [open]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const search = async () => {
    const res = await consoleApi.call(reservationsAdminApi.customerSearch, { kw });
    setMatches(res?.list ?? []);
    setWho(res?.list.length === 1 ? res.list[0].rid : '');
  };

  return (
    <FormModal
      open={open}
      title="代客预约"
      submitText="预约"
      onClose={onClose}
      onSubmit={async () => {
        if (!who) return '请先查找并选择客户';
        const at = (t: string) => `${form.date}T${t}:00+08:00`;
        return staffAction(
          reservationsAdminApi.bookFor,
          {
            user_rid: who,
            device_rid: form.device_rid,
            start: at(form.start),
            end: at(form.end),
            remark: form.remark,
          },
          '预约成功',
          onDone,
        );
      }}
    >
      <Field label="客户（手机号或姓名）">
        <div className="flex gap-2">
          <input
            className={input}
            name="kw"
            value={kw}
            onChange={(e) => setKw(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void search())}
          />
          <button type="button" className={button.ghost} onClick={() => void search()}>
            查找
          </button>
        </div>
      </Field>
      {matches?.length === 0 && <p className="text-sm text-slate-500">没有找到客户</p>}
      {matches && matches.length > 0 && (
        <fieldset className="grid gap-1 text-sm">
          <legend className="sr-only">选择客户</legend>
          {matches.map((m) => (
            <label key={m.rid} className="flex items-center gap-2">
              <input type="radio" name="who" checked={who === m.rid} onChange={() => setWho(m.rid)} />
              {m.name || '（未填姓名）'} {m.phone} <span className="text-slate-500">{m.company}</span>
            </label>
          ))}
        </fieldset>
      )}
      <Field label="仪器">
        <select className={input} name="device_rid" value={form.device_rid} onChange={set('device_rid')}>
          {devices.map((d) => (
            <option key={d.rid} value={d.rid}>
              {d.name}
              {d.needs_authorization ? '（需授权）' : ''}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid grid-cols-3 gap-3">
        <Field label="日期">
          <input type="date" className={input} name="date" value={form.date} onChange={set('date')} />
        </Field>
        <Field label="开始">
          <select className={input} name="start" value={form.start} onChange={set('start')}>
            {TIMES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="结束">
          <select className={input} name="end" value={form.end} onChange={set('end')}>
            {TIMES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="备注" hint="可选">
        <input className={input} name="remark" maxLength={200} value={form.remark} onChange={set('remark')} />
      </Field>
    </FormModal>
  );
}
