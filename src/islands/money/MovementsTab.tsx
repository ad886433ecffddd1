import { useState } from 'react';
import Movements from './Movements.tsx';
import { inputClass } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { MOVEMENT_TEXT } from '../../lib/shared/money/money.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';

const SIZE = 10;

/** 资金明细 with its filters: the kind of movement and a date range (Shanghai dates). */
export default function MovementsTab() {
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const reversed = Boolean(from && to && from > to);
  const filter = Object.fromEntries(
    Object.entries({ kind, date_from: from, date_to: reversed ? '' : to }).filter(([, v]) => v),
  );
  const list = usePagedList(moneyApi.movements, { size: SIZE, filter });
  return (
    <Movements page={list.data} size={SIZE} current={list.page} onPage={list.setPage}>
      <div className="mb-3 grid gap-2 sm:flex sm:flex-wrap sm:items-end">
        <label className="grid gap-1 text-xs text-slate-500">
          类型
          <select
            className={`${inputClass} sm:w-36`}
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            name="kind"
          >
            <option value="">全部</option>
            {Object.entries(MOVEMENT_TEXT)
              .filter(([k]) => k !== 'migrated')
              .map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-2">
          <label className="grid gap-1 text-xs text-slate-500">
            开始日期
            <input
              type="date"
              className={inputClass}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              name="date_from"
            />
          </label>
          <label className="grid gap-1 text-xs text-slate-500">
            结束日期
            <input
              type="date"
              className={inputClass}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              name="date_to"
            />
          </label>
        </div>
        {reversed && (
          <p role="alert" className="text-xs text-red-600 sm:pb-2.5">
            开始日期不能晚于结束日期
          </p>
        )}
      </div>
    </Movements>
  );
}
