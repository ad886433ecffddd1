// Printing an order's sample labels and exporting a sample's custody trail (decision 0074): the
// formats, their words, the requests (with the Chinese messages) and the calls' declarations.
import { z } from '../zod.ts';
import { endpoint } from '../api/endpoint.ts';
import { ridField } from '../orders/order.ts';
import { sampleRidSchema } from './requests.ts';

export const LABEL_FORMATS = ['a4', 'thermal'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** What each format prints on, as the buttons and the file names say it. */
export const LABEL_FORMAT_TEXT: Record<LabelFormat, { button: string; stock: string; file: string }> = {
  a4: { button: 'A4 标签纸', stock: 'A4 不干胶标签纸，每张 3×8 格（70×37 mm）', file: 'A4' },
  thermal: { button: '热敏标签 40×30', stock: '40×30 mm 热敏标签，每页一张', file: '热敏40x30' },
};

/** An order with no physical sample (数据分析, 预约现场) has no labels to print. */
export const NO_SAMPLE_LABELS = '该订单没有需要寄送的样品（数据分析、预约现场项目无需样品标签）';

const FORMAT_ERROR = '[标签格式]须为 a4（A4 标签纸）或 thermal（热敏标签 40×30）';
const SKIP_ERROR = '[跳过标签数]须为 0 至 23 的整数';

/** The format (A4 sheet unless told), and on A4 how many positions of a used sheet to skip. */
const labelFields = {
  format: z.preprocess(
    (v) => (v === undefined || v === '' ? 'a4' : v),
    z.enum(LABEL_FORMATS, { error: FORMAT_ERROR }),
  ),
  skip: z.preprocess(
    (v) => (v === undefined || v === '' ? 0 : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: SKIP_ERROR }).int(SKIP_ERROR).min(0, SKIP_ERROR).max(23, SKIP_ERROR),
  ),
};

/** order/labels (customer, GET): the query string. */
export const labelsQuerySchema = z.object(labelFields, { error: '请求参数格式不正确' });

/** order/labels (staff, POST): the order by its public id and the same choices. */
export const staffLabelsSchema = z.object(
  { rid: ridField(), ...labelFields },
  { error: '请求参数格式不正确' },
);

export const sampleLabelsApi = {
  labels: endpoint({
    method: 'GET',
    path: '/api/auth/order/labels/:rid',
    access: 'signed-in',
    summary: '打印样品标签（PDF）',
    query: labelsQuerySchema,
    produces: "application/pdf: the order's sample labels (A4 3×8 sheets or 40×30 mm thermal)",
  }),
};

// POST with the rid in the body, like the console's other downloads: the staff guard audits the
// call against the record its body names (a reprint counts on the samples).
export const sampleLabelsAdminApi = {
  labels: endpoint({
    method: 'POST',
    path: '/api/admin/order/labels',
    access: 'orders.read',
    audit: 'write',
    summary: '补打样品标签（PDF）',
    body: staffLabelsSchema,
    produces: "application/pdf: the order's sample labels",
  }),
  trailPdf: endpoint({
    method: 'POST',
    path: '/api/admin/sample/trail-pdf',
    access: 'orders.read',
    summary: '导出样品流转记录（PDF）',
    body: sampleRidSchema,
    produces: "application/pdf: one sample's full custody trail",
  }),
};
