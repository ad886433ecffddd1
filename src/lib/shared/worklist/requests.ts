// The worklist calls' requests (decision 0082).
import { z } from '../zod.ts';
import { required, ridField } from '../orders/order.ts';
import { PageRequestSchema, sortFields } from '../pagination.ts';
import { WORK_VIEWS } from './work.ts';

const body = { error: '请求参数格式不正确' };

/** worklist/list: 我的 (what I hold) or 全部. */
export const workListSchema = z.object(
  { view: z.enum(WORK_VIEWS, { error: '[视图]只能是 mine 或 all' }).default('mine') },
  body,
);

/** worklist/take, start, done: one piece of work, by its result's public id. */
export const workRidSchema = z.object({ rid: ridField('结果编号') }, body);

/** worklist/handover: take over work another holds, with the reason (kept with the hand-over). */
export const workHandoverSchema = z.object(
  { rid: ridField('结果编号'), reason: required('转交原因', 200) },
  body,
);

/**
 * The due lists' columns sorted on the server (decision 0095); 剩余/已超期 follow the due date (the
 * deadline is its end). By default the soonest deadline first.
 */
export const DUE_SORTS = ['order', 'due', 'left', 'customer', 'holders'] as const;
export type DueSort = (typeof DUE_SORTS)[number];

/** worklist/due: the orders 即将超期 (soon) or 已超期 (breached). */
export const dueListSchema = PageRequestSchema.extend({
  kind: z.enum(['soon', 'breached'], { error: '[类型]只能是 soon 或 breached' }).default('soon'),
  ...sortFields(DUE_SORTS),
});
