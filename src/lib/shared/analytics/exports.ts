// Report exports (issue 35, decision 0099): a detail too large to answer in one call — every order
// movement of a range — is written to a workbook by a background job; the console lists the
// staff member's exports with their state and downloads each once it is ready.
import { z } from '../zod.ts';
import { dateOut, ridOut } from '../responses.ts';
import { ridField } from '../orders/order.ts';
import { dateField, rangeChecks } from './turnaround.ts';

export const EXPORT_KINDS = ['revenue_detail'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_KIND_TEXT: Record<ExportKind, string> = { revenue_detail: '营收明细' };

export const EXPORT_STATUSES = ['queued', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_TEXT: Record<ExportStatus, string> = {
  queued: '生成中',
  done: '已完成',
  failed: '生成失败',
};

/** How long a finished export's file is kept for download. */
export const EXPORT_KEEP_DAYS = 7;

/** analytics/export/add: an export of one kind over a range of days (Shanghai). */
export const exportAddSchema = rangeChecks(
  z.object(
    {
      kind: z.enum(EXPORT_KINDS, { error: '[导出类型]不正确' }),
      from: dateField('开始日期'),
      to: dateField('结束日期'),
    },
    { error: '请求参数格式不正确' },
  ),
);

export const exportRidSchema = z.object({ rid: ridField('导出记录') }, { error: '请求参数格式不正确' });

export const ExportSchema = z.object({
  rid: ridOut,
  kind: z.enum(EXPORT_KINDS),
  kind_text: z.string(),
  from: dateOut,
  to: dateOut,
  status: z.enum(EXPORT_STATUSES),
  status_text: z.string(),
  /** Rows written, once done. */
  rows: z.number().int().nullable(),
  filename: z.string(),
  error: z.string(),
  created: z.string(),
  finished: z.string().nullable(),
});
export type Export = z.output<typeof ExportSchema>;
export const ExportListSchema = z.object({ list: z.array(ExportSchema) });

/** The detail's columns: key and heading. */
export const REVENUE_DETAIL_COLUMNS = [
  ['at', '时间'],
  ['order_no', '订单号'],
  ['kind', '类型'],
  ['customer', '客户'],
  ['phone', '手机'],
  ['organisation', '单位'],
  ['customer_kind', '客户类型'],
  ['items', '检测项目'],
  ['group', '课题组'],
  ['promoter', '推广人'],
  ['net', '净收入（元）'],
  ['cash', '现金（元）'],
  ['bonus', '赠送金（元）'],
  ['coupon', '优惠券（元）'],
  ['credit', '信用（元）'],
] as const;
