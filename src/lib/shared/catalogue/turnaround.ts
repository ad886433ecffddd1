// An item's promised turnaround (issue 32, decision 0079): working days from receipt to data, and
// optionally a faster 加急 with its own days and fee per sample. Items' parameters carry no prices,
// so 加急 is its own pair of columns rather than a priced choice; staff apply it in a quote. The
// request and answer schemas shared by the console's section of the item editor and the server,
// and what the item page, the plan and the quote show.
import { z } from '../zod.ts';
import { MAX_AMOUNT_FEN } from '../money.ts';
import { fen, ridOut } from '../responses.ts';
import { MAX_TURNAROUND_DAYS, estimateText, turnaroundText } from '../calendar/promise.ts';

const blank = (v: unknown) => v === undefined || v === null || v === '';
/** An item's address slug (imports nothing of orders: the catalogue's answers include this file). */
const itemRid = z
  .string({ error: (iss) => (blank(iss.input) ? '[项目编号]不能为空' : '[项目编号]格式不正确') })
  .trim()
  .min(1, '[项目编号]不能为空')
  .max(64, '[项目编号]格式不正确');
const optionalInt = (label: string, min: number, max: number, range: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: `[${label}]格式不正确` })
      .int(`[${label}]${range}`)
      .min(min, `[${label}]${range}`)
      .max(max, `[${label}]${range}`)
      .nullable(),
  );

export const EXPEDITE_NOT_FASTER = '[加急工作日]应少于承诺工作日';
export const EXPEDITE_NEEDS_PROMISE = '请先填写[承诺工作日]，再设置加急';
export const EXPEDITE_FEE_NEEDS_DAYS = '填写[加急费]时须同时填写[加急工作日]';
export const EXPEDITE_DAYS_NEED_FEE = '填写[加急工作日]时须同时填写[加急费]';

/** catalogue/item/turnaround/save: the promise (null: none), and 加急 (both or neither). */
export const itemTurnaroundSaveSchema = z
  .object(
    {
      rid: itemRid,
      turnaround_days: optionalInt(
        '承诺工作日',
        1,
        MAX_TURNAROUND_DAYS,
        `应为1-${MAX_TURNAROUND_DAYS}的整数`,
      ),
      expedite_days: optionalInt('加急工作日', 1, MAX_TURNAROUND_DAYS, `应为1-${MAX_TURNAROUND_DAYS}的整数`),
      expedite_fee_fen: optionalInt('加急费', 0, MAX_AMOUNT_FEN, '应为0或正数（单位：分）'),
    },
    { error: '请求参数格式不正确' },
  )
  .superRefine((v, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (v.expedite_days !== null && v.turnaround_days === null) fail(EXPEDITE_NEEDS_PROMISE);
    else if (v.expedite_days !== null && v.expedite_days >= v.turnaround_days!) fail(EXPEDITE_NOT_FASTER);
    else if (v.expedite_fee_fen !== null && v.expedite_days === null) fail(EXPEDITE_FEE_NEEDS_DAYS);
    else if (v.expedite_days !== null && v.expedite_fee_fen === null) fail(EXPEDITE_DAYS_NEED_FEE);
  });
export type ItemTurnaroundSave = z.output<typeof itemTurnaroundSaveSchema>;

export const itemTurnaroundQuerySchema = z.object({ rid: itemRid });

export const ItemTurnaroundSchema = z.object({
  rid: ridOut,
  turnaround_days: z.number().int().nullable(),
  expedite_days: z.number().int().nullable(),
  expedite_fee_fen: fen.nullable(),
});
export type ItemTurnaround = z.output<typeof ItemTurnaroundSchema>;

/** What a customer is shown of a promise: days, and the date if the samples arrived tomorrow. */
export const TurnaroundSchema = z.object({
  days: z.number().int(),
  /** 预计 N 个工作日出数据 */
  text: z.string(),
  /** YYYY-MM-DD (Shanghai), computed on the server. */
  estimate_date: z.string(),
  /** 若明日送达，预计 2026年10月13日 出数据 */
  estimate_text: z.string(),
  /** 加急: fewer days for a fee per sample, applied by staff in a quote; null when not offered. */
  expedite: z
    .object({ days: z.number().int(), fee_fen: fen, text: z.string(), estimate_date: z.string() })
    .nullable(),
});
export type Turnaround = z.output<typeof TurnaroundSchema>;

/** The promise as shown, from the item's columns and the estimates the server computed. */
export function turnaroundOf(
  item: { turnaroundDays: number | null; expediteDays: number | null; expediteFeeFen: number | null },
  estimate: (days: number) => string,
): Turnaround | null {
  if (!item.turnaroundDays) return null;
  const date = estimate(item.turnaroundDays);
  return {
    days: item.turnaroundDays,
    text: turnaroundText(item.turnaroundDays),
    estimate_date: date,
    estimate_text: estimateText(date),
    expedite:
      item.expediteDays && item.expediteFeeFen !== null
        ? {
            days: item.expediteDays,
            fee_fen: item.expediteFeeFen,
            text: `加急 ${item.expediteDays} 个工作日`,
            estimate_date: estimate(item.expediteDays),
          }
        : null,
  };
}
