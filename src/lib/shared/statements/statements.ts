// Monthly statements (对账单, decision 0029): the months they cover (Asia/Shanghai), their states
// and texts, and the requests of the assign/* and statement/* calls.
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { SHANGHAI_OFFSET_MS, shanghaiMonth } from '../time.ts';
import { optText, required, ridField } from '../orders/order.ts';

export const STATEMENT_STATUSES = ['pending', 'disputed', 'confirmed', 'superseded'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_STATUS_TEXT: Record<StatementStatus, string> = {
  pending: '待确认',
  disputed: '有异议',
  confirmed: '已确认',
  superseded: '已重开',
};

/** The three kinds of frozen line: orders of the month, orders still owed from before, money moved. */
export const LINE_KINDS = ['order', 'owed', 'movement'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const LINE_KIND_TEXT: Record<LineKind, string> = {
  order: '本月订单',
  owed: '往期待结算',
  movement: '资金往来',
};

export const STATEMENT_NOT_FOUND = '对账单不存在';
export const STATEMENT_SUPERSEDED = '该对账单已重新出具，请查看最新版本';
export const STATEMENT_CONFIRMED = '该对账单已确认，无需重复操作';
export const STATEMENT_DISPUTED = '该对账单已提出异议，请等待工作人员答复';
export const NOT_SETTLEABLE = '不是待结算订单';

const MONTH_RE = /^(\d{4})-(\d{2})$/;

/** The month n months after (or before, n < 0) a 'YYYY-MM'. */
export function addMonth(month: string, n: number): string {
  const m = MONTH_RE.exec(month);
  if (!m) throw new RangeError(`Invalid month ${month}`);
  const total = Number(m[1]) * 12 + Number(m[2]) - 1 + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** [start, end) of a Shanghai calendar month in epoch ms. */
export function monthBounds(month: string): { start: number; end: number } {
  const m = MONTH_RE.exec(month);
  if (!m) throw new RangeError(`Invalid month ${month}`);
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) - SHANGHAI_OFFSET_MS;
  const end = Date.UTC(Number(m[1]), Number(m[2]), 1) - SHANGHAI_OFFSET_MS;
  return { start, end };
}

/** '2026年1月' */
export const monthText = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月`;

/** A finished month: a statement is issued only once its month is over. */
export const isClosedMonth = (month: string, now: number) => month < shanghaiMonth(now);

export const monthField = (label = '对账月份') =>
  required(label, 7).pipe(
    z
      .string()
      .regex(MONTH_RE, `[${label}]格式不正确，应为YYYY-MM`)
      .refine((v) => Number(v.slice(5, 7)) >= 1 && Number(v.slice(5, 7)) <= 12, `[${label}]格式不正确`),
  );

const obj = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: '请求参数格式不正确' });

// ---- customer calls (/api/auth/assign/*) ----

/** assign/statement: my statements (a page), or with `rid` one statement and the versions of its month. */
export const statementQuerySchema = PageRequestSchema.extend({
  rid: optText('对账单', 64).optional(),
  /** A research group's statements (its leader or assistants). */
  group_rid: optText('课题组', 64).optional(),
  status: z.enum(STATEMENT_STATUSES).optional(),
});

export const statementRidSchema = obj({ rid: ridField('对账单') });

/** assign/wrong: the lines in question (their numbers; none = the statement as a whole) and why. */
export const statementDisputeSchema = obj({
  rid: ridField('对账单'),
  lines: z
    .array(z.number({ error: '[异议明细]格式不正确' }).int().min(1).max(10_000), {
      error: '[异议明细]格式不正确',
    })
    .max(200)
    .default([]),
  reason: required('异议原因', 500),
});

/** assign/settlementList: what a statement (or, without one, the customer overall) still owes. */
export const settlementListSchema = obj({ statement_rid: optText('对账单', 64).optional() });

/** assign/settlementOperatePlus: several owed orders at once, from the balance or the credit line. */
export const settlementPaySchema = obj({
  rids: z
    .array(ridField('订单编号'), { error: '[订单]格式不正确' })
    .min(1, '请选择要结算的订单')
    .max(50, '一次最多结算50笔订单'),
  method: z.enum(['balance', 'credit'], { error: '[支付方式]的取值不正确' }).default('balance'),
  idempotency_key: required('请求标识', 64),
  statement_rid: optText('对账单', 64).optional(),
});

// ---- staff calls (/api/admin/statement/*) ----

export const staffStatementListSchema = PageRequestSchema.extend({
  status: z.enum(STATEMENT_STATUSES).optional(),
  /** customer: customers' own; group: research groups'. */
  owner: z.enum(['customer', 'group'], { error: '[对象]的取值不正确' }).optional(),
  month: optText('对账月份', 7).optional(),
  phone: optText('手机号', 11).optional(),
});

export const staffStatementIssueSchema = obj({
  user_rid: optText('客户', 64).optional(),
  phone: optText('手机号', 11).optional(),
  /** A research group's wallet statement instead of a customer's. */
  group_rid: optText('课题组', 64).optional(),
  month: monthField(),
  note: optText('说明', 200),
}).refine((v) => v.user_rid || v.phone || v.group_rid, '[客户手机号]不能为空');

export const staffStatementAnswerSchema = obj({
  rid: ridField('对账单'),
  reply: required('答复内容', 500),
  /** true: issue a new version from the current records; false: the statement stands. */
  reissue: z.boolean({ error: '[是否重新出具]格式不正确' }).default(false),
});
