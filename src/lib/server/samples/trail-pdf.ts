// One sample's full custody trail as a PDF for staff (decision 0074): the sample, its order and
// customer, then every event oldest first with its time in Beijing time, what happened, the move,
// who did it, the particulars and the note. Laid out by the agreement's renderer (CJK font subset,
// page x / y in the footer).
import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { enforce, findUserById, referencedUser } from '../accounts/index.ts';
import { blocksText, renderPdf, type Block } from '../agreement/index.ts';
import { orderDirectory } from '../orders/index.ts';
import { samples } from './tables.ts';
import { toOrderSample, trailOf } from './read.ts';
import { SAMPLE_NOT_FOUND, SAMPLE_STATUS_TEXT } from '../../shared/samples/samples.ts';
import type { OrderSample, SampleEvent } from '../../shared/samples/responses.ts';
import { shanghaiMinute, shanghaiSecond } from '../../shared/time.ts';

const TRAIL_PDF_LIMIT = { limit: 30, seconds: 60 };
const order = orderDirectory('trail_order');

type Party = { name: string; company: string; phone: string };

const ACTOR_TEXT = { customer: '客户', system: '系统', staff: '工作人员' } as const;

/** Who did it, as the record names them: the staff member, the customer, or the system. */
function actorOf(e: SampleEvent, customer: Party): string {
  if (e.actor === 'staff') return e.by || ACTOR_TEXT.staff;
  if (e.actor === 'customer') return `${ACTOR_TEXT.customer}${customer.name ? ` ${customer.name}` : ''}`;
  return ACTOR_TEXT.system;
}

/** The trail's blocks (pure: tested through the PDF's text). */
function trailBlocks(
  s: OrderSample,
  o: { orderNo: string; createdAt: Date },
  customer: Party,
  events: SampleEvent[],
  meta: { site: string; exportedAt: number; exportedBy: string },
): Block[] {
  return [
    { kind: 'title', text: '样品流转记录' },
    {
      kind: 'meta',
      text: `${meta.site} · 导出于 ${shanghaiMinute(meta.exportedAt)}（北京时间）${meta.exportedBy ? ` · 导出人 ${meta.exportedBy}` : ''}`,
    },
    {
      kind: 'fields',
      title: '样品',
      rows: [
        ['样品编号', s.sample_no],
        ['样品名称', s.name || '—'],
        ['检测项目', s.item_name || '—'],
        ['当前状态', SAMPLE_STATUS_TEXT[s.status]],
        ['存放位置', s.location ?? '—'],
        ['处置方式', s.retention.text || '—'],
        ['标签打印', `${s.label_prints} 次`],
      ],
    },
    {
      kind: 'fields',
      title: '订单与客户',
      rows: [
        ['订单号', o.orderNo],
        ['下单时间', shanghaiMinute(o.createdAt)],
        ['客户', customer.name || '—'],
        ['单位', customer.company || '—'],
        ['手机', customer.phone || '—'],
      ],
    },
    { kind: 'heading', text: `流转记录（共 ${events.length} 条，时间为北京时间）` },
    {
      kind: 'table',
      head: ['序号', '时间', '事件', '状态', '经办人', '详情', '备注'],
      widths: [0.07, 0.13, 0.13, 0.15, 0.13, 0.23, 0.16],
      align: ['center', 'left', 'left', 'left', 'left', 'left', 'left'],
      rows: events.map((e, i) => [
        String(i + 1),
        shanghaiSecond(e.at),
        e.kind_text,
        e.from && e.from !== e.to ? `${SAMPLE_STATUS_TEXT[e.from]} → ${e.to_text}` : e.to_text,
        actorOf(e, customer),
        e.detail || '—',
        e.note || '—',
      ]),
    },
    {
      kind: 'para',
      text: '本记录由系统按样品流转事件生成；事件只可追加，不可修改或删除，更正以新事件记录。',
    },
  ];
}

/** sample/trail-pdf: one sample's whole trail, for staff who read orders. */
export async function sampleTrailPdf(
  s: Services,
  staffId: number,
  rid: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  await enforce(s, `user:trail-pdf:${staffId}`, TRAIL_PDF_LIMIT);
  const [row] = await s.db
    .select({ s: samples, orderNo: order.orderNo, createdAt: order.createdAt, userId: order.userId })
    .from(samples)
    .innerJoin(order, eq(order.id, samples.orderId))
    .where(eq(samples.rid, rid));
  if (!row) throw new DomainError(SAMPLE_NOT_FOUND, 404, 'NOT_FOUND');
  const [events, u, staff] = await Promise.all([
    trailOf(s.db, row.s.id, true),
    referencedUser(s.db, row.userId),
    findUserById(s.db, staffId),
  ]);
  const sample = toOrderSample(row.s, events.length);
  const site = s.content.site.name;
  const blocks = trailBlocks(
    sample,
    row,
    { name: u?.name ?? '', company: u?.company ?? '', phone: u?.phone ?? '' },
    events,
    { site, exportedAt: s.now(), exportedBy: staff?.name || staff?.phone || '' },
  );
  const bytes = await renderPdf(blocks, blocksText(blocks), {
    title: `样品流转记录 ${sample.sample_no}`,
    author: site,
    footer: `${site} · 样品流转记录 ${sample.sample_no}`,
    created: new Date(s.now()),
  });
  return { bytes, filename: `样品流转记录-${sample.sample_no}.pdf` };
}
