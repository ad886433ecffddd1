// Printing an order's sample labels (decision 0074): the customer's own order, or any for staff,
// rendered by the pure renderer of decision 0070, every download counted on each sample in one
// statement; and staff's export of one sample's custody trail (trail-pdf.ts).
import { Hono, type Context } from 'hono';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiEnv } from '../platform/http/api-env.ts';
import type { Services } from '../platform/services.ts';
import { route } from '../platform/http/route.ts';
import { readParam } from '../platform/http/envelope.ts';
import { requireUser } from '../platform/http/auth.ts';
import { DomainError } from '../platform/errors.ts';
import { contentDisposition } from '../files/index.ts';
import { enforce } from '../accounts/index.ts';
import { findOrder, findOwnOrder, type OrderRow } from '../orders/index.ts';
import { samples } from './tables.ts';
import { renderSampleLabels } from './labels-pdf.ts';
import { sampleTrailPdf } from './trail-pdf.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';
import { shanghaiDate } from '../../shared/time.ts';
import {
  LABEL_FORMAT_TEXT,
  NO_SAMPLE_LABELS,
  sampleLabelsAdminApi,
  sampleLabelsApi,
  type LabelFormat,
} from '../../shared/samples/labels.ts';

/** Each labels PDF costs the CPU a few hundred milliseconds: a person prints a few a minute. */
const LABELS_LIMIT = { limit: 30, seconds: 60 };

type Pdf = { bytes: Uint8Array; filename: string };

/** A PDF as a download: Chinese file name (RFC 5987), never cached, never sniffed. */
const sendPdf = (c: Context<ApiEnv>, pdf: Pdf) =>
  c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/pdf',
    'content-disposition': contentDisposition(pdf.filename),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });

/**
 * The labels of an order's samples in their order, then one increment of every sample's print
 * count (one statement, after the PDF is made: a failed render counts nothing).
 */
async function orderLabels(s: Services, order: OrderRow, format: LabelFormat, skip: number): Promise<Pdf> {
  const rows = await s.db
    .select({ sampleNo: samples.sampleNo, name: samples.name, itemName: samples.itemName })
    .from(samples)
    .where(eq(samples.orderId, order.id))
    .orderBy(asc(samples.id));
  if (rows.length === 0)
    throw new DomainError(
      order.status === 'quoting' && order.typeId === 1
        ? '报价后生成样品编号，届时即可打印样品标签'
        : NO_SAMPLE_LABELS,
      200,
      'REFUSED',
    );
  const orderDate = shanghaiDate(order.createdAt);
  const bytes = await renderSampleLabels(
    rows.map((r) => ({ ...r, orderDate })),
    format,
    { title: `样品标签 ${order.orderNo}`, skip: format === 'a4' ? skip : 0 },
  );
  await s.db
    .update(samples)
    .set({ labelPrints: sql`${samples.labelPrints} + 1` })
    .where(eq(samples.orderId, order.id));
  return { bytes, filename: `样品标签-${order.orderNo}-${LABEL_FORMAT_TEXT[format].file}.pdf` };
}

/** The customer's labels call under /api/auth: their own order only (another's reads as not found). */
export function sampleLabelRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, sampleLabelsApi.labels, async (c, input) => {
    const me = requireUser(c);
    const s = c.var.services;
    const { format, skip } = input.query();
    await enforce(s, `user:labels:${me.id}`, LABELS_LIMIT);
    // A download: refusals that are not JSON-readable by a plain link still carry an error status.
    const order = await findOwnOrder(s.db, me.id, readParam(c, 'rid')).catch(() => {
      throw new DomainError(ORDER_NOT_FOUND, 404, 'NOT_FOUND');
    });
    if (order.status === 'cancelled') throw new DomainError('订单已取消，无需打印样品标签', 200, 'REFUSED');
    return sendPdf(c, await orderLabels(s, order, format, skip));
  });
  return r;
}

/** Staff's reprint of an order's labels and export of a sample's trail, under /api/admin. */
export function sampleLabelAdminRoutes() {
  const r = new Hono<ApiEnv>();
  route(r, sampleLabelsAdminApi.labels, async (c, input) => {
    const me = requireUser(c);
    const s = c.var.services;
    const { rid, format, skip } = await input.body();
    await enforce(s, `user:labels:${me.id}`, LABELS_LIMIT);
    const order = await findOrder(s.db, rid);
    return sendPdf(c, await orderLabels(s, order, format, skip));
  });
  route(r, sampleLabelsAdminApi.trailPdf, async (c, input) => {
    const me = requireUser(c);
    const { rid } = await input.body();
    return sendPdf(c, await sampleTrailPdf(c.var.services, me.id, rid));
  });
  return r;
}
