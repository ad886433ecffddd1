import { useState } from 'react';
import type { z } from 'zod';
import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { ORDER_ACTION_TEXT, type OrderAction } from '../../lib/shared/orders/order-status.ts';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';
import { yuanToFen, fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;

/**
 * A step on the order that asks only for a note (a reason to cancel), or the final price of a
 * prepaid order (补差价 / 退差价), which starts at the order's amount.
 */
export function StepDialog({
  order,
  step,
  title,
  onClose,
  onDone,
}: {
  order: Detail;
  step: OrderAction | 'finalPrice';
  title: string;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [note, setNote] = useState('');
  const [price, setPrice] = useState(() => (step === 'finalPrice' ? fenToYuan(order.amount_fen) : ''));

  async function run(): Promise<string | null> {
    const body: Record<string, unknown> = { rid: order.rid };
    if (step === 'finalPrice') {
      const fen = yuanToFen(price);
      if (fen === null || fen <= 0) return '请输入正确的最终价格';
      return staffAction(
        ordersAdminApi.finalPrice,
        { rid: order.rid, final_fen: fen, note },
        '最终价格已设置',
        onDone,
      );
    }
    if (step === 'cancel') {
      if (!note.trim()) return '请填写取消原因';
      body.reason = note;
    } else body.note = note;
    // Customers' own steps (pay, finish) never reach the console's step dialog.
    const endpoint = ordersAdminApi[step as Exclude<OrderAction, 'pay' | 'finish'>];
    return staffAction(endpoint, body, `${ORDER_ACTION_TEXT[step]}成功`, onDone);
  }

  return (
    <FormModal
      open
      title={title}
      submitText={step === 'cancel' ? `确认${title}` : title}
      danger={step === 'cancel'}
      onClose={onClose}
      onSubmit={run}
    >
      {step === 'finalPrice' && (
        <Field
          label="最终价格（元）"
          hint={`已付 ${formatFen(order.paid_fen)}：高于已付部分由客户补差价，低于已付部分即时退回原支付来源`}
        >
          <input
            className={input}
            name="final"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field>
      )}
      <Field label={step === 'cancel' ? '取消原因（客户可见）' : '说明（可选）'}>
        <input
          className={input}
          name="note"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      {step === 'cancel' && (
        <p className="text-sm text-slate-600">
          订单 {order.order_no}（{formatFen(order.amount_fen)}）取消后不能恢复，客户会收到通知
          {order.paid_fen > 0 ? `；已付 ${formatFen(order.paid_fen)} 将原路退回客户账户` : ''}。
        </p>
      )}
    </FormModal>
  );
}
