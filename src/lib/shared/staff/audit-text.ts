// The audit log in words (decision 0086): which record a row is about, and what changed on it as
// 字段: 旧 → 新 with Chinese field names and values (money in yuan, times in Shanghai, statuses
// in their Chinese names), instead of two raw JSON rows. Pure: the staff routes and the tests
// call it; the calls' own names come from their declarations (the endpoints' summaries).
import { FIELD_TEXT } from './audit-fields.ts';
import { ROLE_TEXT, type Role } from './permissions.ts';
import { formatFen } from '../money.ts';
import { shanghaiMinute } from '../time.ts';
import { ORDER_STATUS_TEXT } from '../orders/order-status.ts';
import { hoursText, RESERVATION_STATUS_TEXT } from '../reservations/reservation-rules.ts';
import { CREDIT_STATUS_TEXT, PRESTORE_STATUS_TEXT, TRANSFER_STATUS_TEXT } from '../money/money.ts';
import { SAMPLE_STATUS_TEXT } from '../samples/samples.ts';
import { RESULT_STATUS_TEXT } from '../results/results.ts';
import { SAMPLING_STATUS_TEXT } from '../member/sampling.ts';

/**
 * What a record is called: by the first letter of its public id (platform/ids.ts), or by the
 * table a call declares (catalogue records, locations, a scanned sample, a calendar day, staff).
 */
export const RECORD_TEXT: Record<string, string> = {
  o: '订单',
  y: '预存申请',
  z: '转账申请',
  k: '信用申请',
  v: '预约',
  s: '取样预约',
  t: '自带仪器',
  d: '仪器',
  b: '不可预约时段',
  u: '客户',
  h: '对账差异',
  g: '兑换商品',
  x: '积分兑换',
  S: '对账单',
  P: '推广员',
  W: '提现申请',
  C: '推广活动',
  A: '入账复核',
  J: '积分调整',
  Q: '发券复核',
  M: '样品',
  T: '检测结果',
  V: '报告版本',
  type: '项目类型',
  child: '项目分类',
  prefecture: '专区',
  item: '检测项目',
  ability: '检测能力',
  setting: '网站设置',
  location: '存储位置',
  sample: '样品',
  calendar: '工作日历',
  staff: '员工',
  advisor: '客户',
  device: '仪器',
  block: '仪器',
  authorization: '仪器',
};

const STATUS_TEXT: Record<string, Record<string, string>> = {
  o: ORDER_STATUS_TEXT,
  v: RESERVATION_STATUS_TEXT,
  y: PRESTORE_STATUS_TEXT,
  z: TRANSFER_STATUS_TEXT,
  k: CREDIT_STATUS_TEXT,
  M: SAMPLE_STATUS_TEXT,
  sample: SAMPLE_STATUS_TEXT,
  T: RESULT_STATUS_TEXT,
  s: SAMPLING_STATUS_TEXT,
};
/** Statuses the other records share. */
const COMMON_STATUS: Record<string, string> = {
  pending: '待处理',
  reviewing: '审核中',
  approved: '已通过',
  rejected: '已驳回',
  cancelled: '已取消',
  active: '生效中',
  retired: '已下线',
  done: '已完成',
  open: '待处理',
  resolved: '已处理',
  paid: '已打款',
  issued: '已出具',
  confirmed: '已确认',
  disputed: '有异议',
  revoked: '已撤销',
};

/**
 * Bookkeeping no one changes by hand, and what the log never shows; the record's own id (the row
 * names its record); and who made the call as the record stores it (an account id: the row names
 * the person).
 */
const QUIET = new Set([
  'id',
  'rid',
  'updatedAt',
  'passwordHash',
  'codeHash',
  'idempotencyKey',
  'wxOpenid',
  'approverId',
  'cancelledBy',
  'confirmedBy',
  'createdBy',
  'decidedBy',
  'deciderId',
  'grantedBy',
  'issuedBy',
  'repliedBy',
  'resolvedBy',
  'reviewedBy',
  'reviewerId',
  'revokedBy',
]);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const LONG = 120;

export type AuditChange = { field: string; label: string; before: string; after: string };

const recordOf = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const cut = (text: string) => (text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text);

/** A stored field's name in Chinese (the column's own name if none is known). */
export const fieldText = (field: string) => FIELD_TEXT[field] ?? field;

/** An instrument's own opening hours and cancellation deadline (decision 0087), or the lab's. */
function bookingRulesText(value: unknown): string {
  const r = recordOf(value);
  if (!r) return '使用统一设置';
  const parts: string[] = [];
  if (typeof r.open === 'string' && typeof r.close === 'string')
    parts.push(
      hoursText({
        open: r.open,
        close: r.close,
        closed_weekdays: Array.isArray(r.closed_weekdays) ? (r.closed_weekdays as number[]) : [0],
      }),
    );
  if (typeof r.cancel_hours === 'number') parts.push(`开始前 ${r.cancel_hours} 小时截止取消`);
  return parts.join('，') || '使用统一设置';
}

/** An instrument's price unit. */
const PRICE_UNIT_TEXT: Record<string, string> = { hour: '按小时', session: '按次' };

/** Name：value pairs (an instrument's specs). */
const pairsText = (value: unknown[]) =>
  value
    .map((p) => recordOf(p))
    .map((p) => (p ? `${String(p.name ?? '')}：${String(p.value ?? '')}` : ''))
    .join('；');

/** One stored value as a person reads it; `kind` names the record (its statuses differ). */
export function valueText(field: string, value: unknown, kind?: string): string {
  if (field === 'bookingRules') return bookingRulesText(value);
  if (field === 'priceUnit' && typeof value === 'string') return PRICE_UNIT_TEXT[value] ?? value;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number' && field.endsWith('Fen')) return formatFen(value);
  if (typeof value === 'string') {
    if (field === 'status')
      return (kind ? STATUS_TEXT[kind]?.[value] : undefined) ?? COMMON_STATUS[value] ?? value;
    if (field === 'role') return ROLE_TEXT[value as Role] ?? value;
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return shanghaiMinute(value);
    return cut(value);
  }
  if (field === 'specs' && Array.isArray(value)) return cut(pairsText(value) || '—');
  return cut(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a call changed on its record, field by field. A new record (nothing before) lists what it
 * was created with; a removed one (nothing after) what it had.
 */
export function auditChanges(before: unknown, after: unknown, kind?: string): AuditChange[] {
  const b = recordOf(before);
  const a = recordOf(after);
  if (!b && !a) return [];
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .filter((f) => !QUIET.has(f) && !same(b?.[f], a?.[f]))
    .filter((f) => valueText(f, b?.[f], kind) !== valueText(f, a?.[f], kind))
    .map((f) => ({
      field: f,
      label: fieldText(f),
      before: valueText(f, b?.[f], kind),
      after: valueText(f, a?.[f], kind),
    }));
}

/** The fields that name a record, most telling first. */
const NAME_FIELDS = [
  'orderNo',
  'reportNo',
  'sampleNo',
  'title',
  'name',
  'realName',
  'tradeNo',
  'date',
  'key',
];

/** The kind of record a row is about: the call's declared table, else its id's first letter. */
export const recordKind = (declared: string | undefined, rid: string | null) =>
  declared ?? (rid && RECORD_TEXT[rid[0]] ? rid[0] : undefined);

/** The record a row is about, in words: 订单 O…, 员工 王五（138…）, 检测项目 X 射线衍射. */
export function entityText(kind: string | undefined, rid: string | null, record: unknown): string {
  if (!rid) return '—';
  const r = recordOf(record);
  const label = kind ? RECORD_TEXT[kind] : undefined;
  let name: string;
  if ((kind === 'staff' || kind === 'u') && r) {
    const phone = typeof r.phone === 'string' ? r.phone : '';
    name = typeof r.name === 'string' && r.name ? `${r.name}${phone && `（${phone}）`}` : phone || rid;
  } else {
    const field = NAME_FIELDS.find((f) => typeof r?.[f] === 'string' && r[f] !== '');
    name = field ? String(r![field]) : rid;
  }
  return label ? `${label} ${name}` : name;
}

/** A call's name for people: its declared summary without the explanation in brackets. */
export const callText = (summary: string | undefined, action: string) =>
  summary ? summary.replace(/（[^）]*）/g, '').trim() : action === '(unknown)' ? '不存在的接口' : action;

/** What a call was sent, as fields in Chinese (snake_case request names map to the stored ones). */
export const requestFields = (request: unknown): AuditChange[] =>
  Object.entries(request && typeof request === 'object' ? request : {}).map(([key, value]) => {
    const field = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    return { field: key, label: fieldText(field), before: '', after: valueText(field, value) };
  });

/** Ids, keys and the note (shown on its own): what a record's history leaves out of a call's input. */
const UNSENT = /(^|_)rid$|^idempotency_key$|^(note|reason|remark)$/;

/**
 * A row of a record's history: what changed on the record, or, when the call changed nothing the
 * record holds (a manual credit moves the ledger, not the account), what the call was sent.
 */
export const historyChanges = (changes: AuditChange[], request: unknown): AuditChange[] =>
  changes.length ? changes : requestFields(request).filter((c) => !UNSENT.test(c.field));
