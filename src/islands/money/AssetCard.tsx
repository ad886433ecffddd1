import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { fenToYuan } from '../../lib/shared/money.ts';
import { $assetMasked as $masked } from '../../lib/client/stores.ts';
import type { Asset } from './use-asset.ts';

const MASK = '****';

/**
 * 我的资产: the balance (cash + 赠送金) and, beside it, cash, bonus and the credit still
 * available; an eye button hides every figure. On /member/center and /member/prestore.
 */
export default function AssetCard({ asset, actions }: { asset: Asset | null; actions?: ReactNode }) {
  const masked = useStore($masked, { ssr: () => false });
  const show = (fen: number | undefined) => (masked ? MASK : fen === undefined ? '—' : fenToYuan(fen));
  const figures = [
    { label: '现金余额', value: asset?.cash_fen, testId: 'asset-cash' },
    { label: '赠送金', value: asset?.bonus_fen, testId: 'asset-bonus' },
    { label: '可用信用额度', value: asset?.credit_available_fen, testId: 'asset-credit' },
  ];
  return (
    <section
      aria-labelledby="asset-title"
      className="card overflow-hidden bg-gradient-to-br from-brand-700 to-brand-600 text-white"
    >
      <div className="flex flex-wrap items-start gap-4 p-4 md:p-6">
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h2 id="asset-title" className="text-sm text-brand-100">
              账户余额（元）
            </h2>
            <button
              type="button"
              onClick={() => $masked.set(!masked)}
              aria-pressed={masked}
              aria-label={masked ? '显示金额' : '隐藏金额'}
              className="rounded p-1 text-brand-100 hover:bg-white/10 hover:text-white"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                {masked ? (
                  <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A10 10 0 0 1 12 5c5 0 9 4.5 10 7a13 13 0 0 1-3.2 4.2M6.1 6.1C3.9 7.5 2.6 9.6 2 12c1 2.5 5 7 10 7 1.6 0 3.1-.4 4.4-1.1" />
                ) : (
                  <path d="M2 12c1-2.5 5-7 10-7s9 4.5 10 7c-1 2.5-5 7-10 7S3 14.5 2 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
                )}
              </svg>
            </button>
          </div>
          <p className="mt-1 text-3xl font-bold tabular-nums md:text-4xl" data-testid="asset-balance">
            {show(asset?.balance_fen)}
          </p>
          {asset && (
            <p className="mt-1 text-xs text-brand-100">
              账户号 <span className="font-mono select-all">{asset.account_rid}</span>（可用于接收转账）
            </p>
          )}
        </div>
        {actions && <div className="flex w-full gap-2 sm:w-auto max-sm:[&>*]:flex-1">{actions}</div>}
      </div>
      <dl className="grid grid-cols-3 divide-x divide-white/15 border-t border-white/15 bg-black/5">
        {figures.map((f) => (
          <div key={f.label} className="px-3 py-3 text-center md:px-5">
            <dt className="text-xs text-brand-100">{f.label}</dt>
            <dd className="mt-0.5 text-base font-semibold tabular-nums md:text-lg" data-testid={f.testId}>
              {show(f.value)}
            </dd>
          </div>
        ))}
      </dl>
      {asset && asset.overdue_fen > 0 && (
        <p role="alert" className="bg-hot-500 px-4 py-2 text-sm text-white md:px-6">
          信用欠款已逾期 {asset.overdue_days} 天（{masked ? MASK : fenToYuan(asset.overdue_fen)}{' '}
          元），请尽快还款。
          <a href="/member/unpaid" className="ml-1 font-medium underline underline-offset-2">
            去还款
          </a>
        </p>
      )}
    </section>
  );
}
