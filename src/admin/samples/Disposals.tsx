// 样品处置 (decision 0073): the samples due for disposal or return, those still kept with their
// date, and those done; a disposal with method, reason and a witness (another staff member who
// types their own phone number and password here); a return with its courier number; and the
// lab's default days for 留样.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, filterInput, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { samplesAdminApi } from '../../lib/shared/samples/api.ts';
import { disposalAdminApi } from '../../lib/shared/samples/disposal-api.ts';
import {
  DISPOSAL_METHODS,
  DISPOSAL_VIEWS,
  DISPOSAL_VIEW_TEXT,
  type DisposalRow,
  type DisposalView,
} from '../../lib/shared/samples/disposal.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';

const TABS = DISPOSAL_VIEWS.map((v) => ({ value: v, label: DISPOSAL_VIEW_TEXT[v] }));

function DisposeDialog({
  row,
  onClose,
  onDone,
}: {
  row: DisposalRow;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [v, setV] = useState({
    method: DISPOSAL_METHODS[0]!,
    reason: '保留期满',
    witness_phone: '',
    password: '',
    note: '',
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <FormModal
      open
      danger
      title={`销毁样品 ${row.sample_no}`}
      submitText="确认销毁"
      onClose={onClose}
      onSubmit={() => staffAction(disposalAdminApi.dispose, { rid: row.rid, ...v }, '样品已销毁', onDone)}
    >
      <p className="text-sm text-slate-600">
        {row.name} · {row.item_name} · {row.retention_text}
        {row.retain_until && `，保留至 ${row.retain_until}`}
      </p>
      <Field label="处置方式">
        <input className={input} list="disposal-methods" value={v.method} onChange={set('method')} />
        <datalist id="disposal-methods">
          {DISPOSAL_METHODS.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </Field>
      <Field label="处置原因">
        <input className={input} value={v.reason} onChange={set('reason')} />
      </Field>
      <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">见证人确认</legend>
        <p className="text-xs text-slate-500">
          请另一位有样品处理权限的员工在场，输入其本人的手机号和登录密码。
        </p>
        <Field label="见证人手机号">
          <input
            className={input}
            inputMode="numeric"
            autoComplete="off"
            value={v.witness_phone}
            onChange={set('witness_phone')}
          />
        </Field>
        <Field label="见证人密码">
          <input
            className={input}
            type="password"
            autoComplete="off"
            value={v.password}
            onChange={set('password')}
          />
        </Field>
      </fieldset>
      <Field label="备注">
        <input className={input} value={v.note} onChange={set('note')} />
      </Field>
    </FormModal>
  );
}

function ReturnDialog({
  row,
  onClose,
  onDone,
}: {
  row: DisposalRow;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [v, setV] = useState({ courier: '', number: '', note: '' });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <FormModal
      open
      title={`寄回样品 ${row.sample_no}`}
      submitText="确认已寄回"
      onClose={onClose}
      onSubmit={() =>
        staffAction(samplesAdminApi.event, { rid: row.rid, kind: 'returned', ...v }, '已记录寄回', onDone)
      }
    >
      <p className="text-sm text-slate-600">
        {row.name} · 客户 {row.customer.name || row.customer.phone}
      </p>
      <Field label="快递公司">
        <input className={input} value={v.courier} onChange={set('courier')} />
      </Field>
      <Field label="快递单号">
        <input className={input} value={v.number} onChange={set('number')} />
      </Field>
      <Field label="备注">
        <input className={input} value={v.note} onChange={set('note')} />
      </Field>
    </FormModal>
  );
}

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
            hint="客户选择“检测后留样”的样品，自检测完成起保留的天数；修改只影响此后完成检测的样品。"
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

export default function Disposals({ me }: { me: Me }) {
  const [view, setView] = useState<DisposalView>('due');
  const [dueTo, setDueTo] = useState('');
  const filter = Object.fromEntries(Object.entries({ view, due_to: dueTo }).filter(([, x]) => x));
  const list = useList(disposalAdminApi.list, filter, 20);
  const process = me.permissions.includes('orders.process');
  const [disposing, setDisposing] = useState<DisposalRow | null>(null);
  const [returning, setReturning] = useState<DisposalRow | null>(null);
  const today = shanghaiDate(Date.now());

  const columns: Column<DisposalRow>[] = [
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
            {(r.status === 'disposal_pending' || (view === 'upcoming' && r.disposable_from)) && (
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
      <DataTable<DisposalRow>
        label="样品处置"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty={view === 'due' ? '没有待处置的样品' : '没有样品'}
        columns={columns}
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
