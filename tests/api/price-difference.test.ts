// Price differences (issue 16, decision 0030): staff set a prepaid order's final price once its
// data is delivered; above what was paid the customer pays the difference through the same pay
// path before the order can complete (补差价), below it goes back to the sources it came from at
// once (退差价); the ledger stays sound and a later cancellation refunds what is left, once.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** A prepaid order quoted at `fen`, paid from the balance, tested and delivered. */
async function delivered(c: Customer, fen: number) {
  const rid = await o.quotedOrder(c, fen);
  expect((await t.post('/api/auth/web/order/pay', { rid }, c.h)).body.code).toBe(1);
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  return rid;
}

const detail = async (c: Customer, rid: string) =>
  (
    await t.post<{
      amount_fen: number;
      paid_fen: number;
      status: string;
      timeline: { action: string; note: string }[];
    }>('/api/auth/order/detail', { rid }, c.h)
  ).body.data;

describe('price differences', () => {
  it('a higher final price is owed, paid through the pay path, and holds completion until then', async () => {
    const c = await o.customer('enterprise');
    await o.credit(c.rid, 50_000);
    const rid = await delivered(c, 30_000);
    const set = await o.admin<{ status: string }>('order/finalPrice', {
      rid,
      final_fen: 36_000,
      note: '追加一个测试点',
    });
    expect(set.body).toMatchObject({ code: 1, msg: '最终价格已设置', data: { status: 'delivered' } });
    expect(await detail(c, rid)).toMatchObject({ amount_fen: 36_000, paid_fen: 30_000 });
    expect((await detail(c, rid)).timeline.at(-1)!.note).toBe(
      '最终价格 360.00 元（原 300.00 元），需补差价 60.00 元。追加一个测试点',
    );
    expect((await o.admin('order/complete', { rid })).body).toMatchObject({
      code: 0,
      msg: '补差价尚未支付，订单暂不能完成',
    });

    const ready = await t.post<{ payable: boolean; amount_fen: number; pay_fen: number }>(
      '/api/auth/web/order/ready2pay',
      { rid },
      c.h,
    );
    expect(ready.body.data).toMatchObject({ payable: true, amount_fen: 6_000, pay_fen: 6_000 });
    const paid = await t.post<{ paid_fen: number }>(
      '/api/auth/web/order/pay',
      { rid, idempotency_key: 'diff-1' },
      c.h,
    );
    expect(paid.body).toMatchObject({ code: 1, data: { paid_fen: 6_000 } });
    // Twice is once.
    expect(
      (await t.post('/api/auth/web/order/pay', { rid, idempotency_key: 'diff-2' }, c.h)).body,
    ).toMatchObject({ code: 0 });
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 14_000 });
    expect((await movements(t.services, c.id, 'price_payment')).map((m) => m.cash)).toEqual([-6_000]);
    expect(await o.move('order/complete', { rid })).toBe('completed');
    await expectLedgerSound(t.services);
  });

  it('the difference can be paid online: the trade asks for it and its money pays it', async () => {
    const c = await o.customer('enterprise');
    await o.credit(c.rid, 30_000);
    const rid = await delivered(c, 30_000);
    expect((await o.admin('order/finalPrice', { rid, final_fen: 34_500 })).body.code).toBe(1);
    const trade = await t.post<{ trade_no: string; amount_fen: number }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay' },
      c.h,
    );
    expect(trade.body.data.amount_fen).toBe(4_500);
    const confirmed = await t.post<{ result: string }>('/api/dev/pay/confirm', {
      trade_no: trade.body.data.trade_no,
      action: 'pay',
    });
    expect(confirmed.body.data.result).toBe('settled');
    expect(await detail(c, rid)).toMatchObject({ amount_fen: 34_500, paid_fen: 34_500 });
    expect(await o.move('order/complete', { rid })).toBe('completed');
    await expectLedgerSound(t.services);
  });

  it('a lower final price goes back at once, to the sources it came from', async () => {
    const c = await o.customer('enterprise');
    await o.credit(c.rid, 50_000);
    const rid = await delivered(c, 30_000);
    expect((await o.admin('order/finalPrice', { rid, final_fen: 25_000 })).body.code).toBe(1);
    expect(await detail(c, rid)).toMatchObject({ amount_fen: 25_000, paid_fen: 25_000 });
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 25_000 });
    expect((await movements(t.services, c.id, 'price_refund')).map((m) => m.cash)).toEqual([5_000]);
    expect((await detail(c, rid)).timeline.at(-1)!.note).toContain('退差价 50.00 元（现金 50.00 元）');
    // Cancelled afterwards by staff: what is left comes back, nothing twice.
    expect((await o.admin('order/cancel', { rid, reason: '客户撤回' })).body.code).toBe(1);
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 50_000 });
    await expectLedgerSound(t.services);
  });

  it('is refused before the data, on pay-after orders, and for the same price', async () => {
    const c = await o.customer('enterprise');
    await o.credit(c.rid, 50_000);
    const early = await o.quotedOrder(c, 10_000);
    expect((await o.admin('order/finalPrice', { rid: early, final_fen: 12_000 })).body.msg).toBe(
      '只有已付款、已出具数据的预付订单可以设置最终价格',
    );
    const rid = await delivered(c, 10_000);
    expect((await o.admin('order/finalPrice', { rid, final_fen: 10_000 })).body.msg).toBe(
      '最终价格与当前订单金额相同',
    );
    expect((await o.admin('order/finalPrice', { rid, final_fen: 0 })).body.msg).toBe('[最终价格]必须大于0');
    const teacher = await o.customer('institution');
    const it = await o.demoItem(1);
    const placed = await t.post<{ list: { rid: string }[] }>(
      '/api/auth/order/add',
      { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
      teacher.h,
    );
    const after = placed.body.data.list[0].rid;
    expect((await o.admin('order/finalPrice', { rid: after, final_fen: 12_000 })).body.msg).toBe(
      '只有已付款、已出具数据的预付订单可以设置最终价格',
    );
  });
});
