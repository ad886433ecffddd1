// 样品处置 (decision 0073): the samples due for disposal or return, those still kept with their
// date, and those done; a disposal with method, reason and a witness (another staff member who
// types their own phone number and password here), of one sample or of several ticked at once
// (decision 0078); a return with its courier number; and the lab's default days for 留样.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, filterInput, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, useServerSort } from '../lists.ts';
import { ExportCsv } from '../csv.tsx';
import { type Column, DataTable, Pager } from '../table.tsx';
import { disposalAdminApi } from '../../lib/shared/samples/disposal-api.ts';
import {
  DISPOSAL_SORTS,
  DISPOSAL_VIEWS,
  DISPOSAL_VIEW_TEXT,
  type DisposalRow,
  type DisposalView,
  type DisposedMany,
} from '../../lib/shared/samples/disposal.ts';
import { DisposeDialog, DisposeManyDialog, ReturnDialog } from './DisposalDialogs.tsx';
import { shanghaiDate } from '../../lib/shared/time.ts';

const TABS = DISPOSAL_VIEWS.map((v) => ({ value: v, label: DISPOSAL_VIEW_TEXT[v] }));

function RetentionSetting({ me }: { me: Me }) {
  const [days, setDays] = useState<string>('');
  const [editing, setEditing] = useState(false);
  const load = () =>
    consoleApi.call(disposalAdminApi.retention, {}).then((r) => r && setDays(String(r.keep_days)));
  useEffect(() => void load(), []);
  const editable = me.permissions.includes('catalogue.edit');
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
      默认留样天数：<strong className="tabular-nums">{days || '—'}</strong> 天
      {editable && (
        <button type="button" className={button.link} onClick={() => setEditing(true)}>
          修改
        </button>
      )}
      {editing && (
        <FormModal
          open
          title="默认留样天数"
          onClose={() => setEditing(false)}
          onSubmit={() =>
            staffAction(disposalAdminApi.saveRetention, { keep_days: days }, '已保存', () => {
              setEditing(false);
              return load();
            })
          }
        >
          <Field
            label="留样天数"
            hint="客户选择“留样”的样品，自检测完成起保留的天数（下单页按此显示“测试完成后保留 N 天后销毁”）；修改只影响此后完成检测的样品。"
          >
            <input
              className={input}
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </Field>
        </FormModal>
      )}
    </p>
  );
}

/**
 * The rows ticked for a bulk disposal (decision 0078), among the page's disposable ones; a new
 * page or a reload clears them.
 */
function usePicking(pickable: DisposalRow[], page: unknown) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setPicked(new Set()), [page]);
  return {
    pickable,
    rows: pickable.filter((r) => picked.has(r.rid)),
    has: (rid: string) => picked.has(rid),
    toggle: (rid: string) =>
      setPicked((p) => {
        const next = new Set(p);
        if (!next.delete(rid)) next.add(rid);
        return next;
      }),
    all: (on: boolean) => setPicked(new Set(on ? pickable.map((r) => r.rid) : [])),
  };
}

/** The tick box of each disposable row. */
function pickColumn(
  pick: ReturnType<typeof usePicking>,
  disposable: (r: DisposalRow) => boolean,
): Column<DisposalRow> {
  return {
    id: 'pick',
    header: '选择',
    cell: (r) =>
      disposable(r) && (
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          aria-label={`选择 ${r.sample_no}`}
          checked={pick.has(r.rid)}
          onChange={() => pick.toggle(r.rid)}
        />
      ),
  };
}

/** The bulk disposal's toolbar: tick every disposable sample of the page, dispose of the ticked. */
function BulkBar({
  picked,
  all,
  onAll,
  onDispose,
}: {
  picked: number;
  all: boolean;
  onAll: (on: boolean) => void;
  onDispose: () => void;
}) {
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3 rounded-md bg-white px-3 py-2 text-sm">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={all}
          onChange={(e) => onAll(e.target.checked)}
        />
        全选本页可销毁的样品
      </label>
      <span className="text-slate-500">已选 {picked} 个</span>
      <button type="button" className={button.danger} disabled={picked === 0} onClick={onDispose}>
        批量销毁（{picked}）
      </button>
    </div>
  );
}

/** The samples a bulk disposal refused, each with why, until dismissed. */
function RefusedList({ refused, onClear }: { refused: DisposedMany['refused']; onClear: () => void }) {
  if (refused.length === 0) return null;
  return (
    <div role="alert" className="mb-2 rounded-md bg-hot-50 px-3 py-2 text-sm text-hot-700">
      <p className="font-medium">以下样品未销毁：</p>
      <ul className="mt-1 grid gap-0.5">
        {refused.map((r) => (
          <li key={r.rid}>
            <span className="font-mono tabular-nums">{r.sample_no || r.rid}</span>：{r.msg}
          </li>
        ))}
      </ul>
      <button type="button" className={button.link} onClick={onClear}>
        知道了
      </button>
    </div>
  );
}

export default function Disposals({ me }: { me: Me }) {
  const [view, setView] = useState<DisposalView>('due');
  const [dueTo, setDueTo] = useState('');
  const order = useServerSort(DISPOSAL_SORTS); // on the server: the list is paged
  const filter = { view, ...(dueTo && { due_to: dueTo }), ...order.filter };
  const list = useList(disposalAdminApi.list, filter, 20);
  const process = me.permissions.includes('orders.process');
  const [disposing, setDisposing] = useState<DisposalRow | null>(null);
  const [returning, setReturning] = useState<DisposalRow | null>(null);
  const [disposingMany, setDisposingMany] = useState(false);
  const [refused, setRefused] = useState<DisposedMany['refused']>([]);
  const today = shanghaiDate(Date.now());
  const rows = list.data?.list ?? null;
  const disposable = (r: DisposalRow) =>
    r.status === 'disposal_pending' || (view === 'upcoming' && r.disposable_from !== null);
  const pick = usePicking(process ? (rows ?? []).filter(disposable) : [], rows);

  const columns: Column<DisposalRow>[] = [
    ...(pick.pickable.length > 0 ? [pickColumn(pick, disposable)] : []),
    {
      id: 'sample',
      header: '样品',
      cell: (r) => (
        <>
          <span className="block font-mono font-medium tabular-nums">{r.sample_no}</span>
          <span className="text-xs text-slate-500">
            {r.name} · {r.item_name}
          </span>
        </>
      ),
      csv: [
        { header: '样品编号', value: (r) => r.sample_no },
        { header: '样品名称', value: (r) => r.name },
      ],
    },
    {
      id: 'order',
      header: '订单 / 客户',
      cell: (r) => (
        <>
          <Link href={`/orders/${r.order_rid}`} className="text-brand-700 hover:underline">
            {r.order_no}
          </Link>
          <span className="block text-xs text-slate-500">
            {r.customer.name || r.customer.phone} {r.customer.company}
          </span>
        </>
      ),
      csv: (r) => r.order_no,
    },
    {
      id: 'retention',
      header: '处理方式 / 保留至',
      cell: (r) => (
        <>
          <span className="block">{r.retention_text}</span>
          <span
            className={`text-xs tabular-nums ${r.retain_until && r.retain_until < today ? 'text-hot-600' : 'text-slate-500'}`}
          >
            {r.retain_until ? `保留至 ${r.retain_until}` : '—'}
          </span>
          {r.noticed_at && <span className="block text-xs text-slate-500">已通知 {when(r.noticed_at)}</span>}
        </>
      ),
      csv: (r) => r.retain_until ?? '',
    },
    {
      id: 'status',
      header: '状态 / 位置',
      cell: (r) => (
        <>
          <Badge
            tone={
              r.status === 'return_pending' ? 'accent' : r.status === 'disposal_pending' ? 'red' : 'slate'
            }
          >
            {r.status_text}
          </Badge>
          <span className="block text-xs text-slate-500">{r.location ?? ''}</span>
          {view === 'done' && <span className="block text-xs text-slate-500">{when(r.updated_at)}</span>}
        </>
      ),
      csv: (r) => r.status_text,
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        process && (
          <span className="flex flex-wrap gap-1.5">
            {(r.status === 'return_pending' || (r.status === 'tested' && r.disposal === 1)) && (
              <button
                type="button"
                className={button.primary}
                aria-label={`寄回 ${r.sample_no}`}
                onClick={() => setReturning(r)}
              >
                寄回
              </button>
            )}
            {disposable(r) && (
              <button
                type="button"
                className={button.danger}
                aria-label={`销毁 ${r.sample_no}`}
                onClick={() => setDisposing(r)}
              >
                销毁
              </button>
            )}
          </span>
        ),
    },
  ];
  return (
    <div className="grid grid-cols-1">
      <PageHeader
        title="样品处置"
        lead="保留期满的样品列为“待销毁”，客户申请或选择寄回的列为“待退回”。销毁需另一位员工现场见证确认；寄回需填写快递单号。客户在销毁前3个工作日收到通知。"
        actions={
          <ExportCsv<DisposalRow>
            list={disposalAdminApi.list}
            filter={filter}
            name={`样品处置-${DISPOSAL_VIEW_TEXT[view]}`}
            columns={columns}
          />
        }
      />
      <RetentionSetting me={me} />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label className="text-sm text-slate-600" htmlFor="due-to">
          保留至不晚于
        </label>
        <input
          id="due-to"
          type="date"
          className={filterInput}
          value={dueTo}
          onChange={(e) => setDueTo(e.target.value)}
        />
        {dueTo && (
          <button type="button" className={button.link} onClick={() => setDueTo('')}>
            清除
          </button>
        )}
        {list.data && <span className="text-sm text-slate-500">共 {list.data.total} 个样品</span>}
      </div>
      <StatusTabs label="处置视图" tabs={TABS} value={view} onChange={setView} />
      {pick.pickable.length > 0 && (
        <BulkBar
          picked={pick.rows.length}
          all={pick.rows.length === pick.pickable.length}
          onAll={pick.all}
          onDispose={() => setDisposingMany(true)}
        />
      )}
      <RefusedList refused={refused} onClear={() => setRefused([])} />
      <DataTable<DisposalRow>
        label="样品处置"
        rows={rows}
        rowKey={(r) => r.rid}
        empty={view === 'due' ? '没有待处置的样品' : '没有样品'}
        columns={columns}
        serverSort={order.serverSort}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      {disposing && (
        <DisposeDialog
          row={disposing}
          onClose={() => setDisposing(null)}
          onDone={() => {
            setDisposing(null);
            list.reload();
          }}
        />
      )}
      {disposingMany && (
        <DisposeManyDialog
          rows={pick.rows}
          onClose={() => setDisposingMany(false)}
          onDone={(r) => {
            setDisposingMany(false);
            setRefused(r);
            list.reload();
          }}
        />
      )}
      {returning && (
        <ReturnDialog
          row={returning}
          onClose={() => setReturning(null)}
          onDone={() => {
            setReturning(null);
            list.reload();
          }}
        />
      )}
    </div>
  );
}
