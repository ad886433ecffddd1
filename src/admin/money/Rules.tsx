import { useEffect, useState } from 'react';
import { consoleApi, notice } from '../session.ts';
import { button, Field, input, PageHeader, when } from '../ui.tsx';
import { priceYuan, yuanToFen } from '../../lib/shared/money.ts';
import { moneyAdminApi, moneyApi } from '../../lib/shared/money/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Rules = OutputOf<typeof moneyApi.prestoreRules>;
type Tier = { from: string; percent: string };

/**
 * 预存规则: the rule in force and any version set to start later; staff add a new version (the
 * old ones stay, each application keeps the one it was made under).
 */
export default function RulesPage() {
  const [rules, setRules] = useState<Rules | null>(null);
  const [min, setMin] = useState('');
  const [from, setFrom] = useState('');
  const [tiers, setTiers] = useState<Tier[]>([]);
  const load = async () => {
    // The customer call shows the same rules; staff sessions may read it too.
    const r = await consoleApi.call(moneyApi.prestoreRules, {});
    if (!r) return;
    setRules(r);
    setMin(priceYuan(r.current.min_fen));
    setTiers(r.current.tiers.map((t) => ({ from: priceYuan(t.from_fen), percent: String(t.bonus_percent) })));
  };
  useEffect(() => {
    void load();
  }, []);

  async function save() {
    const body = {
      min_fen: yuanToFen(min) ?? -1,
      effective_from: from || undefined,
      tiers: tiers.map((t) => ({ from_fen: yuanToFen(t.from) ?? -1, bonus_percent: Number(t.percent) })),
    };
    if (await consoleApi.call(moneyAdminApi.ruleSave, body)) {
      notice('ok', '已保存新版本');
      setFrom('');
      void load();
    }
  }

  return (
    <div className="max-w-2xl">
      <PageHeader title="预存规则" lead="起存金额与赠送档位；保存即新增一个版本，可指定生效日期。" />
      {rules && (
        <p className="mb-3 text-sm text-slate-600">
          当前版本自 {when(rules.current.effective_from)} 起生效
          {rules.upcoming.length > 0 &&
            `；另有 ${rules.upcoming.length} 个版本待生效（${rules.upcoming.map((u) => when(u.effective_from)).join('、')}）`}
          。
        </p>
      )}
      <div className="grid gap-3 rounded-lg bg-white p-4">
        <div className="grid grid-cols-2 gap-3">
          <Field label="起存金额（元）">
            <input className={input} name="min" value={min} onChange={(e) => setMin(e.target.value)} />
          </Field>
          <Field label="生效日期" hint="留空为立即生效">
            <input
              className={input}
              type="date"
              name="effective_from"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </Field>
        </div>
        <table className="text-sm" aria-label="赠送档位">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className="py-1 font-normal">单笔满（元）</th>
              <th className="py-1 font-normal">赠送比例（%）</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tiers.map((t, i) => (
              <tr key={i}>
                <td className="py-1 pr-2">
                  <input
                    className={input}
                    aria-label={`第 ${i + 1} 档金额`}
                    value={t.from}
                    onChange={(e) =>
                      setTiers(tiers.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)))
                    }
                  />
                </td>
                <td className="py-1 pr-2">
                  <input
                    className={input}
                    aria-label={`第 ${i + 1} 档比例`}
                    value={t.percent}
                    onChange={(e) =>
                      setTiers(tiers.map((x, j) => (j === i ? { ...x, percent: e.target.value } : x)))
                    }
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className={button.link}
                    onClick={() => setTiers(tiers.filter((_, j) => j !== i))}
                  >
                    删除
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex gap-2">
          <button
            type="button"
            className={button.ghost}
            onClick={() => setTiers([...tiers, { from: '', percent: '' }])}
          >
            添加档位
          </button>
          <button type="button" className={button.primary} onClick={() => void save()}>
            保存为新版本
          </button>
        </div>
      </div>
    </div>
  );
}
