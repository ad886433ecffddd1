import { useState, type FormEvent, type ReactNode } from 'react';
import { consoleApi, type Me, staffAction } from '../session.ts';
import { confirmStep } from '../confirm.tsx';
import { button, Field, filterInput, input, PageHeader, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { pointsAdminApi } from '../../lib/shared/points/api.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Found = OutputOf<typeof ordersAdminApi.findUser>;
type Summary = OutputOf<typeof pointsAdminApi.customer>;
type Entry = RowOf<typeof pointsAdminApi.customerHistory>;
const pts = (n: number) => n.toLocaleString('zh-CN');

/** 客户积分: find a customer by phone; their points, what expires next, the history, an adjustment. */
export default function Customer({ me }: { me: Me }) {
  const [phone, setPhone] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);

  async function load(u: Found) {
    setSummary((await consoleApi.call(pointsAdminApi.customer, { user_rid: u.rid })) ?? null);
  }
  async function find(e: FormEvent) {
    e.preventDefault();
    const u = await consoleApi.call(ordersAdminApi.findUser, { phone: phone.trim() });
    setFound(u ?? null);
    setSummary(null);
    if (u) await load(u);
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title="客户积分"
        lead="按手机号查找客户的积分、到期情况与明细；人工调整需填写原因，客户可见。"
      />
      <form onSubmit={(e) => void find(e)} className="flex flex-wrap gap-2">
        <input
          className={filterInput}
          aria-label="客户手机号"
          placeholder="客户手机号"
          inputMode="numeric"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <button type="submit" className={button.primary}>
          查找
        </button>
      </form>
      {found && (
        <>
          <section
            aria-label="积分概况"
            className="grid gap-3 rounded-lg bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
          >
            <Fact label="客户">
              <strong>{found.name || '—'}</strong>
              <span className="block text-xs text-slate-500">
                {found.phone} {found.company}
              </span>
            </Fact>
            <Fact label="可用积分">
              <strong className="text-lg tabular-nums" data-testid="staff-points-balance">
                {summary ? pts(summary.balance) : '—'}
              </strong>
            </Fact>
            <Fact label="最近到期">
              {summary?.next_expire_at
                ? `${pts(summary.next_expire_points)}（${shanghaiDate(new Date(summary.next_expire_at))}）`
                : '无'}
            </Fact>
            <Fact label="订单累计获得">{summary ? pts(summary.earned_total) : '—'}</Fact>
          </section>
          {me.permissions.includes('points.adjust') && (
            <AdjustForm key={found.rid} userRid={found.rid} onDone={() => void load(found)} />
          )}
          <History key={`h-${found.rid}-${summary?.balance ?? ''}`} userRid={found.rid} />
        </>
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="text-xs text-slate-500">{label}</p>
      <div className="mt-0.5 text-sm">{children}</div>
    </div>
  );
}

function AdjustForm({ userRid, onDone }: { userRid: string; onDone: () => void }) {
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID?.() ?? String(Math.random()));
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const n = Number(points.trim());
    // Malformed input goes straight to the server, whose message the form shows.
    if (!/^-?\d+$/.test(points.trim()) || n === 0 || !reason.trim()) return void send().then(setError);
    confirmStep({
      title: n > 0 ? '确认增加积分' : '确认扣减积分',
      message: (
        <>
          <p>
            为该客户{n > 0 ? '增加' : '扣减'} <strong>{Math.abs(n).toLocaleString('zh-CN')} 积分</strong>
            ，原因「{reason.trim()}」将显示在客户的积分明细中。
          </p>
          <p className="text-slate-500">调整即时生效、不能撤回；按兑换价值达到复核金额的改为提交复核。</p>
        </>
      ),
      confirmText: n > 0 ? '确认增加' : '确认扣减',
      danger: n < 0,
      run: send,
    });
  }
  async function send(): Promise<string> {
    const message = await staffAction<{ pending: boolean }>(
      pointsAdminApi.adjust,
      { user_rid: userRid, points: points.trim(), reason, idempotency_key: key },
      (r) => (r.pending ? '积分价值较大，已提交复核：另一位同事在「积分复核」中批准后生效' : '已调整'),
      () => {
        setPoints('');
        setReason('');
        setKey(crypto.randomUUID?.() ?? String(Math.random()));
        onDone();
      },
    );
    return message ?? '';
  }
  return (
    <form
      onSubmit={submit}
      aria-label="调整积分"
      className="grid gap-3 rounded-lg bg-white p-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end"
    >
      <Field label="调整积分（负数为扣减）">
        <input
          className={input}
          name="points"
          placeholder="如 500 或 -200"
          value={points}
          onChange={(e) => setPoints(e.target.value)}
        />
      </Field>
      <Field label="调整原因（客户可见）">
        <input
          className={input}
          name="reason"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <button type="submit" className={button.primary}>
        确认调整
      </button>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600 sm:col-span-3">
          {error}
        </p>
      )}
    </form>
  );
}

/** A customer's points entries; the CSV adds the order, the exchange and the other party. */
const ENTRY_COLUMNS: Column<Entry>[] = [
  {
    id: 'at',
    header: '时间',
    cell: (r) => when(r.at),
    className: 'whitespace-nowrap text-slate-500',
    csv: (r) => when(r.at),
  },
  { id: 'kind', header: '类型', cell: (r) => r.kind_text, csv: (r) => r.kind_text },
  {
    id: 'note',
    header: '说明',
    className: 'min-w-48',
    cell: (r) => (
      <>
        {r.note || '—'}
        {r.exchange && <span className="block text-xs text-slate-500">{r.exchange.status_text}</span>}
      </>
    ),
    csv: (r) => r.note,
  },
  csvOnly('订单号', (r) => r.order_no ?? ''),
  csvOnly('兑换状态', (r) => r.exchange?.status_text ?? ''),
  csvOnly('转赠对方', (r) => r.counterpart),
  {
    id: 'points',
    header: '积分',
    cell: (r) => (
      <strong className={`tabular-nums ${r.points > 0 ? 'text-accent-700' : ''}`}>
        {r.points > 0 ? '+' : ''}
        {pts(r.points)}
      </strong>
    ),
    csv: (r) => r.points,
  },
  { id: 'after', header: '余额', cell: (r) => pts(r.balance_after), csv: (r) => r.balance_after },
  {
    id: 'expires',
    header: '有效期至',
    cell: (r) => (r.expires_at && r.points > 0 ? shanghaiDate(new Date(r.expires_at)) : '—'),
    csv: (r) => (r.expires_at && r.points > 0 ? shanghaiDate(new Date(r.expires_at)) : ''),
  },
];

function History({ userRid }: { userRid: string }) {
  const filter = { user_rid: userRid };
  const list = useList(pointsAdminApi.customerHistory, filter);
  return (
    <section aria-label="积分明细" className="grid grid-cols-1">
      <h2 className="mb-2 text-sm font-semibold text-slate-700">积分明细</h2>
      <div className="mb-3 flex flex-wrap justify-end gap-2">
        <ExportCsv<Entry>
          list={pointsAdminApi.customerHistory}
          filter={filter}
          name={`积分明细-${userRid}`}
          columns={ENTRY_COLUMNS}
        />
      </div>
      <DataTable<Entry>
        label="积分明细"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="暂无积分记录"
        columns={ENTRY_COLUMNS}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
    </section>
  );
}
