import { useEffect, useState } from 'react';
import { memberOnly } from '../ui/member-gate.tsx';
import PointsCard from './PointsCard.tsx';
import Catalogue from './Catalogue.tsx';
import History from './History.tsx';
import TransferDialog from './TransferDialog.tsx';
import { usePoints } from './use-points.ts';
import { pts, type PointsOverview } from './types.ts';

const TABS = [
  { key: 'exchange', label: '积分兑换' },
  { key: 'history', label: '积分明细' },
  { key: 'rules', label: '积分规则' },
] as const;
type Tab = (typeof TABS)[number]['key'];

const tabOf = (hash: string): Tab => TABS.find((t) => `#${t.key}` === hash)?.key ?? 'exchange';

/**
 * /member/integral: the balance and what expires next, the exchange catalogue, the history and
 * the rules, one tab each (kept in the address, #history…), and the transfer dialog.
 */
function Integral() {
  const overview = usePoints();
  const [tab, setTab] = useState<Tab>('exchange');
  const [transferring, setTransferring] = useState(false);
  // Bumped after an exchange or a transfer, so the history shows it.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const sync = () => setTab(tabOf(window.location.hash));
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, []);
  const choose = (t: Tab) => {
    setTab(t);
    history.replaceState(null, '', `#${t}`);
  };
  const changed = () => setVersion((v) => v + 1);

  return (
    <div className="grid grid-cols-1 gap-4">
      <PointsCard
        overview={overview}
        actions={
          <>
            <button
              type="button"
              className="btn bg-white text-brand-700 hover:bg-brand-50"
              onClick={() => choose('exchange')}
            >
              兑换
            </button>
            <button
              type="button"
              className="btn border border-white/40 text-white hover:bg-white/10"
              onClick={() => setTransferring(true)}
            >
              转赠
            </button>
          </>
        }
      />
      <div className="card p-3 md:p-5">
        <div
          role="tablist"
          aria-label="积分功能"
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
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'exchange' && <Catalogue balance={overview?.balance ?? null} onDone={changed} />}
          {tab === 'history' && <History version={version} />}
          {tab === 'rules' && <Rules overview={overview} />}
        </div>
      </div>
      <TransferDialog
        open={transferring}
        onClose={() => setTransferring(false)}
        overview={overview}
        onDone={changed}
      />
    </div>
  );
}

function Rules({ overview }: { overview: PointsOverview | null }) {
  const years = overview ? overview.valid_days / 365 : 2;
  const validity = Number.isInteger(years) ? `${years} 年` : `${overview?.valid_days} 天`;
  const rules = [
    '订单状态变为「已完成」后，按实际支付金额每 1 元获得 1 积分（不足 1 元的部分不计）。',
    '以现金余额、信用额度或在线支付的金额计入；赠送金与优惠券抵扣的金额不计积分。',
    `每笔积分自获得之日起 ${validity} 内有效，到期自动作废；使用时先到期的积分先使用。`,
    '积分可兑换测试费（以赠送金即时到账）或礼品卡（工作人员审核后发放，未通过则积分退回）。',
    `积分可转赠给其他注册用户，每日最多转赠 ${pts(overview?.transfer_daily_limit ?? 5000)} 积分；对方收到的积分保留原有效期。`,
    '已获得积分的订单如发生退款，按退款金额扣回相应积分。',
  ];
  return (
    <ol className="grid max-w-3xl list-decimal gap-2 pl-5 text-sm leading-relaxed text-slate-600 marker:text-slate-400">
      {rules.map((r) => (
        <li key={r}>{r}</li>
      ))}
      {overview && (
        <li>
          您的账户号 <span className="font-mono select-all text-slate-900">{overview.account_rid}</span>
          ，他人可通过此账户号或您的注册手机号向您转赠积分。
        </li>
      )}
    </ol>
  );
}

export default memberOnly(Integral);
