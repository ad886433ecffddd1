import { useState } from 'react';
import type { Me } from '../session.ts';
import { ReviewQueue } from '../ReviewQueue.tsx';
import { Badge, Field, input, when } from '../ui.tsx';
import type { RowOf } from '../lists.ts';
import type { Column } from '../table.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { pointsAdminApi } from '../../lib/shared/points/api.ts';

type Row = RowOf<typeof pointsAdminApi.exchangeList>;
const TABS = [
  { value: 'pending', label: '待发放' },
  { value: 'fulfilled', label: '已发放' },
  { value: 'rejected', label: '已驳回' },
  { value: 'done', label: '已到账' },
  { value: '', label: '全部' },
];

const COLUMNS: Column<Row>[] = [
  {
    id: 'created',
    header: '时间',
    cell: (r) => when(r.created),
    csv: (r) => when(r.created),
    sort: (r) => r.created,
    date: (r) => r.created,
    className: 'whitespace-nowrap text-slate-500',
  },
  {
    id: 'customer',
    header: '客户',
    cell: (r) => (
      <>
        <span className="block">{r.customer.name || r.customer.phone}</span>
        <span className="text-xs text-slate-500">
          {r.customer.phone} {r.customer.company}
        </span>
      </>
    ),
    csv: (r) => `${r.customer.name} ${r.customer.phone}`,
  },
  {
    id: 'item',
    header: '商品',
    cell: (r) => (
      <>
        <span className="block">
          {r.name}
          {r.count > 1 && ` ×${r.count}`}
        </span>
        <span className="text-xs text-slate-500">
          {r.kind_text} · {formatFen(r.value_fen)}
        </span>
      </>
    ),
    csv: (r) => `${r.name} ×${r.count}`,
  },
  {
    id: 'points',
    header: '积分',
    cell: (r) => <strong className="tabular-nums">{r.points.toLocaleString('zh-CN')}</strong>,
    csv: [
      { header: '积分', value: (r) => r.points },
      { header: '面值（元）', value: (r) => fenToYuan(r.value_fen) },
    ],
    sort: (r) => r.points,
  },
  {
    id: 'note',
    header: '备注',
    className: 'min-w-40',
    cell: (r) => (
      <>
        <span className="block">{r.note || '—'}</span>
        {r.staff_note && <span className="block text-xs text-accent-700">发放：{r.staff_note}</span>}
        {r.reason && <span className="block text-xs text-red-600">驳回：{r.reason}</span>}
      </>
    ),
  },
  {
    id: 'status',
    header: '状态',
    cell: (r) => (
      <Badge tone={r.status === 'pending' ? 'brand' : r.status === 'rejected' ? 'slate' : 'accent'}>
        {r.status_text}
      </Badge>
    ),
    csv: (r) => r.status_text,
  },
  // In the CSV after the status, as before.
  { id: 'note-csv', header: '备注', csv: (r) => r.note },
];

const summary = (r: Row) => (
  <p className="text-sm">
    {r.customer.name || r.customer.phone} 以 <strong>{r.points.toLocaleString('zh-CN')}</strong> 积分兑换「
    {r.name}」{r.count > 1 && ` ×${r.count}`}。
  </p>
);

/**
 * 积分兑换: every exchange; gift cards wait here until staff send them (with a note the customer
 * sees) or reject them (the points go back). Test-fee exchanges are credited at once.
 */
export default function Exchanges({ me }: { me: Me }) {
  const [note, setNote] = useState('');
  return (
    <ReviewQueue<Row>
      me={me}
      title="积分兑换"
      lead="礼品卡兑换需人工发放；驳回后积分按原有效期退回客户。测试费兑换即时到账。"
      list={pointsAdminApi.exchangeList}
      label="积分兑换"
      statusLabel="兑换状态"
      tabs={TABS}
      initialStatus="pending"
      empty="没有这一状态的兑换"
      columns={COLUMNS}
      decider="points.manage"
      waiting={(r) => r.status === 'pending'}
      approve={{
        button: '发放',
        title: '确认发放',
        submitText: '确认发放',
        path: pointsAdminApi.exchangeFulfil,
        body: () => ({ note }),
        done: '已发放',
        onOpen: () => setNote(''),
        form: (r) => (
          <>
            {summary(r)}
            <Field label="发放说明（客户可见，选填）" hint="如：卡密已短信发送至注册手机">
              <input
                className={input}
                name="note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={200}
              />
            </Field>
          </>
        ),
      }}
      reject={{
        button: '驳回',
        title: '驳回兑换',
        submitText: '驳回并退回积分',
        path: pointsAdminApi.exchangeReject,
        done: '已驳回，积分已退回',
        reasonLabel: '驳回原因（客户可见）',
        form: summary,
      }}
    />
  );
}
