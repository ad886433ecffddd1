// Scan to receive (issue 30, decision 0072): what a scanned code is, the scan call's request and
// answer, and the words of its refusals. Pure, shared by the server and the console's 样品签收.
import { z } from '../zod.ts';
import { endpoint } from '../api/endpoint.ts';
import { optText } from '../orders/order.ts';
import { OrderSampleSchema } from './responses.ts';
import { LOCATION_CODE, LocationSchema, normaliseCode } from './locations.ts';

/** A sample's label code: the order number, a dash, two or three digits (LP20261128048213-07). */
export const SAMPLE_CODE = /^[A-Z0-9]{4,40}-\d{2,3}$/;

export type ScannedCode = { kind: 'sample' | 'location'; code: string } | { kind: 'malformed'; code: string };

/** What a scanner typed: a sample's label, a storage location's label, or neither. */
export function classifyCode(raw: string): ScannedCode {
  const code = normaliseCode(raw);
  if (LOCATION_CODE.test(code)) return { kind: 'location', code };
  if (SAMPLE_CODE.test(code)) return { kind: 'sample', code };
  return { kind: 'malformed', code };
}

export const SCAN_MALFORMED = '无法识别的条码，请扫描样品标签或存储位置标签';
export const scanUnknown = (code: string) => `未找到样品「${code}」，请核对标签`;
export const scanOtherOrder = (code: string, orderNo: string, openNo: string) =>
  `样品「${code}」属于订单 ${orderNo}，不是当前签收的订单 ${openNo}`;
export const scanDuplicate = (code: string, at: string, by: string) =>
  `样品「${code}」已于 ${at}${by ? ` 由 ${by}` : ''} 签收，无需重复扫描`;
export const scanAlreadyThere = (code: string, place: string) => `样品「${code}」已存放在「${place}」`;
export const SCAN_ORDER_CLOSED = '该订单已取消，不能签收样品';
export const LOCATION_ARCHIVED = '该存储位置已归档，不能再存放样品';
export const NOTHING_SCANNED = '尚未扫描任何样品，不能完成签收';

/** The missing samples as the receipt and the customer's message list them. */
export const missingText = (nos: readonly string[]) => `未收到样品：${nos.join('、')}`;

/**
 * sample/scan: one scanned code. `order_rid` is the order open on the screen (a sample of another
 * is refused); `location_code` the storage location scanned before (the sample is stored there).
 */
export const sampleScanSchema = z.object(
  {
    code: z.string({ error: '[条码]不能为空' }).trim().min(1, '[条码]不能为空').max(80, SCAN_MALFORMED),
    order_rid: optText('当前订单', 64),
    location_code: optText('存储位置', 40),
  },
  { error: '请求参数格式不正确' },
);

/** The order a scanned sample belongs to, as the screen's panel shows it. */
export const ScanOrderSchema = z.object({
  rid: z.string(),
  order_no: z.string(),
  status: z.string(),
  status_text: z.string(),
  /** How many samples the order has, and how many the lab holds (received or further). */
  samples: z.number().int(),
  received: z.number().int(),
  /** The IDs not yet received, in label order. */
  missing: z.array(z.string()),
  customer: z.object({ name: z.string(), company: z.string() }),
});
export type ScanOrder = z.output<typeof ScanOrderSchema>;

export const SampleScanSchema = z.object({
  /** What the code was: a sample received (and stored), or a location to store the next ones. */
  outcome: z.enum(['received', 'stored', 'location']),
  code: z.string(),
  sample: OrderSampleSchema.nullable(),
  order: ScanOrderSchema.nullable(),
  location: LocationSchema.nullable(),
});
export type SampleScan = z.output<typeof SampleScanSchema>;

export const scanAdminApi = {
  scan: endpoint({
    method: 'POST',
    path: '/api/admin/sample/scan',
    access: 'orders.process',
    summary: '扫码签收样品（样品码签收，位置码之后的样品入库）',
    body: sampleScanSchema,
    response: SampleScanSchema,
    audit: { record: 'sample' },
  }),
  receipt: endpoint({
    method: 'POST',
    path: '/api/admin/sample/receipt',
    access: 'orders.read',
    summary: '订单的签收进度（已收、缺失的样品）',
    body: z.object({ rid: optText('订单编号', 64) }, { error: '请求参数格式不正确' }),
    response: ScanOrderSchema,
  }),
};
export type SampleScanRequest = z.output<typeof sampleScanSchema>;
