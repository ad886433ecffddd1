import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { consoleApi, type Me } from '../session.ts';
import { PageHeader } from '../ui.tsx';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../lib/shared/orders/order-status.ts';
import type { DashboardSchema } from '../../lib/shared/orders/responses.ts';

type Figures = z.output<typeof DashboardSchema>;

/** 工作台: what waits for whom — orders per status, today's receipts and deliveries, money to approve. */
export default function Dashboard({ me }: { me: Me }) {
  const [f, setF] = useState<Figures | null>(null);
  useEffect(() => {
    void consoleApi.post<Figures>('/api/admin/dashboard', {}).then((d) => d && setF(d));
  }, []);
  const money = me.permissions.includes('money.read');
  const orders = me.permissions.includes('orders.read');
  return (
    <div>
      <PageHeader title="工作台" lead={`${me.name || me.phone}，您好。以下是需要处理的事项。`} />
      {!f ? (
        <p className="text-sm text-slate-400">加载中…</p>
      ) : (
        <div className="grid gap-4">
          <section aria-label="今日" className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Card label="今日收样" value={f.today.received} />
            <Card label="今日出数据" value={f.today.delivered} />
            <Card
              label="超 48 小时未处理的样品回收"
              value={f.overdue.sample_returns}
              alert={f.overdue.sample_returns > 0}
            />
            <Card
              label="待报价订单"
              value={f.orders.quoting}
              href={orders ? '/orders?status=quoting' : undefined}
              alert={f.orders.quoting > 0}
            />
          </section>
          {money && (
            <section aria-label="待审批资金" className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Card
                label="待审核预存"
                value={f.money.prestore_reviewing}
                href="/money/prestore"
                alert={f.money.prestore_reviewing > 0}
              />
              <Card
                label="预存退款申请"
                value={f.money.prestore_refunds}
                href="/money/prestore?status=refund_requested"
                alert={f.money.prestore_refunds > 0}
              />
              <Card
                label="待审核转账"
                value={f.money.transfers_reviewing}
                href="/money/transfers"
                alert={f.money.transfers_reviewing > 0}
              />
              <Card
                label="待审核信用申请"
                value={f.money.credit_reviewing}
                href="/money/credit"
                alert={f.money.credit_reviewing > 0}
              />
            </section>
          )}
          {orders && (
            <section aria-labelledby="per-status" className="rounded-lg bg-white p-4">
              <h2 id="per-status" className="mb-3 text-sm font-semibold text-slate-700">
                订单状态分布
              </h2>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                {(Object.keys(ORDER_STATUS_TEXT) as OrderStatus[]).map((st) => (
                  <Link
                    key={st}
                    href={`/orders?status=${st}`}
                    className="rounded-md border border-slate-200 px-3 py-2 hover:border-brand-300"
                  >
                    <span className="block text-xs text-slate-500">{ORDER_STATUS_TEXT[st]}</span>
                    <span className="text-lg font-semibold tabular-nums" data-status-count={st}>
                      {f.orders[st] ?? 0}
                    </span>
                  </Link>
                ))}
              </div>
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function Card({
  label,
  value,
  href,
  alert,
}: {
  label: string;
  value: number;
  href?: string;
  alert?: boolean;
}) {
  const body = (
    <>
      <span className="block text-xs text-slate-500">{label}</span>
      <span
        className={`mt-1 block text-2xl font-bold tabular-nums ${alert ? 'text-hot-600' : 'text-slate-900'}`}
      >
        {value}
      </span>
    </>
  );
  return href ? (
    <Link href={href} className="rounded-lg bg-white p-4 hover:ring-2 hover:ring-brand-100">
      {body}
    </Link>
  ) : (
    <div className="rounded-lg bg-white p-4">{body}</div>
  );
}
