// An itemised quote (decision 0039): the lines staff write for an order in 待报价, an optional
// discount, the total that becomes the order's quoted amount, how long the customer may accept
// it, and a note to the customer. The request schema is shared by the console's quote builder and
// the server; the arithmetic and the expiry rule are pure and used by both.
import { z } from '../zod.ts';
import { MAX_AMOUNT_FEN } from '../money.ts';
import { addDays, isValidDate } from '../slots.ts';
import { fenField, optText, required, ridField } from './order.ts';
import { MAX_TURNAROUND_DAYS } from '../calendar/promise.ts';

export const QUOTE_MAX_LINES = 20;
export const QUOTE_MAX_QUANTITY = 9999;
/** The latest validity a quote may be given, in days from today. */
export const QUOTE_MAX_VALID_DAYS = 365;

export const QUOTE_EXPIRED = '报价已过期，请联系业务经理重新报价';
export const QUOTE_TOTAL_MISMATCH = '报价金额与明细合计不一致';
export const QUOTE_EMPTY = '[报价明细]不能为空';
export const DISCOUNT_TOO_BIG = '[优惠金额]不能超过明细合计';
export const QUOTE_NOT_POSITIVE = '[报价合计]必须大于0';
export const QUOTE_TOO_BIG = '[报价合计]过大';
export const VALID_UNTIL_PAST = '[有效期]不能早于今天';
export const VALID_UNTIL_TOO_FAR = `[有效期]不能超过${QUOTE_MAX_VALID_DAYS}天`;
export const REQUOTE_NOT_QUOTED = '只有已报价的订单可以重新报价';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const int = (label: string, min: number, max: number, range: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (blank(iss.input) ? `[${label}]不能为空` : `[${label}]格式不正确`) })
      .int(`[${label}]${range}`)
      .min(min, `[${label}]${range}`)
      .max(max, `[${label}]${range}`),
  );

/** One line as staff type it: what, a word on it, how many, at what unit price (fen). */
export const quoteLineSchema = z.object(
  {
    name: required('项目名称', 100),
    description: optText('说明', 200),
    quantity: int('数量', 1, QUOTE_MAX_QUANTITY, `应为1-${QUOTE_MAX_QUANTITY}的整数`),
    unit_price_fen: int('单价', 0, MAX_AMOUNT_FEN, '应为0或正数（单位：分）'),
  },
  { error: '[报价明细]格式不正确' },
);
export type QuoteLineInput = z.output<typeof quoteLineSchema>;

/** The lines, each checked on its own so the message names the row: 第2行：[数量]不能为空. */
const linesField = z
  .array(z.unknown(), { error: '[报价明细]格式不正确' })
  .max(QUOTE_MAX_LINES, `[报价明细]最多${QUOTE_MAX_LINES}行`)
  .transform((rows, ctx) => {
    const out: QuoteLineInput[] = [];
    for (const [i, row] of rows.entries()) {
      const parsed = quoteLineSchema.safeParse(row);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `第${i + 1}行：${parsed.error.issues[0]?.message ?? ''}` });
        return z.NEVER;
      }
      out.push(parsed.data);
    }
    return out;
  });

const absent = (v: unknown) => (v === null || v === '' ? undefined : v);

/**
 * order/quote: the itemised lines (with an optional discount) or, as before, one amount
 * (`quoted_fen`); with both, the amount must be the lines' total. `valid_until` (YYYY-MM-DD,
 * Shanghai, the last day the customer may accept) defaults to QUOTE_VALID_DAYS from today.
 */
export const quoteSchema = z
  .object(
    {
      rid: ridField(),
      lines: linesField.optional(),
      discount_name: optText('优惠说明', 50),
      discount_fen: z.preprocess(
        absent,
        int('优惠金额', 0, MAX_AMOUNT_FEN, '应为0或正数（单位：分）').optional(),
      ),
      quoted_fen: z.preprocess(absent, fenField('报价金额').optional()),
      valid_until: z.preprocess(
        absent,
        optText('有效期', 10)
          .refine((v) => isValidDate(v), '[有效期]格式不正确')
          .optional(),
      ),
      note: optText('说明', 500),
      /**
       * The promised working days from receipt to data (decision 0079), e.g. 加急's; absent: the
       * longest promise of the order's items.
       */
      turnaround_days: z.preprocess(
        absent,
        int('承诺工作日', 1, MAX_TURNAROUND_DAYS, `应为1-${MAX_TURNAROUND_DAYS}的整数`).optional(),
      ),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine((q, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!q.lines?.length) {
      if (q.quoted_fen === undefined) fail(QUOTE_EMPTY);
      else if (q.discount_fen) fail('[优惠金额]只能用于报价明细');
      return;
    }
    const priced = priceQuote(q.lines, q.discount_fen ?? 0);
    if ((q.discount_fen ?? 0) > priced.subtotal_fen) fail(DISCOUNT_TOO_BIG);
    else if (priced.total_fen <= 0) fail(QUOTE_NOT_POSITIVE);
    else if (priced.total_fen > MAX_AMOUNT_FEN) fail(QUOTE_TOO_BIG);
    else if (q.quoted_fen !== undefined && q.quoted_fen !== priced.total_fen) fail(QUOTE_TOTAL_MISMATCH);
  });
export type QuoteRequest = z.output<typeof quoteSchema>;

export type QuoteLine = QuoteLineInput & { amount_fen: number };

/** Each line's amount (quantity × unit price), their sum, and the total after the discount. */
export function priceQuote(lines: readonly QuoteLineInput[], discountFen = 0) {
  const priced: QuoteLine[] = lines.map((l) => ({ ...l, amount_fen: l.quantity * l.unit_price_fen }));
  const subtotal = priced.reduce((n, l) => n + l.amount_fen, 0);
  return { lines: priced, subtotal_fen: subtotal, total_fen: subtotal - discountFen };
}

/** The quote as an order keeps it (orders.quote) and answers it. */
export type StoredQuote = {
  lines: QuoteLine[];
  subtotal_fen: number;
  /** An optional discount line: its words and amount. */
  discount: { name: string; amount_fen: number } | null;
  total_fen: number;
  /** The last day (Shanghai) the customer may accept the quote. */
  valid_until: string;
  note: string;
  quoted_at: string;
  /** The working days promised from receipt to data (absent on quotes made before decision 0079). */
  turnaround_days?: number | null;
  /** 预计收样后 N 个工作日内开始测试 when quoted (decision 0097); absent or null: no estimate. */
  start_estimate_days?: number | null;
};

/** After `valid_until` (a Shanghai date), on `today` (also one), the quote may not be accepted. */
export const quoteExpired = (validUntil: string | null | undefined, today: string) =>
  Boolean(validUntil) && today > validUntil!;

/** Why a validity date cannot be used today, or null. */
export function validUntilProblem(validUntil: string, today: string): string | null {
  if (!isValidDate(validUntil)) return '[有效期]格式不正确';
  if (validUntil < today) return VALID_UNTIL_PAST;
  if (validUntil > addDays(today, QUOTE_MAX_VALID_DAYS)) return VALID_UNTIL_TOO_FAR;
  return null;
}

/**
 * Paying a 待付款 order accepts its quote: refused once the quote has expired (QUOTE_EXPIRED).
 * Other payments (a bill after the test, a price difference) do not depend on it.
 */
export const acceptsExpiredQuote = (
  o: { status: string; quote_valid_until: string | null | undefined },
  today: string,
) => o.status === 'unpaid' && quoteExpired(o.quote_valid_until, today);
