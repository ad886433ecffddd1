import { useCallback, useEffect, useState } from 'react';
import { memberOnly } from '../ui/member-gate.tsx';
import { Loading } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { isSiteOrHttps } from '../../lib/shared/links.ts';
import { promotionApi } from '../../lib/shared/promotion/api.ts';
import type { Campaign, Mine } from './types.ts';
import Apply from './Apply.tsx';
import Purse from './Purse.tsx';

function Campaigns() {
  const [list, setList] = useState<Campaign[]>([]);
  useEffect(() => {
    void api.call(promotionApi.campaigns, {}, { silent: true }).then((res) => res && setList(res.list));
  }, []);
  if (!list.length) return null;
  return (
    <section aria-label="推广活动" className="grid gap-3 md:grid-cols-2">
      {list.map((c) => {
        const body = (
          <>
            {c.image_url && (
              <img
                src={c.image_url}
                alt=""
                className="h-28 w-full rounded-t-xl object-cover"
                loading="lazy"
              />
            )}
            <div className="p-4">
              <p className="font-semibold text-slate-900">{c.title}</p>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{c.text}</p>
              <p className="mt-2 text-xs text-slate-400">
                活动时间 {shanghaiDate(new Date(c.starts_at))} 至 {shanghaiDate(new Date(c.ends_at))}
              </p>
            </div>
          </>
        );
        // A link saved before addresses were checked may still lead off-site: only safe ones are links.
        return c.link && isSiteOrHttps(c.link) ? (
          <a
            key={c.rid}
            href={c.link}
            className="card block overflow-hidden transition-shadow hover:shadow-lg"
            {...(/^https:/.test(c.link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {body}
          </a>
        ) : (
          <div key={c.rid} className="card overflow-hidden">
            {body}
          </div>
        );
      })}
    </section>
  );
}

/** /member/promotion: campaigns; applying to be a promoter; the rebate purse and withdrawals. */
function Promotion() {
  const [mine, setMine] = useState<Mine | null>(null);
  const load = useCallback(async () => {
    const res = await api.call(promotionApi.mine, {});
    if (res) setMine(res);
  }, []);
  useEffect(() => void load(), [load]);
  return (
    <div className="grid grid-cols-1 gap-4">
      <Campaigns />
      {!mine ? (
        <Loading />
      ) : mine.promoter_status === 'approved' ? (
        <Purse mine={mine} reload={() => void load()} />
      ) : (
        <Apply mine={mine} onDone={() => void load()} />
      )}
    </div>
  );
}

export default memberOnly(Promotion);
