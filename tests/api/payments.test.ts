// Online payment (issue 14, decision 0025) with the dev provider: the amount is the server's, a
// verified notice pays the order or credits the top-up once, and forged, wrong-amount, unknown
// and repeated notices change nothing; expired trades are closed; nobody reads another's trade.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { signDevNotice } from '#server/platform/adapters/payment/dev.ts';
import { closeExpiredPayments } from '#server/payments/index.ts';
import { FORGED_NOTICES } from '#server/payments/notices.ts';
import { paymentEvents } from '#server/platform/db/platform-tables.ts';
import { paymentRefunds } from '#server/payments/tables.ts';
import { eq } from 'drizzle-orm';
import { runJobs } from '../support/jobs.ts';

const t = await setupApi();
const o = orderHelpers(t);
const SECRET = t.services.env.PAYMENT_DEV_SECRET;

type Payment = {
  trade_no: string;
  status: string;
  amount_fen: number;
  code_url: string;
  outcome: string | null;
};

const create = (c: Customer, body: Record<string, unknown>) =>
  t.post<Payment>('/api/auth/payment/create', body, c.h);
const confirm = (trade_no: string, action = 'pay') =>
  t.post<{ result: string }>('/api/dev/pay/confirm', { trade_no, action });

/** A notice as the provider would send it, signed (or not) with the simulator's secret. */
function notify(fields: Record<string, unknown>, secret = SECRET) {
  const body = JSON.stringify(fields);
  return t.api.request('/api/open/pay/notify/dev', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dev-signature': signDevNotice(secret, body) },
    body,
  });
}

describe('paying an order online', () => {
  it('takes the amount from the server, pays the order once on the notice, and keeps the ledger balanced', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 45_600);
    // An amount sent by the browser is ignored: the order says what is owed.
    const payment = (await create(me, { purpose: 'order', rid, channel: 'wechatpay', amount_fen: 1 })).body
      .data;
    expect(payment).toMatchObject({ status: 'pending', amount_fen: 45_600 });
    expect(payment.code_url).toContain(`/dev/pay?trade=${payment.trade_no}`);
    // Opening the dialog again shows the same trade.
    expect((await create(me, { purpose: 'order', rid, channel: 'wechatpay' })).body.data.trade_no).toBe(
      payment.trade_no,
    );

    expect((await confirm(payment.trade_no)).body.data.result).toBe('settled');
    expect((await confirm(payment.trade_no)).body.data.result).toBe('duplicate');
    const status = await t.post<Payment>('/api/auth/payment/status', { trade_no: payment.trade_no }, me.h);
    expect(status.body.data).toMatchObject({ status: 'succeeded', status_text: '支付成功', outcome: 'paid' });
    const detail = await t.post<{ status: string; paid_fen: number }>(
      '/api/auth/order/detail',
      { rid },
      me.h,
    );
    expect(detail.body.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 45_600 });
    expect((await movements(t.services, me.id)).map((m) => [m.kind, m.cash])).toEqual([
      ['online', 45_600],
      ['payment', -45_600],
    ]);
    expect(await wallet(t.services, me.id)).toEqual({ cash: 0, bonus: 0, creditUsed: 0 });
    // Cancelled later: refunded to the balance at once, then sent back to WeChat Pay by the job.
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
    expect(await wallet(t.services, me.id)).toEqual({ cash: 45_600, bonus: 0, creditUsed: 0 });
    await runJobs(t.services);
    await runJobs(t.services);
    expect(await wallet(t.services, me.id)).toEqual({ cash: 0, bonus: 0, creditUsed: 0 });
    expect((await movements(t.services, me.id, 'online_refund')).map((m) => m.cash)).toEqual([-45_600]);
    const [refund] = await t.services.db.select().from(paymentRefunds);
    expect(refund).toMatchObject({
      refundNo: `R${payment.trade_no}`,
      amountFen: 45_600,
      status: 'succeeded',
    });
    await expectLedgerSound(t.services);
  });

  it('refuses forged, wrong-amount and unknown notices, changing nothing', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 10_000);
    const { trade_no } = (await create(me, { purpose: 'order', rid, channel: 'alipay' })).body.data;
    const fields = {
      trade_no,
      provider_trade_no: 'X1',
      amount_fen: 10_000,
      status: 'succeeded',
      event_id: 'e1',
    };
    expect((await notify(fields, 'not-the-secret')).status).toBe(400);
    expect((await notify({ ...fields, amount_fen: 1, event_id: 'e2' })).status).toBe(400);
    expect((await notify({ ...fields, trade_no: 'PNOSUCHTRADE', event_id: 'e3' })).status).toBe(400);
    const unsigned = await t.api.request('/api/open/pay/notify/dev', {
      method: 'POST',
      body: JSON.stringify(fields),
    });
    expect(unsigned.status).toBe(400);
    const status = await t.post<Payment>('/api/auth/payment/status', { trade_no }, me.h);
    expect(status.body.data.status).toBe('pending');
    expect(await movements(t.services, me.id)).toEqual([]);
    // The genuine notice still goes through, once.
    expect((await notify(fields)).status).toBe(200);
    expect((await notify(fields)).status).toBe(200);
    expect(await movements(t.services, me.id, 'online')).toHaveLength(1);
  });

  it('counts a flood of forged notices from one address in one row, and still takes the genuine one', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 10_000);
    const { trade_no } = (await create(me, { purpose: 'order', rid, channel: 'alipay' })).body.data;
    const forgedRows = () =>
      t.services.db.select().from(paymentEvents).where(eq(paymentEvents.outcome, 'forged'));
    const before = (await forgedRows()).length;
    // 50 different forgeries (each body unique), as the outside test sent them.
    for (let i = 0; i < 50; i++) {
      const res = await notify({ trade_no, amount_fen: 10_000, status: 'succeeded', event_id: `f${i}` }, 'x');
      expect(res.status).toBe(400);
    }
    const rows = await forgedRows();
    expect(rows.length - before).toBe(1);
    expect(rows.at(-1)!.payload).toMatchObject({ source: 'unknown', count: FORGED_NOTICES.limit });
    const genuine = {
      trade_no,
      provider_trade_no: 'X9',
      amount_fen: 10_000,
      status: 'succeeded',
      event_id: 'g1',
    };
    expect((await notify(genuine)).status).toBe(200);
    expect(await movements(t.services, me.id, 'online')).toHaveLength(1);
  });

  it('keeps money that arrives for an order no longer payable, and for a closed trade', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 20_000);
    const first = (await create(me, { purpose: 'order', rid, channel: 'wechatpay' })).body.data;
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
    expect((await confirm(first.trade_no)).body.data.result).toBe('settled');
    expect(
      (await t.post<Payment>('/api/auth/payment/status', { trade_no: first.trade_no }, me.h)).body.data
        .outcome,
    ).toBe('kept');
    expect(await wallet(t.services, me.id)).toEqual({ cash: 20_000, bonus: 0, creditUsed: 0 });

    const other = await o.quotedOrder(me, 5_000);
    const second = (await create(me, { purpose: 'order', rid: other, channel: 'wechatpay' })).body.data;
    expect((await confirm(second.trade_no, 'close')).body.data.result).toBe('closed');
    expect((await confirm(second.trade_no)).body.data.result).toBe('settled');
    expect(await wallet(t.services, me.id)).toMatchObject({ cash: 20_000 });
    await expectLedgerSound(t.services);
  });

  it('refuses what needs no payment, other customers’ orders and trades, and a switched-off provider', async () => {
    const me = await o.customer('enterprise');
    const other = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 3_000);
    expect((await create(other, { purpose: 'order', rid, channel: 'wechatpay' })).body.msg).toBe(
      '订单不存在',
    );
    const { trade_no } = (await create(me, { purpose: 'order', rid, channel: 'wechatpay' })).body.data;
    expect((await t.post('/api/auth/payment/status', { trade_no }, other.h)).body.msg).toBe('支付单不存在');
    expect((await create(me, { purpose: 'order', rid, channel: 'paypal' })).body.msg).toBe(
      '[支付方式]不正确',
    );
    await o.credit(me.rid, 3_000);
    expect((await t.post('/api/auth/web/order/pay', { rid }, me.h)).body.code).toBe(1);
    expect((await create(me, { purpose: 'order', rid, channel: 'wechatpay' })).body.msg).toBe(
      '该订单当前无需支付',
    );
    t.services.env.PAYMENT_PROVIDER = 'off';
    try {
      expect((await create(me, { purpose: 'order', rid, channel: 'wechatpay' })).body.msg).toBe(
        '暂未开通在线支付，请使用余额支付或对公转账',
      );
    } finally {
      t.services.env.PAYMENT_PROVIDER = 'dev';
    }
  });

  it('closes trades left unpaid past their expiry', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 7_000);
    const { trade_no } = (await create(me, { purpose: 'order', rid, channel: 'wechatpay' })).body.data;
    const today = t.services.now;
    const later = today() + 31 * 60_000;
    t.services.now = () => later;
    try {
      expect(await closeExpiredPayments(t.services)).toBeGreaterThanOrEqual(1);
    } finally {
      t.services.now = today;
    }
    expect((await t.post<Payment>('/api/auth/payment/status', { trade_no }, me.h)).body.data.status).toBe(
      'closed',
    );
    // A new trade replaces it.
    const again = (await create(me, { purpose: 'order', rid, channel: 'wechatpay' })).body.data;
    expect(again.trade_no).not.toBe(trade_no);
  });
});

describe('paying a top-up online', () => {
  it('credits cash and bonus at once, with no voucher and no review', async () => {
    const me = await o.customer();
    const added = await t.post<{ rid: string }>(
      '/api/auth/prestoreApply/add',
      { amount_fen: 500_000, bonus_kind: 1, payer: '某大学' },
      me.h,
    );
    const { trade_no } = (await create(me, { purpose: 'topup', rid: added.body.data.rid, channel: 'alipay' }))
      .body.data;
    expect((await confirm(trade_no)).body.data.result).toBe('settled');
    expect(await wallet(t.services, me.id)).toEqual({ cash: 500_000, bonus: 25_000, creditUsed: 0 });
    const list = await t.post<{ list: { status: string }[] }>(
      '/api/auth/prestoreApply/listPrestoreDetail',
      {},
      me.h,
    );
    expect(list.body.data.list[0].status).toBe('credited');
    expect(
      (await create(me, { purpose: 'topup', rid: added.body.data.rid, channel: 'alipay' })).body.msg,
    ).toBe('该申请已入账，无需付款');
    await expectLedgerSound(t.services);
  });
});

describe('repaying credit online', () => {
  it('repays what is owed from the money that arrived, once', async () => {
    const me = await o.customer('enterprise');
    await t.post('/api/auth/creditApply/operate', { action: 'apply', amount_fen: 100_000 }, me.h);
    const apps = await o.admin<{ list: { rid: string; customer: { rid: string } }[] }>('credit/list', {
      status: 'reviewing',
    });
    const app = apps.body.data.list.find((a) => a.customer.rid === me.rid)!;
    await o.admin('credit/approve', { rid: app.rid, limit_fen: 100_000, due_days: 30 });
    const rid = await o.quotedOrder(me, 40_000);
    expect((await t.post('/api/auth/web/order/pay', { rid, method: 'credit' }, me.h)).body.code).toBe(1);
    const asset = await t.post<{ account_rid: string; online_channels: string[] }>(
      '/api/auth/asset/init',
      {},
      me.h,
    );
    expect(asset.body.data.online_channels).toEqual(['wechatpay', 'alipay']);
    const other = await o.customer();
    expect(
      (await create(other, { purpose: 'repay', rid: asset.body.data.account_rid, channel: 'wechatpay' })).body
        .msg,
    ).toBe('账户不存在');
    const pay = (
      await create(me, { purpose: 'repay', rid: asset.body.data.account_rid, channel: 'wechatpay' })
    ).body.data;
    expect(pay.amount_fen).toBe(40_000);
    expect((await confirm(pay.trade_no)).body.data.result).toBe('settled');
    expect(
      (await t.post<Payment>('/api/auth/payment/status', { trade_no: pay.trade_no }, me.h)).body.data.outcome,
    ).toBe('repaid');
    expect(await wallet(t.services, me.id)).toEqual({ cash: 0, bonus: 0, creditUsed: 0 });
    expect(
      (await create(me, { purpose: 'repay', rid: asset.body.data.account_rid, channel: 'wechatpay' })).body
        .msg,
    ).toBe('当前没有待还的信用账款');
    await expectLedgerSound(t.services);
  });
});
