import { button, when } from '../ui.tsx';
import type { RowOf } from '../lists.ts';
import { DataTable } from '../table.tsx';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';

export type OwnDevice = RowOf<typeof reservationsAdminApi.tempDeviceList>;

/** 待审核的自带设备: equipment customers bring to a session; a manager approves or rejects it. */
export default function OwnDevices({
  rows,
  manager,
  onReview,
}: {
  rows: OwnDevice[] | null;
  manager: boolean;
  onReview: (device: OwnDevice, approve: boolean) => void;
}) {
  return (
    <section aria-labelledby="own-devices">
      <h2 id="own-devices" className="mb-2 text-base font-semibold">
        待审核的自带设备
      </h2>
      <DataTable<OwnDevice>
        label="自带设备"
        rows={rows}
        rowKey={(d) => d.rid}
        empty="没有待审核的自带设备"
        columns={[
          // The ten newest waiting (the screen has no pager): sorted on screen.
          { id: 'name', header: '设备', sort: (d) => d.name, cell: (d) => `${d.name} ${d.model}` },
          { id: 'desc', header: '说明', sort: (d) => d.description, cell: (d) => d.description || '—' },
          {
            id: 'customer',
            header: '客户',
            sort: (d) => d.customer.name || d.customer.phone,
            cell: (d) => `${d.customer.name || d.customer.phone} ${d.customer.company}`,
          },
          { id: 'created', header: '提交时间', sort: (d) => d.created, cell: (d) => when(d.created) },
          {
            id: 'actions',
            header: '操作',
            cell: (d) =>
              manager ? (
                <span className="flex gap-1.5">
                  <button type="button" className={button.primary} onClick={() => onReview(d, true)}>
                    通过
                  </button>
                  <button type="button" className={button.danger} onClick={() => onReview(d, false)}>
                    不通过
                  </button>
                </span>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
