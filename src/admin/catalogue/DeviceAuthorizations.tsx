import { useState } from 'react';
import { consoleApi, notice, staffAction } from '../session.ts';
import { button, Field, FormModal, input, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { DataTable } from '../table.tsx';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';

type Authorized = RowOf<typeof reservationsAdminApi.authorizationList>;
type Match = OutputOf<typeof reservationsAdminApi.customerSearch>['list'][number];

/**
 * 培训授权 of one instrument: the customers trained on it (who may book it when it requires
 * authorisation), added by phone or name with a note, withdrawn with a confirmation.
 */
export default function DeviceAuthorizations({
  device,
  manager,
  onClose,
}: {
  device: { rid: string; name: string; needs_authorization: boolean };
  manager: boolean;
  onClose: () => void;
}) {
  const list = useList(reservationsAdminApi.authorizationList, { device_rid: device.rid }, 50);
  const [kw, setKw] = useState('');
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [note, setNote] = useState('');
  const [revoking, setRevoking] = useState<Authorized | null>(null);
  const grant = (m: Match) =>
    staffAction(
      reservationsAdminApi.authorizationGrant,
      { device_rid: device.rid, user_rid: m.rid, note },
      `已授权 ${m.name || m.phone}`,
      list.reload,
    );

  return (
    <>
      <FormModal
        open
        title={`培训授权 · ${device.name}`}
        submitText="完成"
        wide
        onClose={onClose}
        onSubmit={async () => null}
      >
        <p className="text-sm text-slate-600">
          {device.needs_authorization
            ? '本仪器需培训授权：只有下列客户可以预约。'
            : '本仪器目前不要求授权（可在「编辑」中开启）；下列客户已完成培训。'}
        </p>
        <DataTable<Authorized>
          label="已授权客户"
          rows={list.data?.list ?? null}
          rowKey={(a) => a.customer.rid}
          empty="还没有已授权的客户"
          columns={[
            {
              id: 'who',
              header: '客户',
              cell: (a) => `${a.customer.name || a.customer.phone} ${a.customer.phone} ${a.customer.company}`,
            },
            { id: 'note', header: '培训说明', cell: (a) => a.note || '—' },
            { id: 'at', header: '授权时间', cell: (a) => when(a.granted_at) },
            {
              id: 'actions',
              header: '操作',
              cell: (a) =>
                manager && (
                  <button type="button" className={button.danger} onClick={() => setRevoking(a)}>
                    取消授权
                  </button>
                ),
            },
          ]}
        />
        {manager && (
          <div className="grid gap-2 rounded-md border border-slate-200 p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="查找客户（手机号或姓名）">
                <div className="flex gap-2">
                  <input className={input} name="kw" value={kw} onChange={(e) => setKw(e.target.value)} />
                  <button
                    type="button"
                    className={button.ghost}
                    onClick={async () =>
                      setMatches(
                        (await consoleApi.call(reservationsAdminApi.customerSearch, { kw }))?.list ?? [],
                      )
                    }
                  >
                    查找
                  </button>
                </div>
              </Field>
              <Field label="培训说明" hint="可选">
                <input
                  className={input}
                  name="note"
                  maxLength={200}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </Field>
            </div>
            {matches?.length === 0 && <p className="text-sm text-slate-500">没有找到客户</p>}
            <ul className="grid gap-1 text-sm">
              {matches?.map((m) => (
                <li key={m.rid} className="flex items-center gap-2">
                  <span>
                    {m.name || '（未填姓名）'} {m.phone} <span className="text-slate-500">{m.company}</span>
                  </span>
                  <button
                    type="button"
                    className={`${button.primary} ml-auto`}
                    onClick={() => void grant(m).then((e) => (e ? notice('error', e) : setMatches(null)))}
                  >
                    授权
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </FormModal>
      <FormModal
        open={revoking !== null}
        title="取消授权"
        submitText="确认取消授权"
        danger
        onClose={() => setRevoking(null)}
        onSubmit={() =>
          staffAction(
            reservationsAdminApi.authorizationRevoke,
            { device_rid: device.rid, user_rid: revoking!.customer.rid },
            '已取消授权',
            list.reload,
          )
        }
      >
        <p className="text-sm text-slate-700">
          取消后 {revoking?.customer.name || revoking?.customer.phone} 不能再预约「{device.name}
          」（已有预约保留）。
        </p>
      </FormModal>
    </>
  );
}
