// The results calls' requests (decision 0075), with the Chinese messages of the other forms.
import { z } from '../zod.ts';
import { optText, required, ridField } from '../orders/order.ts';
import { PageRequestSchema } from '../pagination.ts';
import { REVIEW_COUNTS } from './results.ts';

const body = { error: '请求参数格式不正确' };
const resultRid = () => ridField('结果编号');

/** result/list: an order's results, by the order's public id. */
export const resultOrderSchema = z.object({ rid: ridField() }, body);

/** result/submit: one result by its public id. */
export const resultRidSchema = z.object({ rid: resultRid() }, body);

const entrySchema = z.object(
  {
    /** The field's key, or FREE_TEXT_KEY for an item without fields. */
    key: z.string({ error: '[结果字段]格式不正确' }).trim().min(1, '[结果字段]不能为空').max(30),
    value: optText('结果', 2000),
    remark: optText('备注', 500),
  },
  { error: '[结果]格式不正确' },
);

/**
 * result/save: the draft entries of one result; those unchanged are not written again, a changed
 * one supersedes the last (entries are never edited). Method and instrument apply to each entry.
 */
export const resultSaveSchema = z.object(
  {
    rid: resultRid(),
    method: optText('检测方法', 120),
    instrument: optText('仪器', 80),
    entries: z.array(entrySchema, { error: '[结果]格式不正确' }).max(40, '[结果]最多40项'),
  },
  body,
);
export type ResultSaveRequest = z.output<typeof resultSaveSchema>;

/** result/review: 通过, or 退回 with a reason. */
export const resultReviewSchema = z.object(
  {
    rid: resultRid(),
    verdict: z.enum(['approve', 'return'], { error: '[审核结论]只能是 approve 或 return' }),
    reason: optText('原因', 200),
  },
  body,
);

/** result/reopen: 重测 of an approved result, with its reason. */
export const resultReopenSchema = z.object({ rid: resultRid(), reason: required('重测原因', 200) }, body);

/** result/queue: the results waiting for review, oldest first. */
export const resultQueueSchema = PageRequestSchema;

/** result/settings/save: how many reviews release a result. */
export const resultSettingsSchema = z.object(
  {
    reviews_required: z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z.union(
        REVIEW_COUNTS.map((n) => z.literal(n)),
        { error: '[审核次数]只能是 1 或 2' },
      ),
    ),
  },
  body,
);
