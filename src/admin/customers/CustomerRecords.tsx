import { useState } from 'react';
import { Link } from 'wouter';
import type { Me } from '../session.ts';
import { GroupModal, type GroupRow } from '../groups/Groups.tsx';
import { Badge, button, StatusTabs, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import type { OrderSummary } from '../../lib/shared/orders/order.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';
import { groupsAdminApi } from '../../lib/shared/groups/api.ts';
import { invoicesAdminApi } from '../../lib/shared/invoices/api.ts';

type Movement = RowOf<typeof moneyAdminApi.customerMovements>;

/** A customer's orders: the table, and a CSV with the columns of 订单管理's. */
const ORDER_COLUMNS: Column<OrderSummary>[] = [
  {
    id: 'no',
    header: '订单号',
    cell: (o) => (
      <Link href={`/orders/${o.rid}`} className="text-brand-700 hover:underline">
        {o.order_no}
      </Link>
    ),
    csv: (o) => o.order_no,
  },
  { id: 'created', header: '下单时间', cell: (o) => when(o.created), csv: (o) => when(o.created) },
  {
    id: 'items',
    header: '检测项目',
    cell: (o) => o.item_names.join('、'),
    csv: (o) => o.item_names.join('、'),
  },
  csvOnly('状态', (o) => o.status_text),
  {
    id: 'amount',
    header: '金额',
    cell: (o) => formatFen(o.amount_fen),
    csv: [
      { header: '金额（元）', value: (o) => fenToYuan(o.amount_fen) },
      { header: '已付（元）', value: (o) => fenToYuan(o.paid_fen) },
    ],
  },
  { id: 'status', header: '状态', cell: (o) => <Badge tone="brand">{o.status_text}</Badge> },
  csvOnly('客户类型', (o) => (o.customer_kind === 'enterprise' ? '企业' : '高校/科研')),
];

/** A customer's money movements: the table shows the amounts, the CSV also the balances after. */
const MOVEMENT_COLUMNS: Column<Movement>[] = [
  { id: 'at', header: '时间', cell: (m) => when(m.at), csv: (m) => when(m.at) },
  { id: 'kind', header: '类型', cell: (m) => <Badge>{m.kind_text}</Badge>, csv: (m) => m.kind_text },
  { id: 'note', header: '说明', cell: (m) => m.note, csv: (m) => m.note },
  csvOnly('订单号', (m) => m.order_no ?? ''),
  {
    id: 'cash',
    header: '现金',
    cell: (m) => (m.cash_fen ? formatFen(m.cash_fen) : '—'),
    csv: [{ header: '现金（元）', value: (m) => fenToYuan(m.cash_fen) }],
  },
  {
    id: 'bonus',
    header: '赠送金',
    cell: (m) => (m.bonus_fen ? formatFen(m.bonus_fen) : '—'),
    csv: [{ header: '赠送金（元）', value: (m) => fenToYuan(m.bonus_fen) }],
  },
  {
    id: 'credit',
    header: '信用',
    cell: (m) => (m.credit_fen ? formatFen(m.credit_fen) : '—'),
    csv: [{ header: '信用（元）', value: (m) => fenToYuan(m.credit_fen) }],
  },
  csvOnly('现金余额（元）', (m) => (m.cash_after_fen === null ? '' : fenToYuan(m.cash_after_fen))),
  csvOnly('赠送金余额（元）', (m) => (m.bonus_after_fen === null ? '' : fenToYuan(m.bonus_after_fen))),
];

/** A customer's records in tabs: orders, money movements, research groups and invoices, each by permission. */
export function CustomerTabs({ userRid, me }: { userRid: string; me: Me }) {
  const seesOrders = me.permissions.includes('orders.read');
  const [tab, setTab] = useState<'orders' | 'movements' | 'groups' | 'invoices'>(
    seesOrders ? 'orders' : 'movements',
  );
  const seesGroups = me.permissions.includes('groups.read');
  const seesInvoices = me.permissions.includes('invoices.read');
  const filter = { user_rid: userRid };
  const orders = useList(ordersAdminApi.list, filter, 10);
  const movements = useList(moneyAdminApi.customerMovements, filter, 10);
  return (
    <section>
      <StatusTabs
        label="客户记录"
        tabs={[
          ...(seesOrders ? [{ value: 'orders' as const, label: `订单（${orders.data?.total ?? 0}）` }] : []),
          { value: 'movements', label: '资金明细' },
          ...(seesGroups ? [{ value: 'groups' as const, label: '课题组' }] : []),
          ...(seesInvoices ? [{ value: 'invoices' as const, label: '发票' }] : []),
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'invoices' ? (
        <CustomerInvoices userRid={userRid} />
      ) : tab === 'groups' ? (
        <CustomerGroups userRid={userRid} me={me} />
      ) : tab === 'orders' ? (
        <>
          <div className="mb-3 flex flex-wrap justify-end gap-2">
            <ExportCsv<OrderSummary>
              list={ordersAdminApi.list}
              filter={filter}
              name={`客户订单-${userRid}`}
              columns={ORDER_COLUMNS}
            />
          </div>
          <DataTable<OrderSummary>
            label="客户订单"
            rows={orders.data?.list ?? null}
            rowKey={(o) => o.rid}
            empty="该客户还没有订单"
            columns={ORDER_COLUMNS}
          />
          <Pager page={orders.page} pages={orders.pages} onPage={orders.setPage} />
        </>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap justify-end gap-2">
            <ExportCsv<Movement>
              list={moneyAdminApi.customerMovements}
              filter={filter}
              name={`客户资金明细-${userRid}`}
              columns={MOVEMENT_COLUMNS}
            />
          </div>
          <DataTable<Movement>
            label="客户资金明细"
            rows={movements.data?.list ?? null}
            rowKey={(m) => m.rid}
            empty="暂无资金变动"
            columns={MOVEMENT_COLUMNS}
          />
          <Pager page={movements.page} pages={movements.pages} onPage={movements.setPage} />
        </>
      )}
    </section>
  );
}

/** The research groups the customer is an active member of. */
function CustomerGroups({ userRid, me }: { userRid: string; me: Me }) {
  const groups = useList(groupsAdminApi.list, { member_rid: userRid }, 10);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <DataTable<GroupRow>
        label="客户所在课题组"
        rows={groups.data?.list ?? null}
        rowKey={(g) => g.rid}
        empty="该客户没有加入课题组"
        columns={[
          { id: 'name', header: '课题组', cell: (g) => g.name },
          { id: 'institution', header: '所属单位', cell: (g) => g.institution },
          { id: 'leader', header: '组长', cell: (g) => `${g.leader.name || '—'} ${g.leader.phone}` },
          { id: 'balance', header: '余额', cell: (g) => formatFen(g.balance_fen) },
          {
            id: 'actions',
            header: '操作',
            cell: (g) => (
              <button type="button" className={button.ghost} onClick={() => setOpen(g.rid)}>
                查看
              </button>
            ),
          },
        ]}
      />
      <Pager page={groups.page} pages={groups.pages} onPage={groups.setPage} />
      {open && <GroupModal rid={open} me={me} onClose={() => setOpen(null)} />}
    </>
  );
}

type Invoice = RowOf<typeof invoicesAdminApi.list>;

/** The customer's invoice applications (finance's list, this customer's only). */
function CustomerInvoices({ userRid }: { userRid: string }) {
  const invoices = useList(invoicesAdminApi.list, { user_rid: userRid }, 10);
  return (
    <>
      <DataTable<Invoice>
        label="客户发票"
        rows={invoices.data?.list ?? null}
        rowKey={(i) => i.rid}
        empty="该客户还没有开票申请"
        columns={[
          { id: 'created', header: '申请时间', cell: (i) => when(i.created) },
          { id: 'type', header: '类型', cell: (i) => i.type_text },
          { id: 'title', header: '抬头', cell: (i) => i.title.name },
          { id: 'amount', header: '金额', cell: (i) => formatFen(i.amount_fen) },
          { id: 'status', header: '状态', cell: (i) => <Badge>{i.status_text}</Badge> },
          { id: 'no', header: '发票号', cell: (i) => i.invoice_no ?? '—' },
        ]}
      />
      <Pager page={invoices.page} pages={invoices.pages} onPage={invoices.setPage} />
    </>
  );
}
