import type { ReactNode } from 'react';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { pts, type PointsOverview } from './types.ts';

/**
 * 我的积分: the balance, what expires next and when, and beside it what goes within 30 days and
 * what may still be given today. Styled like the asset card of /member/prestore.
 */
export default function PointsCard({
  overview,
  actions,
}: {
  overview: PointsOverview | null;
  actions?: ReactNode;
}) {
  const show = (n: number | undefined) => (n === undefined ? '—' : pts(n));
  const figures = [
    { label: '30 天内到期', value: overview?.expiring_30d, testId: 'points-expiring' },
    { label: '今日还可转赠', value: overview?.transfer_left_today, testId: 'points-transfer-left' },
    { label: '有效期（天）', value: overview?.valid_days, testId: 'points-valid-days' },
  ];
  return (
    <section
      aria-labelledby="points-title"
      className="card overflow-hidden bg-gradient-to-br from-brand-700 to-brand-600 text-white"
    >
      <div className="flex flex-wrap items-start gap-4 p-4 md:p-6">
        <div className="min-w-0 flex-1">
          <h2 id="points-title" className="text-sm text-brand-100">
            可用积分
          </h2>
          <p className="mt-1 text-3xl font-bold tabular-nums md:text-4xl" data-testid="points-balance">
            {show(overview?.balance)}
          </p>
          <p className="mt-1 text-xs text-brand-100" data-testid="points-next-expire">
            {!overview
              ? '\u00a0'
              : overview.next_expire_at
                ? `最近到期：${pts(overview.next_expire_points)} 积分将于 ${shanghaiDate(new Date(overview.next_expire_at))} 到期`
                : '暂无即将到期的积分'}
          </p>
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
    </section>
  );
}
