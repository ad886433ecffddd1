import { useState } from 'react';
import { staffStep, type Me } from '../session.ts';
import { confirmCall } from '../confirm.tsx';
import { button, filterInput, PageHeader, ViewModal } from '../ui.tsx';
import { RecordHistory } from '../staff/History.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { reservationsAdminApi } from '../../lib/shared/reservations/api.ts';
import DeviceAuthorizations from './DeviceAuthorizations.tsx';
import DeviceForm, { EMPTY, toDraft, type Draft, type StaffDevice } from './DeviceForm.tsx';

const UNIT_TEXT = { hour: '元/小时', session: '元/次' } as const;

/** 下架 (confirmed: customers can no longer book it) or 上架 (asks nothing). */
const toggleSale = (r: StaffDevice, reload: () => Promise<void>) =>
  r.on_sale
    ? confirmCall(
        {
          title: `下架仪器「${r.name}」`,
          message: (
            <p>
              下架后仪器预约页不再显示「{r.name}」，客户不能再新建预约；已有的预约不受影响，之后可重新上架。
            </p>
          ),
          confirmText: '确认下架',
          danger: true,
        },
        reservationsAdminApi.deviceEdit,
        { rid: r.rid, on_sale: false },
        '已下架',
        reload,
      )
    : staffStep(reservationsAdminApi.deviceEdit, { rid: r.rid, on_sale: true }, '已上架', reload);

/** 仪器设备: the instruments customers book on site — add, edit, put on or take off line. */
export default function Devices({ me }: { me: Me }) {
  const [kw, setKw] = useState('');
  const filter = { kw: kw.trim() };
  const list = useList(reservationsAdminApi.deviceList, filter);
  const editor = me.permissions.includes('instruments.edit');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [authorizing, setAuthorizing] = useState<StaffDevice | null>(null);
  const [viewing, setViewing] = useState<StaffDevice | null>(null);

  const columns: Column<StaffDevice>[] = [
    csvOnly('编号', (r) => r.rid),
    {
      id: 'name',
      header: '仪器',
      sort: (r) => r.name,
      cell: (r) => (
        <span className="flex items-center gap-2">
          {r.img && <img src={r.img} alt="" className="h-9 w-9 rounded object-cover" />}
          <span>
            <span className="block font-medium">{r.name}</span>
            <span className="text-xs text-slate-500">
              {r.model} · {r.category}
            </span>
          </span>
        </span>
      ),
      csv: [
        { header: '名称', value: (r) => r.name },
        { header: '型号', value: (r) => r.model },
        { header: '类别', value: (r) => r.category },
      ],
    },
    {
      id: 'location',
      header: '位置',
      sort: (r) => r.location,
      cell: (r) => r.location,
      csv: (r) => r.location,
    },
    {
      id: 'price',
      header: '价格',
      className: 'whitespace-nowrap',
      cell: (r) => `${formatFen(r.price_fen)} / ${r.price_unit === 'hour' ? '小时' : '次'}`,
      csv: [
        { header: '价格（元）', value: (r) => fenToYuan(r.price_fen) },
        { header: '计价', value: (r) => UNIT_TEXT[r.price_unit] },
      ],
    },
    {
      id: 'rules',
      header: '预约规则',
      cell: (r) => (
        <>
          最短 {r.min_minutes} 分钟，提前 {r.lead_hours} 小时
          {r.booking_rules?.open && (
            <span className="block text-xs text-slate-500">
              开放 {r.booking_rules.open}–{r.booking_rules.close}
            </span>
          )}
          {r.booking_rules?.cancel_hours !== undefined && (
            <span className="block text-xs text-slate-500">
              开始前 {r.booking_rules.cancel_hours} 小时截止取消
            </span>
          )}
          {r.bill_by_actual && <span className="block text-xs text-slate-500">按实际用时计费</span>}
          {r.needs_authorization && <span className="block text-xs text-slate-500">需培训授权</span>}
        </>
      ),
      csv: [
        { header: '按实际用时计费', value: (r) => (r.bill_by_actual ? '是' : '否') },
        { header: '需培训授权', value: (r) => (r.needs_authorization ? '是' : '否') },
      ],
    },
    {
      id: 'state',
      header: '状态',
      className: 'whitespace-nowrap',
      cell: (r) => (r.on_sale ? '上架' : '已下架'),
      csv: (r) => (r.on_sale ? '上架' : '下架'),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) => (
        <span className="flex flex-wrap gap-1.5">
          <button
            type="button"
            className={button.ghost}
            aria-label={`历史 ${r.name}`}
            onClick={() => setViewing(r)}
          >
            历史
          </button>
          {editor && (
            <>
              <button
                type="button"
                className={button.ghost}
                aria-label={`编辑 ${r.name}`}
                onClick={() => setDraft(toDraft(r))}
              >
                编辑
              </button>
              <button
                type="button"
                className={button.ghost}
                aria-label={`培训授权 ${r.name}`}
                onClick={() => setAuthorizing(r)}
              >
                授权
              </button>
              <button
                type="button"
                className={r.on_sale ? button.danger : button.ghost}
                aria-label={`${r.on_sale ? '下架' : '上架'} ${r.name}`}
                onClick={() => toggleSale(r, list.reload)}
              >
                {r.on_sale ? '下架' : '上架'}
              </button>
            </>
          )}
        </span>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="仪器设备"
        lead="预约现场的仪器：价格、最短时长、提前预约、上下架；保存后仪器预约页立即更新。停机维护、节假日与统一开放时间在「仪器预约 → 封锁时段」中设置；「授权」管理已培训的客户。"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportCsv<StaffDevice>
              list={reservationsAdminApi.deviceList}
              filter={filter}
              name="仪器设备"
              columns={columns}
            />
            {editor && (
              <button type="button" className={button.primary} onClick={() => setDraft(EMPTY)}>
                新增仪器
              </button>
            )}
          </div>
        }
      />
      <div className="mb-3">
        <input
          type="search"
          aria-label="搜索仪器"
          className={filterInput}
          placeholder="名称、型号或类别"
          value={kw}
          onChange={(e) => setKw(e.target.value)}
        />
      </div>
      <DataTable<StaffDevice>
        label="仪器设备"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="还没有仪器"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <DeviceForm draft={draft} setDraft={setDraft} onDone={list.reload} />
      {viewing && (
        <ViewModal open wide title={`${viewing.name} 的变更历史`} onClose={() => setViewing(null)}>
          <RecordHistory kind="device" rid={viewing.rid} />
        </ViewModal>
      )}
      {authorizing && (
        <DeviceAuthorizations
          device={authorizing}
          manager={me.permissions.includes('reservations.manage')}
          onClose={() => setAuthorizing(null)}
        />
      )}
    </div>
  );
}
