import { useEffect, useId, useState } from 'react';
import { Row, Spinner, inputClass } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { DEMAND_MAX_ITEMS, type DemandTypeId } from '../../lib/shared/orders/demand.ts';
import type { ProjectListItem } from '../../lib/shared/catalogue/catalogue.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { catalogueApi } from '../../lib/shared/catalogue/api.ts';

export type Picked = Pick<ProjectListItem, 'rid' | 'name' | 'type_id' | 'price_fen' | 'unit'>;

/** Optional catalogue items of the chosen type, found by keyword. */
export default function ItemPicker({
  typeId,
  picked,
  onChange,
}: {
  typeId: DemandTypeId;
  picked: Picked[];
  onChange: (list: Picked[]) => void;
}) {
  const id = useId();
  const [kw, setKw] = useState('');
  const [results, setResults] = useState<ProjectListItem[] | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    setResults(null);
  }, [typeId]);

  async function search() {
    setSearching(true);
    const res = await api.call(catalogueApi.projects, {
      typeId,
      kw: kw.trim() || undefined,
      page: 1,
      size: 8,
    });
    setSearching(false);
    if (res) setResults(res.list);
  }

  const has = (rid: string) => picked.some((p) => p.rid === rid);
  return (
    <Row label="检测项目" htmlFor={id} hint={`选填，最多${DEMAND_MAX_ITEMS}项；不确定可只填写需求描述`}>
      {picked.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="已选项目">
          {picked.map((p) => (
            <li
              key={p.rid}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800"
            >
              {p.name}
              <button
                type="button"
                aria-label={`移除项目 ${p.name}`}
                className="flex size-5 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
                onClick={() => onChange(picked.filter((x) => x.rid !== p.rid))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          className={inputClass}
          placeholder="输入项目名称搜索，如 XRD、扫描电镜"
          value={kw}
          onChange={(e) => setKw(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button
          type="button"
          className="btn-ghost shrink-0"
          onClick={() => void search()}
          disabled={searching}
        >
          {searching && <Spinner />}搜索
        </button>
      </div>
      {results && (
        <ul className="mt-2 max-h-64 overflow-auto rounded-lg border border-slate-200" aria-label="搜索结果">
          {results.length === 0 && (
            <li className="px-3 py-4 text-center text-sm text-slate-400">没有找到相关项目</li>
          )}
          {results.map((r) => (
            <li
              key={r.rid}
              className="flex items-center gap-3 border-b border-slate-100 px-3 py-2 last:border-b-0"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-800">{r.name}</p>
                <p className="text-xs text-slate-400">
                  {fenToYuan(r.price_fen)} {r.unit}
                  {r.quote_only ? ' 起，需报价' : ''}
                </p>
              </div>
              <button
                type="button"
                className="btn-ghost shrink-0 px-3 py-1 text-xs"
                disabled={has(r.rid) || picked.length >= DEMAND_MAX_ITEMS}
                onClick={() => onChange([...picked, r])}
                aria-label={`添加项目 ${r.name}`}
              >
                {has(r.rid) ? '已添加' : '添加'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Row>
  );
}
