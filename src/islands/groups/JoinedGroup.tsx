// A research group I am in or applied to (Join): my role or the pending application, and once
// active, the group's balance, my limits, my payment requests and what I may do there.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { GroupHead, limitText, PAYMENT_TONE, type GroupPayment, type MyGroup } from './common.tsx';
import { formatFen } from '../../lib/shared/money.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';

/** My payment requests to one group. */
function MyPayments({ rid }: { rid: string }) {
  const [list, setList] = useState<GroupPayment[] | null>(null);
  const load = useCallback(async () => {
    const r = await api.call(groupsApi.payments, { rid, size: 20 });
    if (r) setList(r.list);
  }, [rid]);
  useEffect(() => void load(), [load]);
  async function withdraw(p: GroupPayment) {
    if ((await api.call(groupsApi.withdraw, { rid: p.rid })) === undefined) return;
    toast.success('已撤回支付申请');
    void load();
  }
  if (!list || list.length === 0) return null;
  return (
    <ul className="grid gap-1.5">
      {list.map((p) => (
        <li key={p.rid} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 flex-1 tabular-nums">
            {p.order_no} {p.label && <span className="text-slate-500">· {p.label}</span>}
          </span>
          <span className="tabular-nums">{formatFen(p.amount_fen)}</span>
          <span className={`rounded px-2 text-xs leading-6 ${PAYMENT_TONE[p.status]}`}>{p.status_text}</span>
          <span className="text-xs text-slate-400">{shanghaiMinute(p.created)}</span>
          {p.status === 'pending' && (
            <button type="button" className="btn-ghost h-7 px-2 text-xs" onClick={() => void withdraw(p)}>
              撤回申请
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One group of mine; `onChanged` re-reads my groups after accepting the leader's role. */
export default function JoinedGroup({
  g,
  onChanged,
  onLeave,
}: {
  g: MyGroup;
  onChanged: () => void;
  onLeave: () => void;
}) {
  return (
    <section className="card grid gap-3 p-4 md:p-5" data-joined={g.rid}>
      <GroupHead g={g}>
        <span
          className={`rounded px-2 text-xs leading-6 ${g.my_status === 'pending' ? 'bg-hot-50 text-hot-600' : 'bg-accent-50 text-accent-700'}`}
        >
          {g.my_status === 'pending' ? '待审核' : g.role_text}
        </span>
      </GroupHead>
      {g.my_status === 'active' && (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">课题组余额</dt>
              <dd className="font-semibold tabular-nums">{formatFen(g.balance_fen)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">单笔限额</dt>
              <dd>{g.role === 'leader' ? '不限' : limitText(g.per_order_limit_fen)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">每月限额</dt>
              <dd>{g.role === 'leader' ? '不限' : limitText(g.monthly_limit_fen)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">本月已用</dt>
              <dd className="tabular-nums">{formatFen(g.spent_this_month_fen)}</dd>
            </div>
          </dl>
          <p className="text-xs text-slate-500">
            支付订单时选择「课题组支付」：限额内直接支付，超出限额提交组长审批。
          </p>
          <MyPayments rid={g.rid} />
          <div className="flex flex-wrap justify-end gap-2">
            {g.pending_leader && (
              <button
                type="button"
                className="btn-primary h-8 px-3 text-sm"
                onClick={async () => {
                  if ((await api.call(groupsApi.acceptLeader, { rid: g.rid })) === undefined) return;
                  toast.success('您已成为组长!');
                  onChanged();
                }}
              >
                接受组长转让
              </button>
            )}
            {g.role !== 'leader' && (
              <button type="button" className="btn-ghost h-8 px-3 text-sm text-red-600" onClick={onLeave}>
                退出课题组
              </button>
            )}
            {g.role !== 'member' && (
              <a href="/member/communityMg" className="btn-ghost h-8 px-3 text-sm">
                管理课题组
              </a>
            )}
          </div>
        </>
      )}
    </section>
  );
}
