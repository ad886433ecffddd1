import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { GROUP_REQUEST_EVENT, groupRequestChanged, ORDER_PAID_EVENT } from '../../lib/client/pay-events.ts';
import type { GroupWaitingSchema } from '../../lib/shared/groups/responses.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';

export type WaitingRequest = z.output<typeof GroupWaitingSchema>['list'][number];

/**
 * The customer's requests to pay orders from a group wallet that still wait (cluster/waiting),
 * by order rid; reloaded when an order is paid or a request made or withdrawn.
 */
export function useWaitingRequests(): Map<string, WaitingRequest> {
  const [byOrder, setByOrder] = useState(new Map<string, WaitingRequest>());
  const load = useCallback(async () => {
    const res = await api.call(groupsApi.waiting, {}, { silent: true });
    if (res) setByOrder(new Map(res.list.map((r) => [r.order_rid, r])));
  }, []);
  useEffect(() => {
    void load();
    const reload = () => void load();
    window.addEventListener(ORDER_PAID_EVENT, reload);
    window.addEventListener(GROUP_REQUEST_EVENT, reload);
    return () => {
      window.removeEventListener(ORDER_PAID_EVENT, reload);
      window.removeEventListener(GROUP_REQUEST_EVENT, reload);
    };
  }, [load]);
  return byOrder;
}

/**
 * 课题组审批中 on an order: which group, how much, and 撤回申请. Paying the order another way
 * stays possible; the request then closes by itself.
 */
export function WaitingMark({ request }: { request: WaitingRequest }) {
  const [busy, setBusy] = useState(false);
  async function withdraw() {
    setBusy(true);
    const done = await api.call(groupsApi.withdraw, { rid: request.rid });
    setBusy(false);
    if (done === undefined) return;
    toast.success('已撤回支付申请');
    groupRequestChanged();
  }
  return (
    <div
      data-group-request={request.rid}
      className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-brand-50 px-3 py-2 text-sm"
    >
      <span className="rounded bg-brand-600 px-1.5 text-xs leading-5 font-medium text-white">
        课题组审批中
      </span>
      <span className="min-w-0 flex-1 text-slate-600">
        已申请由「{request.group_name}」支付 {formatFen(request.amount_fen)}，等待组长审批
      </span>
      <button
        type="button"
        className="rounded-md px-2 py-0.5 text-sm font-medium text-brand-700 hover:bg-brand-100 disabled:opacity-50"
        disabled={busy}
        onClick={() => void withdraw()}
      >
        撤回申请
      </button>
    </div>
  );
}
