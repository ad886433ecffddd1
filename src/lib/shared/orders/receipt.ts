// The record staff keep when samples arrive (decision 0039): how many came, in what condition,
// photos of them; or why they were refused. Shared by the console's receipt form and the server.
import { z } from '../zod.ts';
import { optText, required, ridField } from './order.ts';

export const RECEIPT_CONDITIONS = ['intact', 'damaged', 'count_mismatch', 'other'] as const;
export type ReceiptCondition = (typeof RECEIPT_CONDITIONS)[number];
export const RECEIPT_CONDITION_TEXT: Record<ReceiptCondition, string> = {
  intact: '完好',
  damaged: '破损',
  count_mismatch: '数量不符',
  other: '其他',
};

export const RECEIPT_MAX_PHOTOS = 6;
export const RECEIPT_MAX_COUNT = 9999;
export const RECEIPT_PHOTO_GONE = '[收样照片]不存在或已使用，请重新上传';

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Count, condition (其他 needs words), photos: at least `minPhotos`, at most six. */
const receiptOf = (minPhotos: number) =>
  z
    .object(
      {
        count: z.preprocess(
          (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
          z
            .number({
              error: (iss) => (blank(iss.input) ? '[实收数量]不能为空' : '[实收数量]格式不正确'),
            })
            .int(`[实收数量]应为1-${RECEIPT_MAX_COUNT}的整数`)
            .min(1, `[实收数量]应为1-${RECEIPT_MAX_COUNT}的整数`)
            .max(RECEIPT_MAX_COUNT, `[实收数量]应为1-${RECEIPT_MAX_COUNT}的整数`),
        ),
        condition: z.enum(RECEIPT_CONDITIONS, {
          error: (iss) => (blank(iss.input) ? '[样品状况]不能为空' : '[样品状况]不正确'),
        }),
        condition_note: optText('状况说明', 200),
        photo_rids: z.preprocess(
          (v) => (v === undefined || v === null ? [] : v),
          z
            .array(z.string().trim().min(1).max(64), { error: '[收样照片]格式不正确' })
            .min(minPhotos, `请上传${minPhotos}-${RECEIPT_MAX_PHOTOS}张收样照片`)
            .max(RECEIPT_MAX_PHOTOS, `[收样照片]最多${RECEIPT_MAX_PHOTOS}张`)
            .refine((r) => new Set(r).size === r.length, '[收样照片]重复'),
        ),
      },
      { error: '[收样记录]格式不正确' },
    )
    .refine((r) => r.condition !== 'other' || r.condition_note !== '', {
      message: '样品状况为「其他」时请填写[状况说明]',
    });

/** A receipt as staff record it with 确认收样: one to six photos. */
export const receiptSchema = receiptOf(1);
/** What arrived, recorded with a refusal: photos optional. */
export const refusedReceiptSchema = receiptOf(0);
export type ReceiptInput = z.output<typeof refusedReceiptSchema>;

/**
 * order/receive: the sample receipt step. The console always sends `receipt`; a call without it
 * (the pickup screen's 确认收样, scripts) still receives, recording nothing more.
 */
export const receiveSchema = z.object(
  {
    rid: ridField(),
    note: optText('说明', 500),
    receipt: receiptSchema.optional(),
    /**
     * Which samples it receives (decision 0072): every one still to come (default), or only those
     * scanned on 样品签收, the others reported missing (数量不符).
     */
    samples: z.enum(['all', 'scanned'], { error: '[签收方式]不正确' }).optional(),
  },
  { error: '请求参数格式不正确' },
);

/** order/reject: the samples are refused; the customer is told why and sends them again. */
export const rejectSchema = z.object(
  {
    rid: ridField(),
    reason: required('拒收原因', 500),
    receipt: refusedReceiptSchema.optional(),
  },
  { error: '请求参数格式不正确' },
);
