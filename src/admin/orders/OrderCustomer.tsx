// 客户 on the order page: who ordered, their organisation and PI, their 专属顾问, and (for staff who
// may see customers) their balance and credit, with a link to the customer's page (decision 0090).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { consoleApi, type Me } from '../session.ts';
import { Badge } from '../ui.tsx';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { ORGANIZATION_TEXT } from '../../lib/shared/customers/customers.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;
type Wallet = OutputOf<typeof moneyAdminApi.customerWallet>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-xs text-slate-500">{label}</p>
      <div className="mt-0.5 text-sm">{children}</div>
    </div>
  );
}

export function CustomerSection({ order, me }: { order: Detail; me: Me }) {
  const c = order.customer;
  const seesCustomers = me.permissions.includes('customers.read');
  const [wallet, setWallet] = useState<Wallet | null>(null);
  useEffect(() => {
    if (seesCustomers)
      void consoleApi
        .call(moneyAdminApi.customerWallet, { user_rid: c.rid }, { silent: true })
        .then((w) => setWallet(w ?? null));
  }, [c.rid, seesCustomers]);
  return (
    <section className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 md:grid-cols-5" aria-label="客户">
      <Fact label="客户">
        {seesCustomers ? (
          <Link href={`/customers/${c.rid}`} className="text-brand-700 hover:underline">
            {c.name || '—'}
          </Link>
        ) : (
          c.name || '—'
        )}
      </Fact>
      <Fact label="手机号">
        <span className="tabular-nums">{c.phone}</span>
      </Fact>
      <Fact label="单位">{c.company || '—'}</Fact>
      <Fact label="用户类型">
        {c.organization === null ? '—' : ORGANIZATION_TEXT[c.organization]}
        {` · ${order.customer_kind === 'enterprise' ? '企业客户' : '高校/科研客户'}`}
      </Fact>
      <Fact label="导师/负责人">{c.pi || '—'}</Fact>
      <Fact label="专属顾问">
        {order.advisor ? (
          <>
            {order.advisor.name} <span className="tabular-nums text-slate-500">{order.advisor.phone}</span>
          </>
        ) : (
          '未分配'
        )}
      </Fact>
      {wallet && (
        <>
          <Fact label="余额（现金 / 赠送金）">{`${formatFen(wallet.cash_fen)} / ${formatFen(wallet.bonus_fen)}`}</Fact>
          <Fact label="信用额度（已用）">
            {`${formatFen(wallet.credit_limit_fen)}（${formatFen(wallet.credit_used_fen)}）`}
          </Fact>
          <Fact label="逾期">
            {wallet.overdue_fen > 0 ? <Badge tone="red">{formatFen(wallet.overdue_fen)}</Badge> : '无'}
          </Fact>
        </>
      )}
    </section>
  );
}
