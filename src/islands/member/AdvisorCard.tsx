import { useEffect, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { customersApi } from '../../lib/shared/customers/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Advisor = OutputOf<typeof customersApi.advisor>;

/** 专属顾问 (decision 0090): the customer's business manager, name and phone; nothing when none. */
export default function AdvisorCard({ compact = false }: { compact?: boolean }) {
  const [advisor, setAdvisor] = useState<Advisor>(null);
  useEffect(() => {
    void api.call(customersApi.advisor, {}, { silent: true }).then((a) => setAdvisor(a ?? null));
  }, []);
  if (!advisor) return null;
  return (
    <section aria-label="专属顾问" className={compact ? 'card p-4 text-sm' : 'card p-5'}>
      <h2 className="font-semibold text-slate-900">专属顾问</h2>
      <p className="mt-2 text-sm text-slate-700">
        <strong>{advisor.name}</strong>{' '}
        <a href={`tel:${advisor.phone}`} className="tabular-nums text-brand-700 hover:underline">
          {advisor.phone}
        </a>
      </p>
      {!compact && (
        <p className="mt-1 text-xs text-slate-500">检测方案、报价与进度，可直接联系您的专属顾问。</p>
      )}
    </section>
  );
}
