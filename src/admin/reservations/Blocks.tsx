import { useEffect, useState } from 'react';
import { staffAction, type Me } from '../session.ts';
import { button, Field, FormModal, input, when } from '../ui.tsx';
import { useList, useServerSort } from '../lists.ts';
import { DataTable, Pager } from '../table.tsx';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import { BLOCK_SORTS } from '../../lib/shared/reservations/reservation.ts';
import { every, type Block, type Device } from './week.ts';
import {
  BLOCK_KIND_TEXT,
  BLOCK_KINDS,
  type BlockKind,
} from '../../lib/shared/reservations/reservation-rules.ts';
import HoursForm from './HoursForm.tsx';

const EMPTY = {
  kind: 'maintenance' as BlockKind,
  device_rid: '',
  start: '',
  end: '',
  reason: '',
};
/** A datetime-local value (Shanghai wall clock) as an instant. */
const instant = (local: string) => (local ? `${local}:00+08:00` : '');

/**
 * 封锁时段: maintenance of one instrument or a holiday of all, with the reason customers see on the
 * calendar; bookings inside are refused from then on (those already made are counted, to be dealt
 * with). Below, the lab's opening hours and cancellation deadline.
 */
export default function Blocks({ me }: { me: Me }) {
  const order = useServerSort(BLOCK_SORTS); // on the server: the list is paged
  const list = useList(reservationsAdminApi.blockList, order.filter);
  const editor = me.permissions.includes('instruments.edit');
  const [devices, setDevices] = useState<Device[]>([]);
  const [draft, setDraft] = useState<typeof EMPTY | null>(null);
  const [removing, setRemoving] = useState<Block | null>(null);
  useEffect(() => void every(reservationsAdminApi.deviceList, {}).then(setDevices), []);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setDraft((d) => d && { ...d, [k]: e.target.value });

  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby="blocks-title">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <h2 id="blocks-title" className="text-base font-semibold">
            封锁时段（维护 / 节假日）
          </h2>
          {editor && (
            <button type="button" className={`${button.primary} ml-auto`} onClick={() => setDraft(EMPTY)}>
              新增封锁
            </button>
          )}
        </div>
        <DataTable<Block>
          label="封锁时段"
          rows={list.data?.list ?? null}
          rowKey={(b) => b.rid}
          empty="没有封锁时段"
          serverSort={order.serverSort}
          columns={[
            { id: 'kind', header: '类型', cell: (b) => b.kind_text },
            { id: 'device', header: '仪器', cell: (b) => b.device?.name ?? '全部仪器' },
            {
              id: 'time',
              header: '时间',
              cell: (b) => (
                <span className="whitespace-nowrap">
                  {when(b.start)} – {when(b.end)}
                </span>
              ),
            },
            { id: 'reason', header: '原因', cell: (b) => b.reason },
            {
              id: 'actions',
              header: '操作',
              cell: (b) =>
                editor && (
                  <button type="button" className={button.danger} onClick={() => setRemoving(b)}>
                    删除
                  </button>
                ),
            },
          ]}
        />
        <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      </section>

      <HoursForm editor={editor} />

      <FormModal
        open={draft !== null}
        title="新增封锁时段"
        submitText="保存"
        onClose={() => setDraft(null)}
        onSubmit={() =>
          staffAction<{ conflicts: number }>(
            reservationsAdminApi.blockAdd,
            {
              ...draft!,
              device_rid: draft!.kind === 'holiday' ? '' : draft!.device_rid,
              start: instant(draft!.start),
              end: instant(draft!.end),
            },
            (res) =>
              res.conflicts > 0 ? `已封锁；其中已有 ${res.conflicts} 个预约，请在预约列表中处理` : '已封锁',
            list.reload,
          )
        }
      >
        <Field label="类型">
          <select className={input} name="kind" value={draft?.kind} onChange={set('kind')}>
            {BLOCK_KINDS.map((k) => (
              <option key={k} value={k}>
                {BLOCK_KIND_TEXT[k]}（{k === 'holiday' ? '全部仪器' : '单台仪器'}）
              </option>
            ))}
          </select>
        </Field>
        {draft && draft.kind !== 'holiday' && (
          <Field label="仪器">
            <select className={input} name="device_rid" value={draft.device_rid} onChange={set('device_rid')}>
              <option value="">请选择仪器</option>
              {devices.map((d) => (
                <option key={d.rid} value={d.rid}>
                  {d.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="开始时间">
            <input
              type="datetime-local"
              className={input}
              name="start"
              value={draft?.start ?? ''}
              onChange={set('start')}
            />
          </Field>
          <Field label="结束时间">
            <input
              type="datetime-local"
              className={input}
              name="end"
              value={draft?.end ?? ''}
              onChange={set('end')}
            />
          </Field>
        </div>
        <Field label="原因（客户在日历上可见）">
          <input
            className={input}
            name="reason"
            maxLength={200}
            value={draft?.reason ?? ''}
            onChange={set('reason')}
          />
        </Field>
      </FormModal>

      <FormModal
        open={removing !== null}
        title="删除封锁时段"
        submitText="确认删除"
        danger
        onClose={() => setRemoving(null)}
        onSubmit={() =>
          staffAction(reservationsAdminApi.blockDelete, { rid: removing!.rid }, '已删除', list.reload)
        }
      >
        <p className="text-sm text-slate-700">
          删除后 {removing?.device?.name ?? '全部仪器'} 在 {when(removing?.start)} – {when(removing?.end)}{' '}
          的时段将重新开放预约。
        </p>
      </FormModal>
    </div>
  );
}
