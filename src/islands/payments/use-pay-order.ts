// Paying an order: what ready2pay says it owes, the way chosen, the research groups that may pay,
// and the two payments made here (from the wallet, from a group); online payment has its own panel.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, isFailure } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { groupRequestChanged, ORDER_PAID_EVENT, type PayEventDetail } from '../../lib/client/pay-events.ts';
import { newRequestKey } from '../../lib/client/request-key.ts';
import type { PayChannelName } from '../../lib/shared/payments.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

/** web/order/ready2pay: what the order owes now and where each way of paying would take it from. */
export type ReadyToPay = OutputOf<typeof ordersApi.readyToPay>;
export type Method = 'balance' | 'credit' | 'group' | PayChannelName;
export type MyGroup = OutputOf<typeof groupsApi.mine>['list'][number];
export const isOnline = (m: Method): m is PayChannelName => m === 'wechatpay' || m === 'alipay';

export type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; info: ReadyToPay; error?: string };

export function usePayOrder(rid: string | null, onClose: () => void) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [paying, setPaying] = useState(false);
  const [method, setMethod] = useState<Method>('balance');
  const [groups, setGroups] = useState<MyGroup[]>([]);
  const [groupRid, setGroupRid] = useState('');
  const [label, setLabel] = useState('');
  /** The group this order already waits on (a request to its wallet), if any. */
  const [waitingOn, setWaitingOn] = useState<string | null>(null);
  const key = useRef('');

  /** couponRid: undefined lets the server suggest the best coupon; '' pays without one. */
  const load = useCallback(async (orderRid: string, couponRid?: string) => {
    setState((s) => (s.kind === 'ready' && couponRid !== undefined ? s : { kind: 'loading' }));
    try {
      const info = await api.call(
        ordersApi.readyToPay,
        { rid: orderRid, coupon_rid: couponRid },
        { throws: true },
      );
      setState(info ? { kind: 'ready', info } : { kind: 'failed', message: '订单不存在' });
      // The balance when it can pay, else the credit line when it can, else the first online
      // channel; a changed coupon keeps the way the customer chose.
      if (couponRid === undefined)
        setMethod(
          !info || info.split.balance
            ? 'balance'
            : info.split.credit
              ? 'credit'
              : (info.online_channels[0] ?? 'balance'),
        );
      // Nothing left to pay after the coupon: no code to scan.
      else if (info?.pay_fen === 0) setMethod((m) => (isOnline(m) ? 'balance' : m));
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : '加载失败，请稍后重试' });
    }
  }, []);

  useEffect(() => {
    if (!rid) return;
    key.current = newRequestKey();
    setPaying(false);
    void load(rid);
    setWaitingOn(null);
    void api
      .call(groupsApi.waiting, {}, { silent: true })
      .then((r) => setWaitingOn(r?.list.find((w) => w.order_rid === rid)?.group_name ?? null));
    // The research groups this customer may pay from (decision 0033).
    void api.call(groupsApi.mine, {}, { silent: true }).then((r) => {
      const active = (r?.list ?? []).filter((g) => g.my_status === 'active');
      setGroups(active);
      setGroupRid(active[0]?.rid ?? '');
    });
  }, [rid, load]);

  async function payFromGroup(info: ReadyToPay) {
    if (paying || !groupRid) return;
    setPaying(true);
    try {
      const res = await api.call(
        groupsApi.pay,
        { rid: groupRid, order_rid: info.rid, label, idempotency_key: key.current },
        { throws: true },
      );
      if (res?.status === 'paid') {
        toast.success('课题组支付成功!');
        paid(info.rid);
      } else {
        toast.info(res?.message ?? '已提交组长审批');
        groupRequestChanged();
      }
      onClose();
    } catch (error) {
      setState({
        kind: 'ready',
        info,
        error: error instanceof Error ? error.message : '支付失败，请稍后重试',
      });
      setPaying(false);
    }
  }

  const paid = (orderRid: string) =>
    window.dispatchEvent(new CustomEvent<PayEventDetail>(ORDER_PAID_EVENT, { detail: { rid: orderRid } }));

  async function pay(info: ReadyToPay) {
    if (paying) return;
    setPaying(true);
    try {
      // Online and group payments have their own panels; this button pays from the wallet.
      const wallet = method as 'balance' | 'credit';
      await api.call(
        ordersApi.pay,
        { rid: info.rid, idempotency_key: key.current, method: wallet, coupon_rid: info.coupon_rid ?? '' },
        { throws: true },
      );
      toast.success('操作成功!');
      paid(info.rid);
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : '支付失败，请稍后重试';
      if (isFailure(error, 'ALREADY_PAID')) {
        // Paid meanwhile (another tab): the lists must follow, and there is nothing left to do.
        toast.info(message);
        paid(info.rid);
        onClose();
        return;
      }
      setState({ kind: 'ready', info, error: message });
      setPaying(false);
    }
  }

  return {
    state,
    load,
    paying,
    method,
    setMethod,
    groups,
    groupRid,
    setGroupRid,
    label,
    setLabel,
    waitingOn,
    pay,
    payFromGroup,
    paid,
  };
}
