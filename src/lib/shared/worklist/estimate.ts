// 预计 N 个工作日内开始测试 (issue 35, decision 0097): the answer the item page, the quote builder
// and the quote show, and the staff call that asks it for an order's items.
import { z } from '../zod.ts';
import { ridOut } from '../responses.ts';
import { chineseDate } from '../time.ts';

export const startEstimateText = (days: number) => `预计 ${days} 个工作日内开始测试`;

export const StartEstimateSchema = z.object({
  /** Working days from receipt within which testing starts. */
  days: z.number().int(),
  /** 预计 N 个工作日内开始测试 */
  text: z.string(),
  /** YYYY-MM-DD (Shanghai): the day testing starts by if the samples arrive tomorrow. */
  start_by: z.string(),
  /** Samples ahead on the instrument. */
  queued: z.number().int(),
  weekly_capacity: z.number().int(),
  device_name: z.string(),
});
export type StartEstimate = z.output<typeof StartEstimateSchema>;

export const startEstimateQuerySchema = z.object(
  {
    item_rids: z
      .array(z.string({ error: '[项目编号]格式不正确' }).trim().min(1, '[项目编号]不能为空').max(64), {
        error: '[项目编号]格式不正确',
      })
      .min(1, '[项目编号]不能为空')
      .max(50, '[项目编号]最多50项'),
  },
  { error: '请求参数格式不正确' },
);

export const StartEstimatesSchema = z.object({
  list: z.array(z.object({ item_rid: ridOut, estimate: StartEstimateSchema.nullable() })),
});
export type StartEstimates = z.output<typeof StartEstimatesSchema>;

/** The words beside 预计 N 个工作日内开始测试: where it counts from and what it rests on. */
export const startEstimateNote = (e: Pick<StartEstimate, 'queued' | 'start_by'>) =>
  `自收样起计，当前排队 ${e.queued} 个样品；若明日送达，约 ${chineseDate(e.start_by)} 前开始`;
