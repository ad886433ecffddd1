import { useEffect, useState } from 'react';
import { PLAN_NOTICE_KEY } from './Repeat.tsx';

/**
 * Where the plan's lines and delivery came from (再来一单, a template), what was left out, and a
 * reminder that prices are today's (decision 0089).
 */
export function DraftNotice({ source, changed }: { source: string; changed: boolean }) {
  const [notice, setNotice] = useState('');
  useEffect(() => {
    setNotice(sessionStorage.getItem(PLAN_NOTICE_KEY) ?? '');
    sessionStorage.removeItem(PLAN_NOTICE_KEY);
  }, []);
  return (
    <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-sm leading-relaxed text-brand-800">
      已按{source}填入项目、样品、送样方式和备注，价格按今日价格计算
      {changed ? '（标出的项目价格已变动）' : ''}，请核对后提交。
      {notice && <span className="mt-1 block text-amber-800">{notice}</span>}
    </p>
  );
}
