import { useEffect, useState } from 'react';
import { memberOnly } from '../ui/member-gate.tsx';
import { api } from '../../lib/client/api.ts';
import AssetCard from './AssetCard.tsx';
import PrestoreForm from './PrestoreForm.tsx';
import PrestoreRecords from './PrestoreRecords.tsx';
import MovementsTab from './MovementsTab.tsx';
import Transfers from './Transfers.tsx';
import CreditPanel from './CreditPanel.tsx';
import { useAsset } from './use-asset.ts';
import type { PrestoreContext } from './types.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

const TABS = [
  { key: 'apply', label: '预存充值' },
  { key: 'records', label: '预存记录' },
  { key: 'detail', label: '资金明细' },
  { key: 'transfer', label: '转账' },
  { key: 'credit', label: '信用额度' },
] as const;
type Tab = (typeof TABS)[number]['key'];

const tabOf = (hash: string): Tab => TABS.find((t) => `#${t.key}` === hash)?.key ?? 'apply';

/**
 * /member/prestore: the wallet (asset card), a top-up application with the bonus it earns, the
 * applications and their vouchers, the movements, transfers and the credit line — one tab each,
 * the tab kept in the address (#records…) so a link or a reload lands on it.
 */
function Prestore() {
  const { asset } = useAsset();
  const [tab, setTab] = useState<Tab>('apply');
  const [context, setContext] = useState<PrestoreContext | null>(null);
  const [counts, setCounts] = useState<OutputOf<typeof moneyApi.assetCounts> | null>(null);

  useEffect(() => {
    const sync = () => setTab(tabOf(window.location.hash));
    sync();
    window.addEventListener('hashchange', sync);
    void api.call(moneyApi.prestoreContext, {}).then((c) => c && setContext(c));
    void api.call(moneyApi.assetCounts, {}).then((c) => c && setCounts(c));
    return () => window.removeEventListener('hashchange', sync);
  }, []);

  const choose = (t: Tab) => {
    setTab(t);
    history.replaceState(null, '', `#${t}`);
  };
  const badge = (t: Tab) =>
    t === 'records' ? counts?.prestore_unpaid : t === 'transfer' ? counts?.transfer_reviewing : 0;

  return (
    // One column that may shrink below the tab strip's width (the strip scrolls instead).
    <div className="grid grid-cols-1 gap-4">
      <AssetCard
        asset={asset}
        actions={
          <>
            <button
              type="button"
              className="btn bg-white text-brand-700 hover:bg-brand-50"
              onClick={() => choose('apply')}
            >
              预存充值
            </button>
            <button
              type="button"
              className="btn border border-white/40 text-white hover:bg-white/10"
              onClick={() => choose('transfer')}
            >
              转账
            </button>
          </>
        }
      />
      <div className="card p-3 md:p-5">
        <div
          role="tablist"
          aria-label="资产功能"
          className="-mx-3 mb-4 flex gap-1 overflow-x-auto border-b border-slate-100 px-3 md:-mx-5 md:px-5"
        >
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`tab-${t.key}`}
              aria-selected={t.key === tab}
              aria-controls={`panel-${t.key}`}
              onClick={() => choose(t.key)}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap transition-colors ${
                t.key === tab
                  ? 'border-brand-600 font-semibold text-brand-700'
                  : 'border-transparent text-slate-500 hover:text-brand-700'
              }`}
            >
              {t.label}
              {Boolean(badge(t.key)) && (
                <span
                  aria-label={`${badge(t.key)} 个待处理`}
                  className="ml-1 inline-flex min-w-5 justify-center rounded-full bg-hot-500 px-1.5 text-xs leading-5 font-semibold text-white"
                >
                  {badge(t.key)}
                </span>
              )}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'apply' && <PrestoreForm context={context} onApplied={() => choose('records')} />}
          {tab === 'records' && <PrestoreRecords context={context} />}
          {tab === 'detail' && <MovementsTab />}
          {tab === 'transfer' && <Transfers asset={asset} reviewFen={context?.transfer_review_fen ?? null} />}
          {tab === 'credit' && <CreditPanel asset={asset} />}
        </div>
      </div>
    </div>
  );
}

export default memberOnly(Prestore);
