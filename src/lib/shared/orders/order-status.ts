// The order lifecycle as one pure table (docs/decisions/0007; type-2 reservation orders: 0012).
// The server checks every transition with nextStatus(); pages use the labels and the helpers.
import type { ErrorCode } from '../errors.ts';

export const ORDER_STATUSES = [
  'quoting',
  'unpaid',
  'awaiting_sample',
  'awaiting_pickup',
  'awaiting_session',
  'received',
  'testing',
  'delivered',
  'unsettled',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  quoting: '待报价',
  unpaid: '待付款',
  awaiting_sample: '待寄样',
  awaiting_pickup: '待取样',
  awaiting_session: '待上机',
  received: '已收样',
  testing: '检测中',
  delivered: '已出数据',
  unsettled: '待结算',
  completed: '已完成',
  cancelled: '已取消',
};

export const ORDER_ACTIONS = [
  'quote',
  'pay',
  'receive',
  'start',
  'deliver',
  'bill',
  'complete',
  'settle',
  'finish',
  'reject',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const ORDER_ACTION_TEXT: Record<OrderAction, string> = {
  quote: '报价',
  pay: '支付',
  receive: '确认收样',
  start: '开始检测',
  deliver: '出具数据',
  bill: '出具结算单',
  complete: '完成订单',
  settle: '确认结算',
  finish: '上机完成',
  reject: '拒收样品',
  cancel: '取消订单',
};

export const ACTORS = ['customer', 'staff', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

/** Institution customers pay after the test; enterprise customers prepay in full. */
export const PAY_MODES = ['after', 'before'] as const;
export type PayMode = (typeof PAY_MODES)[number];
export const CUSTOMER_KINDS = ['institution', 'enterprise'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** Sample delivery (spec section 3): 0 self-delivery (寄样), 1 pickup (上门取样). */
export type DeliveryType = 0 | 1;

/** What the rules need to know about an order; type_id 2 (预约现场) waits for a session, not a sample. */
export type OrderFacts = {
  status: OrderStatus;
  pay_mode: PayMode;
  delivery_type: DeliveryType;
  type_id?: number;
};

/** Project type of on-site reservations. */
export const RESERVATION_TYPE_ID = 2;
/**
 * Project type of data analysis (数据分析): the customer sends data files, never a physical
 * sample, so its orders are never picked up and its lines carry no sample source or disposal.
 */
export const DATA_ANALYSIS_TYPE_ID = 3;
/** Project type of sample testing (送样检测): the only one whose samples are posted or picked up. */
export const LAB_SAMPLE_TYPE_ID = 1;
/** Whether items of a project type need a physical sample (送样检测 and 预约现场 do). */
export const takesSample = (typeId: number | null | undefined) => typeId !== DATA_ANALYSIS_TYPE_ID;

/**
 * The words that differ for an order whose items take no physical sample (数据分析, decision
 * 0078): it waits for the customer's data files, and the lab receives data, not a sample. The
 * same words as its progress bar and its 上传数据文件 button.
 */
const NO_SAMPLE_STATUS_TEXT: Partial<Record<OrderStatus, string>> = {
  awaiting_sample: '待上传数据',
  received: '已收数据',
};
const NO_SAMPLE_ACTION_TEXT: Partial<Record<OrderAction, string>> = {
  receive: '确认收到数据',
  reject: '退回数据',
};

/**
 * What an order's status reads as, everywhere a person sees it (lists, detail, timeline,
 * documents): by the order's project type, so a data-analysis order never says 待寄样.
 */
export function orderStatusText(status: OrderStatus, typeId: number | null | undefined): string {
  return (!takesSample(typeId) && NO_SAMPLE_STATUS_TEXT[status]) || ORDER_STATUS_TEXT[status];
}

/** A staff step's words on an order of this project type (确认收样, or 确认收到数据 for data). */
export function orderActionText(action: OrderAction, typeId: number | null | undefined): string {
  return (!takesSample(typeId) && NO_SAMPLE_ACTION_TEXT[action]) || ORDER_ACTION_TEXT[action];
}

/** A status as a filter over orders of every type names it: both words where they differ. */
export function statusFilterText(status: OrderStatus): string {
  const data = NO_SAMPLE_STATUS_TEXT[status];
  return data ? `${ORDER_STATUS_TEXT[status]}/${data}` : ORDER_STATUS_TEXT[status];
}

/**
 * One row per allowed move. `when` narrows a row to prepaid (`before`) or pay-after (`after`)
 * orders; `to: 'sampling'` means 待寄样 or 待取样 by the order's delivery type.
 */
export type Transition = {
  from: OrderStatus;
  action: OrderAction;
  to: OrderStatus | 'sampling';
  actors: readonly Actor[];
  when?: PayMode;
};

const SAMPLING: readonly OrderStatus[] = ['awaiting_sample', 'awaiting_pickup'];
const BEFORE_RECEIPT: readonly OrderStatus[] = ['quoting', 'unpaid', ...SAMPLING, 'awaiting_session'];
const OPEN: readonly OrderStatus[] = [...BEFORE_RECEIPT, 'received', 'testing', 'delivered', 'unsettled'];

export const TRANSITIONS: readonly Transition[] = [
  // An exact quote: enterprise orders then wait for payment, pay-after ones go to sampling.
  { from: 'quoting', action: 'quote', to: 'unpaid', actors: ['staff'], when: 'before' },
  { from: 'quoting', action: 'quote', to: 'sampling', actors: ['staff'], when: 'after' },
  // A new quote (decision 0039) while the customer has not paid (prepaid) or the samples have not
  // arrived (pay after): the order stays where it is, with the new amount and validity.
  { from: 'unpaid', action: 'quote', to: 'unpaid', actors: ['staff'], when: 'before' },
  ...SAMPLING.map((from) => ({
    from,
    action: 'quote' as const,
    to: 'sampling' as const,
    actors: ['staff'] as const,
    when: 'after' as const,
  })),
  { from: 'unpaid', action: 'pay', to: 'sampling', actors: ['customer'], when: 'before' },
  ...SAMPLING.map((from) => ({
    from,
    action: 'receive' as const,
    to: 'received' as const,
    actors: ['staff'] as const,
  })),
  // Samples refused on arrival or before testing (decision 0039): the order waits for new ones.
  ...[...SAMPLING, 'received' as const].map((from) => ({
    from,
    action: 'reject' as const,
    to: 'sampling' as const,
    actors: ['staff'] as const,
  })),
  { from: 'received', action: 'start', to: 'testing', actors: ['staff'] },
  { from: 'testing', action: 'deliver', to: 'delivered', actors: ['staff'] },
  // After the data: a pay-after order gets its bill, a prepaid one is done.
  { from: 'delivered', action: 'bill', to: 'unsettled', actors: ['staff', 'system'], when: 'after' },
  { from: 'delivered', action: 'complete', to: 'completed', actors: ['staff', 'system'], when: 'before' },
  { from: 'unsettled', action: 'pay', to: 'completed', actors: ['customer'], when: 'after' },
  // A reservation's session took place (or the customer did not come): billed as booked.
  { from: 'awaiting_session', action: 'finish', to: 'unsettled', actors: ['staff', 'system'], when: 'after' },
  {
    from: 'awaiting_session',
    action: 'finish',
    to: 'completed',
    actors: ['staff', 'system'],
    when: 'before',
  },
  // Paid outside the portal (bank transfer): staff confirm the settlement.
  { from: 'unsettled', action: 'settle', to: 'completed', actors: ['staff'], when: 'after' },
  ...BEFORE_RECEIPT.map((from) => ({
    from,
    action: 'cancel' as const,
    to: 'cancelled' as const,
    actors: ['customer', 'staff'] as const,
  })),
  ...['received', 'testing', 'delivered', 'unsettled'].map((from) => ({
    from: from as OrderStatus,
    action: 'cancel' as const,
    to: 'cancelled' as const,
    actors: ['staff'] as const,
  })),
];

export const NOT_ALLOWED = '当前订单状态不允许此操作';
export const NO_PERMISSION = '无权执行此操作';
export const ALREADY_PAID = '订单已支付，请勿重复支付';
export const AWAITING_QUOTE = '订单待报价，报价后才能支付';
export const NOT_BILLED = '检测完成并出具结算单后才能结算';
export const ORDER_CANCELLED = '订单已取消';
export const ORDER_COMPLETED = '订单已完成';
export const CANNOT_CANCEL_RECEIVED = '样品已签收，无法取消订单，请联系业务经理';

export type NextResult =
  | { ok: true; to: OrderStatus }
  | { ok: false; message: string; code: Extract<ErrorCode, 'REFUSED' | 'ALREADY_PAID'> };

// A data-analysis order waits for its data (awaiting_sample), never for a pickup.
const samplingStatus = (d: DeliveryType, typeId?: number): OrderStatus =>
  typeId === RESERVATION_TYPE_ID
    ? 'awaiting_session'
    : d === 1 && takesSample(typeId)
      ? 'awaiting_pickup'
      : 'awaiting_sample';

/** The new status for `action` by `actor`, or the Chinese reason it is refused. */
export function nextStatus(order: OrderFacts, action: OrderAction, actor: Actor): NextResult {
  const row = TRANSITIONS.find(
    (t) => t.from === order.status && t.action === action && (!t.when || t.when === order.pay_mode),
  );
  if (row) {
    if (!row.actors.includes(actor)) {
      if (action === 'cancel' && actor === 'customer')
        return { ok: false, message: CANNOT_CANCEL_RECEIVED, code: 'REFUSED' };
      return { ok: false, message: NO_PERMISSION, code: 'REFUSED' };
    }
    return {
      ok: true,
      to: row.to === 'sampling' ? samplingStatus(order.delivery_type, order.type_id) : row.to,
    };
  }
  const message = refusal(order, action);
  return { ok: false, message, code: message === ALREADY_PAID ? 'ALREADY_PAID' : 'REFUSED' };
}

function refusal(order: OrderFacts, action: OrderAction): string {
  const { status } = order;
  if (status === 'cancelled') return ORDER_CANCELLED;
  if (action === 'pay') {
    if (status === 'completed') return ALREADY_PAID;
    if (status === 'quoting') return AWAITING_QUOTE;
    if (order.pay_mode === 'before' && status !== 'unpaid') return ALREADY_PAID;
    if (order.pay_mode === 'after') return NOT_BILLED;
  }
  if (status === 'completed') return action === 'cancel' ? `${ORDER_COMPLETED}，无法取消` : ORDER_COMPLETED;
  return NOT_ALLOWED;
}

/** The status a new order starts in (see the decision record). */
export function initialStatus(o: {
  needs_quote: boolean;
  pay_mode: PayMode;
  delivery_type: DeliveryType;
  type_id?: number;
}): OrderStatus {
  if (o.needs_quote) return 'quoting';
  if (o.pay_mode === 'before') return 'unpaid';
  return samplingStatus(o.delivery_type, o.type_id);
}

/** Enterprise customers (organization 2) are quoted exactly; everyone else orders at list price. */
export const customerKindOf = (organization: number | null | undefined): CustomerKind =>
  organization === 2 ? 'enterprise' : 'institution';
/**
 * Only institution customers, students (0) and teachers (3), pay after the test; individuals (1)
 * and enterprises (2) pay first (spec section 1; decision 0052).
 */
export const payModeOf = (organization: number | null | undefined): PayMode =>
  organization === 0 || organization === 3 ? 'after' : 'before';

export const isOpenStatus = (s: OrderStatus) => OPEN.includes(s);
/** Statuses with money owed by the customer: 待付款 and 待结算. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['unpaid', 'unsettled'];

/**
 * A prepaid order whose final price, set when its data was delivered, is above what was paid:
 * the difference (补差价) is owed, through the same pay path, before the order can complete.
 */
export const owesDifference = (o: {
  status: OrderStatus;
  pay_mode: PayMode;
  amount_fen: number;
  paid_fen: number;
}) => o.status === 'delivered' && o.pay_mode === 'before' && o.amount_fen > o.paid_fen;
export const PRICE_DIFFERENCE_UNPAID = '补差价尚未支付，订单暂不能完成';
