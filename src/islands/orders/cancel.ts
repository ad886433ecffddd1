import { useState, type ReactNode } from 'react';
import { useConfirm } from '../member/Confirm.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';

/**
 * Cancelling an order after a confirmation: `const [dialog, cancel, busy] = useCancelOrder(reload)`;
 * render `dialog`, call `cancel({rid, order_no})`. Resolves true when the order was cancelled.
 */
export function useCancelOrder(
  done: () => void | Promise<void>,
): [ReactNode, (o: { rid: string; order_no: string }) => Promise<boolean>, string | null] {
  const [confirmDialog, ask] = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);

  async function cancel(o: { rid: string; order_no: string }): Promise<boolean> {
    const ok = await ask({
      title: '取消订单',
      text: `确定取消订单 ${o.order_no} 吗？取消后不能恢复，已支付的金额将退回账户余额。`,
      confirm: '确认取消',
      dismiss: '再想想',
      danger: true,
    });
    if (!ok) return false;
    setBusy(o.rid);
    const res = await api.call(ordersApi.cancel, { rid: o.rid });
    setBusy(null);
    if (res === undefined) return false;
    toast.success('订单已取消');
    await done();
    return true;
  }
  return [confirmDialog, cancel, busy];
}
