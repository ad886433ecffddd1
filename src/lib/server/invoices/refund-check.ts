import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { invoiceLines } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { registerRefundCheck, type RefundCheck } from '../orders/index.ts';

/**
 * An order on a live invoice application is not refunded (decision 0030). Run by orders'
 * cancelWithRefund under the customer's account lock, which invoice applications also take: no
 * race with one.
 */
const refuseIfInvoiced: RefundCheck = async (tx: Tx, order) => {
  const [line] = await tx
    .select({ id: invoiceLines.id })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.orderId, order.id), eq(invoiceLines.active, true)))
    .limit(1);
  if (line)
    throw new DomainError(
      `订单 ${order.orderNo} 已开票或正在开票，不能取消：待审核的开票申请可修改去掉该订单，已开具的发票须先由财务红冲`,
    );
};
registerRefundCheck(refuseIfInvoiced);
