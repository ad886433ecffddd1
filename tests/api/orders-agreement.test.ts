import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { pdfText } from '../support/pdf.ts';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { PROFILE } from '../factories/users.ts';
import type { DemandResult } from '#shared/orders/demand.ts';
import { formatFen } from '#shared/money.ts';
import { AGREEMENT_LIMIT } from '#server/agreement/index.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function placed(h: Record<string, string>) {
  const it1 = await o.demoItem(1);
  const res = await t.post<{ list: { rid: string; order_no: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
    h,
  );
  return { ...res.body.data.list[0], item: it1 };
}

const download = (rid: string, h: Record<string, string> = {}) =>
  t.api.request(`/api/auth/order/protocol/${rid}`, { headers: h });

/** The embedded fonts: their names and the glyph count of each embedded font program. */
async function embeddedFonts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts: { name: string; glyphs: number; bytes: number }[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const ref = obj.get(PDFName.of('FontFile2'));
    expect(ref).toBeInstanceOf(PDFRef);
    const stream = doc.context.lookup(ref as PDFRef) as PDFRawStream;
    const program = inflateSync(Buffer.from(stream.getContents()));
    fonts.push({
      name: String(obj.get(PDFName.of('FontName'))),
      glyphs: fontkit.create(program).numGlyphs,
      bytes: program.length,
    });
  }
  return { fonts, pages: doc.getPageCount() };
}

describe('GET order/protocol/:rid — the agreement as a PDF', () => {
  it('gives the owner a small, parseable PDF with a CJK font subset and the order in Chinese', async () => {
    const me = await o.customer();
    const order = await placed(me.h);
    const res = await download(order.rid, me.h);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="____-${order.order_no}.pdf"; filename*=UTF-8''${encodeURIComponent(`委托协议-${order.order_no}.pdf`)}`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // Small: the whole font would be megabytes.
    expect(bytes.byteLength).toBeLessThan(150 * 1024);

    const { fonts, pages } = await embeddedFonts(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(fonts.length).toBeGreaterThanOrEqual(1);
    for (const f of fonts) {
      // A subset by the PDF convention (six-letter tag) and in fact: hundreds of glyphs, not 8 000.
      expect(f.name).toMatch(/^\/[A-Z]{6}\+NotoSansSC$/);
      expect(f.glyphs).toBeLessThan(800);
    }

    const text = await pdfText(bytes);
    for (const expected of [
      '送样检测服务委托协议',
      order.order_no,
      '甲方（委托方）',
      '复旦大学', // the customer's company (tests/factories PROFILE)
      '乙方（受托方）',
      '科研检测服务平台',
      order.item.name,
      '样品处置',
      '上海市、苏州市可预约免费上门取样',
      '甲方（签字/盖章）',
    ])
      expect(text.replace(/\s+/g, ''), expected).toContain(expected.replace(/\s+/g, ''));
  });

  it('writes 待报价 for a quote request, and the quote once quoted', async () => {
    const me = await o.customer('enterprise');
    const demand = await t.post<DemandResult>(
      '/api/auth/order/demand',
      {
        type_id: 3,
        description: '第一性原理计算能带结构',
        contact_name: '王总',
        contact_phone: '13800002222',
      },
      me.h,
    );
    const rid = demand.body.data.rid;
    let text = await pdfText(new Uint8Array(await (await download(rid, me.h)).arrayBuffer()));
    expect(text).toContain('数据分析服务委托协议');
    expect(text).toContain('费用合计：待报价');
    expect(text).toContain('第一性原理计算能带结构');
    expect(text).toContain('全额预付');

    await o.move('order/quote', { rid, quoted_fen: 123_456 });
    text = await pdfText(new Uint8Array(await (await download(rid, me.h)).arrayBuffer()));
    expect(text).toContain(`费用合计：${formatFen(123_456)}（乙方报价）`);
  });

  it('embeds a character the main font file lacks from another slice of the family', async () => {
    const me = await o.customer();
    const profile = await t.post(
      '/api/auth/update4profile',
      { ...PROFILE, organization: 3, company: '髙﨑材料研究所', email: 'k@example.com' },
      me.h,
    );
    expect(profile.body.code).toBe(1);
    const order = await placed(me.h);
    const bytes = new Uint8Array(await (await download(order.rid, me.h)).arrayBuffer());
    const { fonts } = await embeddedFonts(bytes);
    expect(fonts).toHaveLength(2);
    expect(await pdfText(bytes)).toContain('髙﨑材料研究所');
  });

  it('refuses a user who generates too many in a minute', async () => {
    const me = await o.customer();
    const order = await placed(me.h);
    await t.services.limiter.set(`user:agreement:${me.id}`, AGREEMENT_LIMIT.limit, AGREEMENT_LIMIT.seconds);
    expect(await (await download(order.rid, me.h)).json()).toEqual({
      code: 0,
      msg: '请求过于频繁，请稍后再试',
      data: { error: 'RATE_LIMITED' },
    });
    o.a.advance(AGREEMENT_LIMIT.seconds * 1000);
    expect((await download(order.rid, me.h)).headers.get('content-type')).toBe('application/pdf');
  });

  it('is the owner’s and staff’s only', async () => {
    const a = await o.customer();
    const b = await o.customer();
    const order = await placed(a.h);
    const other = await download(order.rid, b.h);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ code: 0, msg: '订单不存在', data: { error: 'NOT_FOUND' } });
    expect((await download('nope', a.h)).status).toBe(404);
    expect((await download(order.rid)).status).toBe(401);
    const staff = await download(order.rid, await o.staff());
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toBe('application/pdf');

    await t.post('/api/auth/order/cancel', { rid: order.rid }, a.h);
    expect(await (await download(order.rid, a.h)).json()).toEqual({
      code: 0,
      msg: '订单已取消',
      data: { error: 'REFUSED' },
    });
  });
});

describe('the signed agreement goes back on the order', () => {
  it('upload4file kind=protocol, then updateProtocolFile lists it with the order', async () => {
    const me = await o.customer();
    const order = await placed(me.h);
    const scan = await o.upload(
      '/api/auth/file/upload4file',
      me.h,
      new Uint8Array(await (await download(order.rid, me.h)).arrayBuffer()),
      '签署件.pdf',
      { kind: 'protocol' },
    );
    expect(scan.body).toMatchObject({ code: 1, data: { kind: 'protocol', name: '签署件.pdf' } });
    const attached = await t.post<{ list: { rid: string; name: string }[] }>(
      '/api/auth/order/updateProtocolFile',
      { rid: order.rid, file_rid: scan.body.data.rid },
      me.h,
    );
    expect(attached.body).toMatchObject({
      code: 1,
      data: { list: [{ rid: scan.body.data.rid, name: '签署件.pdf' }] },
    });
    const listed = await t.post<{ list: { name: string }[] }>(
      '/api/auth/order/listProtocolFile',
      { rid: order.rid },
      me.h,
    );
    expect(listed.body.data.list.map((f) => f.name)).toEqual(['签署件.pdf']);
  });
});
