// Issue 28, items 12 and 30: what the invoice dialog is offered — paid orders with their items,
// and credited top-ups not yet invoiced with the invoice asked for on the top-up form — and a
// top-up applied for through it.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Offer = {
  list: { rid: string; order_no: string; item_names: string[]; amount_fen: number }[];
  topups: { rid: string; amount_fen: number; invoice_type: number; invoice_title: string }[];
};

describe('invoiceApply/orders', () => {
  it('offers orders with their items and credited top-ups with their invoice wish, until applied for', async () => {
    const c = await o.customer('enterprise');
    const wished = await o.topUp(c, 100_000, { invoice_type: 5, invoice_title: '某大学材料学院' });
    const plain = await o.topUp(c, 200_000);
    await o.credit(c.rid, 30_000);
    const order = await o.quotedOrder(c, 30_000);
    // Paid from the balance: 赠送金 first, then cash — only the cash is invoiceable.
    expect((await t.post('/api/auth/web/order/pay', { rid: order }, c.h)).body.code).toBe(1);
    const item = await o.demoItem(1);

    const offer = async () => (await t.post<Offer>('/api/auth/invoiceApply/orders', {}, c.h)).body.data;
    let got = await offer();
    expect(got.list).toMatchObject([{ rid: order, item_names: [item.name] }]);
    expect(got.topups).toEqual([
      { rid: plain, created: expect.any(String), amount_fen: 200_000, invoice_type: 0, invoice_title: '' },
      {
        rid: wished,
        created: expect.any(String),
        amount_fen: 100_000,
        invoice_type: 5,
        invoice_title: '某大学材料学院',
      },
    ]);

    const title = await t.post<{ rid: string }>(
      '/api/auth/invoice/add',
      { kind: 2, name: '张三', tax_no: '' },
      c.h,
    );
    const applied = await t.post<{ source: string; amount_fen: number }>(
      '/api/auth/invoiceApply/add',
      { type: 5, title_rid: title.body.data.rid, prestore_rid: wished },
      c.h,
    );
    expect(applied.body).toMatchObject({ code: 1, data: { source: 'topup', amount_fen: 100_000 } });
    got = await offer();
    expect(got.topups.map((p) => p.rid)).toEqual([plain]);

    // Another customer's offer holds none of it.
    const other = await o.customer('enterprise');
    expect((await t.post<Offer>('/api/auth/invoiceApply/orders', {}, other.h)).body.data).toEqual({
      list: [],
      topups: [],
    });
  });
});
