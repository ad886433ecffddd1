import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { ORDER_NOT_FOUND } from '../../shared/orders/order.ts';
import { shanghaiDate } from '../../shared/time.ts';
import { getPublicSettings, readSetting } from '../catalogue/index.ts';
import { RETENTION_SETTING_KEY, retentionFrom } from '../../shared/samples/disposal.ts';
import { findOrder, findOwnOrder, orderDetail } from '../orders/index.ts';
import { staffRole } from '../staff/index.ts';
import { agreementBlocks, blocksText, type AgreementInput } from './content.ts';
import { renderPdf } from './pdf.ts';

// Other documents (invoices, statements) are laid out the same way.
export { embedCjkFonts, renderPdf, type Fonts } from './pdf.ts';
export { blocksText, type Block } from './content.ts';
import { enforce, referencedUser } from '../accounts/index.ts';

/** Agreement PDFs one user may generate per window. */
export const AGREEMENT_LIMIT = { limit: 20, seconds: 60 };

/**
 * The agreement of an order as a PDF, for its owner or staff (anyone else reads 订单不存在):
 * the customer from their profile, the provider from the site info, the order's items and
 * amounts (待报价 before a quote), sample and delivery terms, signature lines.
 */
export async function agreementPdf(
  s: Services,
  userId: number,
  rid: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  // Each document costs the CPU about half a second: a person needs a few a minute, not more.
  await enforce(s, `user:agreement:${userId}`, AGREEMENT_LIMIT);
  const isStaff = (await staffRole(s.db, userId)) !== null;
  const order = await (isStaff ? findOrder(s.db, rid) : findOwnOrder(s.db, userId, rid)).catch(() => {
    throw new DomainError(ORDER_NOT_FOUND, 404);
  });
  if (order.status === 'cancelled') throw new DomainError('订单已取消');
  const [customer, detail, settings] = await Promise.all([
    referencedUser(s.db, order.userId),
    orderDetail(s.db, order, s.now()),
    getPublicSettings(s),
  ]);
  const site = s.content.site;
  const input: AgreementInput = {
    order: {
      order_no: order.orderNo,
      type_id: order.typeId,
      status: order.status,
      pay_mode: order.payMode,
      amount_fen: order.amountFen,
      quoted_fen: order.quotedFen,
      created: order.createdAt,
      delivery: order.delivery,
      remark: order.remark,
      demand: order.demand ?? null,
      quote: order.quote ?? null,
      items: detail.items,
    },
    customer: {
      name: customer.name ?? '',
      phone: customer.phone ?? '',
      email: customer.email ?? '',
      organization: customer.organization,
      company: customer.company ?? '',
      teacher: customer.teacher ?? '',
      teacher_phone: customer.teacherPhone ?? '',
      company_leader: customer.companyLeader ?? '',
      company_leader_phone: customer.companyLeaderPhone ?? '',
      province: customer.province ?? '',
      city: customer.city ?? '',
      area: customer.area ?? '',
      address: customer.address ?? '',
    },
    provider: {
      name: site.name,
      address: site.localInfo.address,
      phone: site.localInfo.phone,
      email: site.localInfo.email,
      hours: site.hours,
      express: site.localInfo.express,
      pickupCities: settings.samplingInfo.map((c) => c.city),
      keepDays: retentionFrom(await readSetting(s.db, RETENTION_SETTING_KEY)).keep_days,
    },
    today: shanghaiDate(s.now()),
  };
  const blocks = agreementBlocks(input);
  const bytes = await renderPdf(blocks, blocksText(blocks), {
    title: `委托协议 ${order.orderNo}`,
    author: site.name,
    footer: `${site.name} · 订单号 ${order.orderNo}`,
    created: new Date(s.now()),
  });
  return { bytes, filename: `委托协议-${order.orderNo}.pdf` };
}
