// 客户 and 我的客户 (decision 0090): every customer, found by name, phone, organisation or PI, filtered
// by user type, registration dates and advisor, sorted on the server, exported as shown.
import { useState } from 'react';
import { Link } from 'wouter';
import type { Me } from '../session.ts';
import { DateRangeFilter, NO_DATE_RANGE, type DateRange } from '../date-range.tsx';
import { Badge, button, filterInput, PageHeader, when } from '../ui.tsx';
import { useList, useServerSort } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { customersAdminApi } from '../../lib/shared/customers/api.ts';
import {
  CUSTOMER_KIND_TEXT,
  CUSTOMER_KINDS,
  ORGANIZATION_TEXT,
  type CustomerKind,
  type CustomerRow,
  type CustomerSort,
} from '../../lib/shared/customers/customers.ts';
import { RotationSwitch } from './RotationSwitch.tsx';

const typeText = (o: number | null) => (o === null ? '未完善资料' : (ORGANIZATION_TEXT[o] ?? ''));

/** The columns, key ones first (a phone's card shows them on top); each sorts on the server. */
const COLUMNS: Column<CustomerRow>[] = [
  {
    id: 'name',
    header: '客户',
    cell: (c) => (
      <Link href={`/customers/${c.rid}`} className="font-medium text-brand-700 hover:underline">
        {c.name || '（未填姓名）'}
        {c.closed && <Badge tone="slate">已注销</Badge>}
      </Link>
    ),
    csv: (c) => c.name,
  },
  {
    id: 'phone',
    header: '手机号',
    cell: (c) => <span className="tabular-nums">{c.phone}</span>,
    csv: (c) => c.phone,
  },
  { id: 'company', header: '单位', cell: (c) => c.company || '—', csv: (c) => c.company },
  { id: 'pi', header: '导师/负责人', cell: (c) => c.pi || '—', csv: (c) => c.pi },
  {
    id: 'organization',
    header: '用户类型',
    cell: (c) => typeText(c.organization),
    csv: (c) => typeText(c.organization),
  },
  {
    id: 'advisor',
    header: '专属顾问',
    cell: (c) =>
      c.advisor ? c.advisor.name || c.advisor.phone : <span className="text-slate-400">未分配</span>,
    csv: (c) => c.advisor?.name ?? '',
  },
  csvOnly('顾问手机', (c) => c.advisor?.phone ?? ''),
  {
    id: 'created',
    header: '注册时间',
    cell: (c) => when(c.created),
    className: 'whitespace-nowrap text-slate-500',
    csv: (c) => when(c.created),
  },
];
const SORTABLE: readonly CustomerSort[] = [
  'name',
  'phone',
  'company',
  'pi',
  'organization',
  'advisor',
  'created',
];

/** The list; `mine` is 我的客户 (the advisor's own customers). */
export function CustomerList({ me, mine }: { me: Me; mine: boolean }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<CustomerKind | ''>('');
  const [advisor, setAdvisor] = useState<'' | 'none'>('');
  const [dates, setDates] = useState<DateRange>(NO_DATE_RANGE);
  const order = useServerSort(SORTABLE, { sort: 'created', dir: 'desc' });
  const filter = Object.fromEntries(
    Object.entries({
      q,
      kind,
      advisor: mine ? 'me' : advisor,
      date_from: dates.from,
      date_to: dates.to,
      ...order.filter,
    }).filter(([, v]) => v !== ''),
  );
  const list = useList(customersAdminApi.list, filter);
  const title = mine ? '我的客户' : '客户';
  return (
    <div>
      <PageHeader
        title={title}
        lead={
          mine
            ? '您担任专属顾问的客户。'
            : '全部客户：按姓名、手机号、单位或负责人查找，查看订单、资金、课题组、发票与专属顾问。'
        }
        actions={
          <ExportCsv<CustomerRow>
            list={customersAdminApi.list}
            filter={filter}
            name={title}
            columns={COLUMNS}
          />
        }
      />
      {!mine && me.permissions.includes('staff.manage') && <RotationSwitch />}
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <input
          type="search"
          className={`${filterInput} sm:w-72`}
          placeholder="姓名、手机号、单位或导师/负责人"
          aria-label="搜索客户"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <select
          className={filterInput}
          aria-label="用户类型"
          value={kind}
          onChange={(e) => setKind(e.target.value as CustomerKind | '')}
        >
          <option value="">全部类型</option>
          {CUSTOMER_KINDS.map((k) => (
            <option key={k} value={k}>
              {CUSTOMER_KIND_TEXT[k]}
            </option>
          ))}
        </select>
        {!mine && (
          <select
            className={filterInput}
            aria-label="专属顾问"
            value={advisor}
            onChange={(e) => setAdvisor(e.target.value as '' | 'none')}
          >
            <option value="">全部顾问</option>
            <option value="none">未分配顾问</option>
          </select>
        )}
        <button type="submit" className={button.ghost}>
          搜索
        </button>
      </form>
      <DateRangeFilter label="注册日期" value={dates} onChange={setDates} />
      <DataTable<CustomerRow>
        label={title}
        rows={list.data?.list ?? null}
        rowKey={(c) => c.rid}
        empty={q ? `没有找到与“${q}”相关的客户` : '没有符合条件的客户'}
        columns={COLUMNS}
        serverSort={order.serverSort}
        cards
      />
      {list.data && list.data.total !== null && (
        <p className="mt-2 text-sm text-slate-500" aria-live="polite">
          共 {list.data.total} 位客户
        </p>
      )}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
    </div>
  );
}

export default function Customers({ me }: { me: Me }) {
  return <CustomerList me={me} mine={false} />;
}
