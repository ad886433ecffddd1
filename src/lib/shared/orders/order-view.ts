// How the customer's order pages read an order (docs/decisions/0009): the status tabs of
// /member/order, what the customer may do now (from the shared state machine), and the words
// of the timeline. Pure; used by the islands and their tests.
import {
  nextStatus,
  owesDifference,
  ORDER_ACTION_TEXT,
  ORDER_STATUSES,
  orderActionText,
  type OrderAction,
  type OrderStatus,
  type PayMode,
} from './order-status.ts';
import { acceptsExpiredQuote } from './quote.ts';
import { shanghaiDate } from '../time.ts';

export type OrderTab = { key: string; label: string; statuses: readonly OrderStatus[] };

/** The statuses of `names` that the state machine has (a tab may name one still to come). */
const known = (...names: string[]): OrderStatus[] =>
  names.filter((n): n is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(n));

/**
 * The tabs follow the customer's view of the lifecycle: sampling by post or by pickup is one
 * step for them (待送样), and so is a sample in the lab (已收样 + 检测中). 待上机 (a reserved
 * instrument session, decision 0012) shows once that status exists.
 */
export const ORDER_TABS: readonly OrderTab[] = [
  { key: 'all', label: '全部', statuses: [] },
  { key: 'quoting', label: '待报价', statuses: known('quoting') },
  { key: 'unpaid', label: '待付款', statuses: known('unpaid') },
  { key: 'sampling', label: '待送样', statuses: known('awaiting_sample', 'awaiting_pickup') },
  { key: 'session', label: '待上机', statuses: known('awaiting_session') },
  { key: 'testing', label: '检测中', statuses: known('received', 'testing') },
  { key: 'delivered', label: '已出数据', statuses: known('delivered') },
  { key: 'unsettled', label: '待结算', statuses: known('unsettled') },
  { key: 'completed', label: '已完成', statuses: known('completed') },
  { key: 'cancelled', label: '已取消', statuses: known('cancelled') },
].filter((t) => t.key === 'all' || t.statuses.length > 0);

export const tabByKey = (key: string | null | undefined): OrderTab =>
  ORDER_TABS.find((t) => t.key === key) ?? ORDER_TABS[0];

type Facts = {
  status: OrderStatus;
  pay_mode: PayMode;
  delivery_type?: 0 | 1;
  amount_fen?: number;
  paid_fen?: number;
  quote_valid_until?: string | null;
};
const facts = (o: Facts) => ({ status: o.status, pay_mode: o.pay_mode, delivery_type: o.delivery_type ?? 0 });

/** The customer may cancel now (before the sample is received). */
export const canCancel = (o: Facts) => nextStatus(facts(o), 'cancel', 'customer').ok;
/**
 * The customer may pay now: 待付款 (prepay) while its quote is valid (decision 0039), 待结算 (pay
 * after the test), or a price difference.
 */
export const canPay = (o: Facts, today = shanghaiDate(Date.now())) =>
  (nextStatus(facts(o), 'pay', 'customer').ok &&
    !acceptsExpiredQuote({ status: o.status, quote_valid_until: o.quote_valid_until }, today)) ||
  owesDifference({ ...o, amount_fen: o.amount_fen ?? 0, paid_fen: o.paid_fen ?? 0 });

/**
 * Days after receiving the data within which a customer may dispute the results through report
 * feedback: the agreement's term, which the guide repeats (the spec names none).
 */
export const REPORT_FEEDBACK_DAYS = 15;

/** Report feedback once there is data to read. */
export const FEEDBACK_STATUSES: readonly OrderStatus[] = ['delivered', 'unsettled', 'completed'];
export const canGiveFeedback = (o: { status: OrderStatus }) => FEEDBACK_STATUSES.includes(o.status);
export const canEvaluate = (o: { status: OrderStatus }) => o.status === 'completed';

/** Samples can be sent back once the lab has them: from 已收样 on, never before collection. */
export const RETURN_STATUSES: readonly OrderStatus[] = [
  'received',
  'testing',
  'delivered',
  'unsettled',
  'completed',
];
export const SAMPLES_NOT_RECEIVED = '样品签收后才能申请寄回';
export const canRequestReturn = (o: { status: OrderStatus }) => RETURN_STATUSES.includes(o.status);

/** What the amount column shows: the price, or 待报价 while staff have not quoted yet. */
export const needsQuote = (o: { status: OrderStatus; quoted_fen: number | null }) =>
  o.status === 'quoting' && o.quoted_fen === null;

/** Timeline entries that are not moves of the state machine, by the action they are written with. */
const EXTRA_ACTION_TEXT: Record<string, string> = {
  create: '提交订单',
  upload: '上传文件',
  feedback: '报告反馈',
  express: '寄出样品',
  final_price: '最终价格',
  pay_difference: '补差价',
  picked: '上门取样',
  called: '电话联系',
  returned: '寄回样品',
  disposed: '销毁样品',
  remind: '上机提醒',
  reservation_confirm: '确认预约',
  temp_device_approve: '临时设备审核',
  temp_device_reject: '临时设备审核',
};

/**
 * The timeline's words for an event's action ('receive' → 确认收样, or 确认收到数据 on an order of
 * a project type without samples); never the raw action.
 */
export function eventText(action: string, typeId?: number): string {
  return action in ORDER_ACTION_TEXT
    ? orderActionText(action as OrderAction, typeId)
    : (EXTRA_ACTION_TEXT[action] ?? '订单动态');
}

export const ACTOR_TEXT: Record<string, string> = { customer: '客户', staff: '工作人员', system: '系统' };
export const actorText = (actor: string) => ACTOR_TEXT[actor] ?? actor;

/** A sample return request's state (sample4recycle/list4person). */
export const RECYCLE_STATUS_TEXT: Record<string, string> = {
  pending: '待寄回',
  sent: '已寄回',
  cancelled: '已取消',
};

/** The file kinds of an order, as the detail's file list names them. */
export const FILE_KIND_TEXT: Record<string, string> = {
  report: '检测报告',
  protocol: '签署协议',
  attachment: '附件',
  pic: '图片',
  receipt: '收样照片',
};

/** 1536 → '1.5 KB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Until the lab has the samples in hand, the customer may name them from a sample sheet on the
 * order page (decision 0093); the server also checks each sample is still to be received.
 */
export const SHEET_OPEN_STATUSES: readonly OrderStatus[] = [
  'quoting',
  'unpaid',
  'awaiting_sample',
  'awaiting_pickup',
];
export const canUploadSheet = (o: { status: OrderStatus; type_id: number | null }) =>
  o.type_id === 1 && SHEET_OPEN_STATUSES.includes(o.status);
