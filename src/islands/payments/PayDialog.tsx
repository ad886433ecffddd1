import Dialog from '../ui/Dialog.tsx';
import { Spinner } from '../ui/kit.tsx';
import { toast } from '../../lib/client/toast.ts';
import OnlinePay from './OnlinePay.tsx';
import { isOnline, usePayOrder } from './use-pay-order.ts';
import { GroupFields, MethodChoice, PayNotice, PaySummary, SplitSummary } from './PayParts.tsx';

/**
 * Paying an order: the amount owed and, for each way of paying (ready2pay), where the money would
 * come from — the balance (赠送金 first, then cash) or the credit line — then 确认支付
 * (web/order/pay with this opening's idempotency key and the chosen way). When neither can pay,
 * it says what is missing and links to 预存充值, with no pay button.
 */
export default function PayDialog({ rid, onClose }: { rid: string | null; onClose: () => void }) {
  const order = usePayOrder(rid, onClose);
  const { state, load, paying, method, setMethod, groups, groupRid, setGroupRid, label, setLabel } = order;
  const { waitingOn, pay, payFromGroup, paid } = order;
  const info = state.kind === 'ready' ? state.info : null;
  const online = isOnline(method);
  const byGroup = method === 'group';
  const split = info && !isOnline(method) && !byGroup ? info.split[method] : null;
  const canPay = info !== null && info.payable && info.amount_fen > 0 && split !== null && !online;
  // A coupon that covers everything leaves nothing to scan a code for.
  const channels = info && info.pay_fen > 0 ? info.online_channels : [];
  const hasCredit = info !== null && info.credit_limit_fen > 0;

  return (
    <Dialog
      open={rid !== null}
      onClose={onClose}
      title="支付订单"
      width={460}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            {canPay ? '取消' : '关闭'}
          </button>
          {byGroup && info?.payable && groupRid && (
            <button
              type="button"
              className="btn-primary"
              disabled={paying}
              onClick={() => void payFromGroup(info)}
            >
              {paying && <Spinner />}
              课题组支付
            </button>
          )}
          {canPay && (
            <button type="button" className="btn-primary" disabled={paying} onClick={() => void pay(info)}>
              {paying && <Spinner />}
              {paying ? '支付中…' : '确认支付'}
            </button>
          )}
        </>
      }
    >
      {state.kind === 'loading' && (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="py-8 text-center text-sm text-red-600">
          {state.message}
        </p>
      )}
      {info && (
        <div className="grid gap-4" data-pay-summary>
          {waitingOn && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700">
              该订单已申请由「{waitingOn}」支付，正在等待组长审批。现在用其他方式支付，该申请将自动关闭。
            </p>
          )}
          <PaySummary info={info} paying={paying} onCoupon={(couponRid) => void load(info.rid, couponRid)} />

          {info.payable && info.amount_fen > 0 && (hasCredit || channels.length > 0 || groups.length > 0) && (
            <MethodChoice
              info={info}
              channels={channels}
              hasCredit={hasCredit}
              hasGroups={groups.length > 0}
              method={method}
              setMethod={setMethod}
            />
          )}

          {info.payable && info.amount_fen > 0 && split && (
            <SplitSummary info={info} split={split} method={method} />
          )}

          {byGroup && info.payable && (
            <GroupFields
              groups={groups}
              groupRid={groupRid}
              setGroupRid={setGroupRid}
              label={label}
              setLabel={setLabel}
            />
          )}

          {info.payable && info.amount_fen > 0 && online ? (
            <OnlinePay
              key={`${method}:${info.coupon_rid ?? ''}`}
              purpose="order"
              rid={info.rid}
              channel={method}
              couponRid={info.coupon_rid ?? ''}
              onPaid={() => {
                toast.success('支付成功!');
                paid(info.rid);
                onClose();
              }}
            />
          ) : (
            <PayNotice info={info} method={method} byGroup={byGroup} split={split} />
          )}

          {state.kind === 'ready' && state.error && (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-600">
              {state.error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
