// Issue 28 item 26: an item's kind decides which steps exist. A data-analysis (数据分析) order has
// no physical sample: no sample source or disposal, never 待取样, never on the courier's list, and
// its agreement promises no pickup (decision 0052).
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { pdfText } from '../support/pdf.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Placed = { list: { rid: string; status: string; type_id: number }[] };
type Detail = {
  status: string;
  delivery: { type: number; date: string };
  items: { source: number; disposal: number }[];
};

describe('a data-analysis order', () => {
  it('is never picked up, carries no sample, and its agreement promises no pickup', async () => {
    const me = await o.customer('institution');
    const testing = await o.demoItem(1);
    const analysis = await o.demoItem(3);
    const delivery = await o.pickup();
    // One plan with a test and an analysis, ordered with a pickup; the analysis line even says
    // “上门取样” and “检测后回收”, as an old form would have sent.
    const placed = await t.post<Placed>(
      '/api/auth/order/add',
      {
        items: [
          { item_rid: testing.rid, parameters: testing.parameters },
          { item_rid: analysis.rid, parameters: analysis.parameters, source: 4, disposal: 1 },
        ],
        delivery,
      },
      me.h,
    );
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
    const byType = new Map(placed.body.data.list.map((l) => [l.type_id, l]));
    expect(byType.get(1)?.status).toBe('awaiting_pickup');
    const data = byType.get(3)!;
    expect(data.status).toBe('awaiting_sample');

    const detail = (await t.post<Detail>('/api/auth/order/detail', { rid: data.rid }, me.h)).body.data;
    expect(detail.delivery).toMatchObject({ type: 0, date: '' });
    expect(detail.items).toEqual([expect.objectContaining({ source: -1, disposal: 0 })]);

    // The courier's list for that day holds the test order only.
    const pickups = await o.admin<{ list: { rid: string }[] }>('pickup/list', {
      date: delivery.date,
      size: 50,
    });
    const listed = pickups.body.data.list.map((p) => p.rid);
    expect(listed).toContain(byType.get(1)!.rid);
    expect(listed).not.toContain(data.rid);
    expect((await o.admin('pickup/picked', { rid: data.rid })).body).toMatchObject({ code: 0 });

    // The agreement: data, not a sample; no pickup, no posting.
    const res = await t.api.request(`/api/auth/order/protocol/${data.rid}`, { headers: me.h });
    expect(res.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, '');
    expect(text).toContain('无需提供实物样品');
    expect(text).toContain('乙方不安排上门取样');
    expect(text).not.toContain('送样方式');
    expect(text).not.toContain('样品来源');
    // The test order's agreement still names its pickup.
    const testPdf = await t.api.request(`/api/auth/order/protocol/${byType.get(1)!.rid}`, { headers: me.h });
    expect((await pdfText(new Uint8Array(await testPdf.arrayBuffer()))).replace(/\s+/g, '')).toContain(
      '送样方式：上门取样',
    );
  });
});
