// The Alipay adapter (当面付 QR) against a local fake gateway with keys made in the test: our
// requests carry a valid RSA2 signature, the answer's signature is checked, and an RSA2-signed
// asynchronous notice pays the order once (answered `success`); forged, tampered, other-app and
// wrong-amount notices are refused and change nothing.
import { createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { rsaKeyPair } from '../support/keys.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { runJobs } from '../support/jobs.ts';
import { gbk, zip } from '../support/bills.ts';
import { eq } from 'drizzle-orm';
import { alipaySignContent, createAlipay } from '#server/platform/adapters/payment/alipay.ts';
import { paymentRefunds } from '#server/payments/tables.ts';
import { REFUND_CHECK_DELAYS_MS } from '#server/payments/refunds.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';

const t = await setupApi();
const o = orderHelpers(t);

const app = rsaKeyPair();
const alipay = rsaKeyPair();
const stranger = rsaKeyPair();
const APP_ID = '2021000123456789';
const rsa2 = (content: string, key: string) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

const requests: {
  method: string;
  biz: Record<string, unknown>;
  signatureValid: boolean;
  notifyUrl?: string;
}[] = [];
/** How the fake answers alipay.trade.refund: at once, later (no fund_change), or refused. */
let refundMode: 'now' | 'later' | 'finished' | 'short' = 'now';
/** Refunds the fake reports done to alipay.trade.fastpay.refund.query. */
const refundsDone = new Set<string>();
/** Bill archives by date (a day not here has NO_BILL_DATA). */
const billArchives = new Map<string, Buffer>();

function answerFor(method: string, biz: Record<string, string>) {
  if (method === 'alipay.trade.refund') {
    if (refundMode === 'finished')
      return {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_HAS_FINISHED',
        sub_msg: '交易已完结',
      };
    if (refundMode === 'short')
      return {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH',
        sub_msg: '卖家余额不足',
      };
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: biz.out_trade_no,
      fund_change: refundMode === 'now' ? 'Y' : 'N',
    };
  }
  if (method === 'alipay.trade.fastpay.refund.query')
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: biz.out_trade_no,
      out_request_no: biz.out_request_no,
      ...(refundsDone.has(biz.out_request_no) && { refund_status: 'REFUND_SUCCESS', refund_amount: '1.00' }),
    };
  if (method === 'alipay.data.dataservice.bill.downloadurl.query')
    return billArchives.has(biz.bill_date)
      ? {
          code: '10000',
          msg: 'Success',
          bill_download_url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/bill/${biz.bill_date}.zip`,
        }
      : { code: '40004', msg: 'Business Failed', sub_code: 'NO_BILL_DATA', sub_msg: '账单不存在' };
  return {
    code: '10000',
    msg: 'Success',
    out_trade_no: biz.out_trade_no,
    qr_code: `https://qr.alipay.com/bax${randomBytes(4).toString('hex')}`,
  };
}

const fake = createServer((req, res) => {
  let raw = '';
  const archive = /^\/bill\/([\d-]+)\.zip$/.exec(req.url ?? '');
  if (archive) {
    res.writeHead(200, { 'content-type': 'application/zip' }).end(billArchives.get(archive[1]));
    return;
  }
  req.on('data', (d) => (raw += d));
  req.on('end', () => {
    const params = Object.fromEntries(new URLSearchParams(raw));
    const signatureValid =
      params.app_id === APP_ID &&
      createVerify('RSA-SHA256')
        .update(alipaySignContent(params), 'utf8')
        .verify(app.publicKey, params.sign ?? '', 'base64');
    requests.push({
      method: params.method,
      biz: JSON.parse(params.biz_content ?? '{}'),
      signatureValid,
      notifyUrl: params.notify_url,
    });
    const node = `${params.method.replace(/\./g, '_')}_response`;
    const answer = signatureValid
      ? answerFor(params.method, JSON.parse(params.biz_content))
      : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    const json = JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    // Alipay signs its answers, but not its business errors.
    if (answer.code === '40004') res.end(`{"${node}":${json}}`);
    else res.end(`{"${node}":${json},"sign":"${rsa2(json, alipay.privateKey)}"}`);
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

t.services.env.PAYMENT_PROVIDER = 'live';
t.services.payments = {
  alipay: createAlipay({
    appId: APP_ID,
    privateKeyPem: app.privateKey,
    alipayPublicKeyPem: alipay.publicKey,
    notifyUrl: 'https://lab.example.com/api/open/pay/notify/alipay',
    gateway: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/gateway.do`,
  }),
};

function notice(fields: Record<string, string>, options: { key?: string; tamper?: boolean } = {}) {
  const params: Record<string, string> = {
    notify_time: '2026-11-23 20:00:00',
    notify_type: 'trade_status_sync',
    notify_id: `N${randomBytes(6).toString('hex')}`,
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_status: 'TRADE_SUCCESS',
    ...fields,
  };
  params.sign = rsa2(alipaySignContent(params, ['sign', 'sign_type']), options.key ?? alipay.privateKey);
  if (options.tamper) params.total_amount = '0.01';
  return t.api.request('/api/open/pay/notify/alipay', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

describe('Alipay (当面付) against a local fake gateway', () => {
  it('signs the precreate request, verifies the answer, and settles a genuine notice once', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 8_880);
    const made = await t.post<{ trade_no: string; code_url: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'alipay' },
      me.h,
    );
    expect(made.body.data.code_url).toMatch(/^https:\/\/qr\.alipay\.com\/bax/);
    const sent = requests.find((r) => r.method === 'alipay.trade.precreate')!;
    expect(sent).toMatchObject({
      signatureValid: true,
      notifyUrl: 'https://lab.example.com/api/open/pay/notify/alipay',
      biz: { out_trade_no: made.body.data.trade_no, total_amount: '88.80' },
    });

    const fields = {
      out_trade_no: made.body.data.trade_no,
      trade_no: '2026112322001400000000000001',
      total_amount: '88.80',
    };
    expect((await notice(fields, { key: stranger.privateKey })).status).toBe(400);
    expect((await notice(fields, { tamper: true })).status).toBe(400);
    expect((await notice({ ...fields, app_id: '2021000000000000' })).status).toBe(400);
    expect((await notice({ ...fields, total_amount: '1.00' })).status).toBe(400);
    expect(await movements(t.services, me.id)).toEqual([]);

    const genuine = await notice({ ...fields, notify_id: 'N-GENUINE' });
    expect(genuine.status).toBe(200);
    expect(await genuine.text()).toBe('success');
    expect((await notice({ ...fields, notify_id: 'N-GENUINE' })).status).toBe(200);
    expect((await notice({ ...fields, notify_id: 'N-RETRY' })).status).toBe(200);
    const detail = await t.post<{ status: string; paid_fen: number }>(
      '/api/auth/order/detail',
      { rid },
      me.h,
    );
    expect(detail.body.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 8_880 });
    expect(await movements(t.services, me.id, 'online')).toHaveLength(1);
    await expectLedgerSound(t.services);
  });
});

describe('Alipay 手机网站支付 on a phone (decision 0056)', () => {
  it('hands the phone a signed alipay.trade.wap.pay request that comes back to our page, settled by the same notice', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 12_345);
    const before = requests.length;
    const made = await t.post<{ trade_no: string; flow: string; code_url: string; pay_url: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'alipay', flow: 'h5' },
      me.h,
    );
    expect(made.body.data).toMatchObject({ flow: 'h5', code_url: '' });
    const tradeNo = made.body.data.trade_no;
    // Nothing is sent from the server: the phone's browser opens the gateway with the request.
    expect(requests).toHaveLength(before);
    const url = new URL(made.body.data.pay_url);
    expect(`${url.origin}${url.pathname}`).toBe(
      `http://127.0.0.1:${(fake.address() as AddressInfo).port}/gateway.do`,
    );
    const params = Object.fromEntries(url.searchParams);
    const back = `${t.services.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/member/pay-result?trade=${tradeNo}`;
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.wap.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://lab.example.com/api/open/pay/notify/alipay',
      return_url: back,
    });
    expect(
      createVerify('RSA-SHA256')
        .update(alipaySignContent(params), 'utf8')
        .verify(app.publicKey, params.sign, 'base64'),
    ).toBe(true);
    expect(JSON.parse(params.biz_content)).toMatchObject({
      out_trade_no: tradeNo,
      total_amount: '123.45',
      product_code: 'QUICK_WAP_WAY',
      quit_url: back,
    });

    const fields = {
      out_trade_no: tradeNo,
      trade_no: '2026112322001400000000000777',
      total_amount: '123.45',
    };
    expect((await notice({ ...fields, notify_id: 'N-WAP' })).status).toBe(200);
    expect((await notice({ ...fields, notify_id: 'N-WAP' })).status).toBe(200);
    const detail = await t.post<{ status: string; paid_fen: number }>(
      '/api/auth/order/detail',
      { rid },
      me.h,
    );
    expect(detail.body.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 12_345 });
    expect(await movements(t.services, me.id, 'online')).toHaveLength(1);
    await expectLedgerSound(t.services);

    // WeChat's JSAPI is not an Alipay flow.
    const rid2 = await o.quotedOrder(me, 1_000);
    const jsapi = await t.post(
      '/api/auth/payment/create',
      { purpose: 'order', rid: rid2, channel: 'alipay', flow: 'jsapi' },
      me.h,
    );
    expect(jsapi.body).toMatchObject({ code: 0, msg: '[支付场景]不正确' });
  });
});

const DAY = 86_400_000;

/** A paid order: created, then a genuine notice. */
async function paidOrder(me: Customer, fen: number) {
  const rid = await o.quotedOrder(me, fen);
  const { trade_no } = (
    await t.post<{ trade_no: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'alipay' },
      me.h,
    )
  ).body.data;
  const res = await notice({
    out_trade_no: trade_no,
    trade_no: `A${trade_no}`,
    total_amount: (fen / 100).toFixed(2),
  });
  expect(res.status).toBe(200);
  return { rid, trade_no };
}
const refundOf = async (tradeNo: string) =>
  (
    await t.services.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.refundNo, `R${tradeNo}`))
  )[0];

describe('Alipay refunds settled later, and past the refund window', () => {
  it('asks for a refund without fund_change with back-off until it is done, then settles it once', async () => {
    const me = await o.customer('enterprise');
    const { rid, trade_no } = await paidOrder(me, 6_600);
    refundMode = 'later';
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
    await runJobs(t.services);
    refundMode = 'now';
    expect(await refundOf(trade_no)).toMatchObject({ status: 'processing' });
    expect(await wallet(t.services, me.id)).toMatchObject({ cash: 0 });
    // Not yet asked: the first check waits 30 s.
    await runJobs(t.services);
    expect(requests.filter((r) => r.method === 'alipay.trade.fastpay.refund.query')).toHaveLength(0);
    o.a.advance(REFUND_CHECK_DELAYS_MS[0] + 1_000);
    await runJobs(t.services);
    const asked = requests.filter((r) => r.method === 'alipay.trade.fastpay.refund.query');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      signatureValid: true,
      biz: { out_trade_no: trade_no, out_request_no: `R${trade_no}` },
    });
    expect(await refundOf(trade_no)).toMatchObject({ status: 'processing' });
    refundsDone.add(`R${trade_no}`);
    o.a.advance(REFUND_CHECK_DELAYS_MS[1] + 1_000);
    await runJobs(t.services);
    expect(await refundOf(trade_no)).toMatchObject({ status: 'succeeded' });
    expect(await wallet(t.services, me.id)).toMatchObject({ cash: 0 });
    o.a.advance(REFUND_CHECK_DELAYS_MS[2] + 1_000);
    await runJobs(t.services);
    expect(requests.filter((r) => r.method === 'alipay.trade.fastpay.refund.query')).toHaveLength(2);
    await expectLedgerSound(t.services);
  });

  it('after the last check asks again under the same number; a refusal then puts the money back', async () => {
    const me = await o.customer('enterprise');
    const { rid, trade_no } = await paidOrder(me, 7_700);
    refundMode = 'later';
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
    await runJobs(t.services);
    refundMode = 'short';
    for (const delay of REFUND_CHECK_DELAYS_MS) {
      o.a.advance(delay + 1_000);
      await runJobs(t.services);
    }
    refundMode = 'now';
    const retried = requests.filter(
      (r) => r.method === 'alipay.trade.refund' && r.biz.out_trade_no === trade_no,
    );
    expect(retried.map((r) => r.biz.out_request_no)).toEqual([`R${trade_no}`, `R${trade_no}`]);
    expect(await refundOf(trade_no)).toMatchObject({ status: 'failed' });
    expect(await wallet(t.services, me.id)).toMatchObject({ cash: 7_700 });
    await expectLedgerSound(t.services);
  });

  it('keeps a refund past the window on the balance, and falls back when Alipay refuses for that reason', async () => {
    const me = await o.customer('enterprise');
    const old = await paidOrder(me, 5_000);
    const recent = await paidOrder(me, 8_000);
    o.a.advance(85 * DAY);
    me.h = o.a.bearer((await o.a.login(me.phone)).token);
    const third = await paidOrder(me, 1_000);
    o.a.advance(6 * DAY);
    const h = o.a.bearer((await o.a.login(me.phone)).token);
    // 91 days after: past the three months, not asked at all.
    expect((await t.post('/api/auth/order/cancel', { rid: old.rid }, h)).body.code).toBe(1);
    await runJobs(t.services);
    expect(
      requests.filter((r) => r.method === 'alipay.trade.refund' && r.biz.out_trade_no === old.trade_no),
    ).toHaveLength(0);
    expect(await refundOf(old.trade_no)).toMatchObject({ status: 'kept' });
    // Within our window, but Alipay says the trade is finished (交易已完结): back to the balance.
    refundMode = 'finished';
    expect((await t.post('/api/auth/order/cancel', { rid: third.rid }, h)).body.code).toBe(1);
    await runJobs(t.services);
    refundMode = 'now';
    expect(await refundOf(third.trade_no)).toMatchObject({ status: 'kept' });
    expect(await wallet(t.services, me.id)).toMatchObject({ cash: 6_000 });
    const notes = (
      await t.post<{ list: { kind: string; note: string; cash_fen: number }[] }>(
        '/api/auth/asset/detail',
        {},
        h,
      )
    ).body.data.list
      .filter((m) => m.kind === 'online_refund')
      .map((m) => [m.note, m.cash_fen]);
    expect(notes).toEqual(
      expect.arrayContaining([
        ['已超过支付宝原路退款期限（付款后 3 个月），退款 ¥50.00 已留在账户余额', 0],
        ['支付宝已超过原路退款期限，款项已退回账户余额', 1_000],
      ]),
    );
    expect(recent.trade_no).toBeTruthy();
    await expectLedgerSound(t.services);
  });
});

describe('Alipay daily reconciliation against the fake’s bill archive', () => {
  it('reads the GBK 业务明细 from the ZIP and matches payments and refunds', async () => {
    const day = addDays(shanghaiDate(t.services.now()), 2);
    o.a.advance(shanghaiMidnight(day)! + 9 * 3_600_000 - t.services.now());
    const me = await o.customer('enterprise');
    const a = await paidOrder(me, 8_880);
    const b = await paidOrder(me, 1_234);
    expect((await t.post('/api/auth/order/cancel', { rid: b.rid }, me.h)).body.code).toBe(1);
    await runJobs(t.services);
    expect(await refundOf(b.trade_no)).toMatchObject({ status: 'succeeded' });
    const header =
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
    const row = (no: string, kind: string, order: string, net: string, request = '') =>
      [
        `A${no}\t`,
        `${no}\t`,
        kind,
        '科研检测服务平台',
        `${day} 09:10:00`,
        `${day} 09:10:05`,
        '',
        '',
        '',
        '',
        'abc***@example.com',
        order,
        net,
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '',
        '0.00',
        '0.00',
        request,
        '0.00',
        '0.00',
        '',
      ].join(',');
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[20881234567890120156]`,
      `#起始日期：[${day} 00:00:00]   终止日期：[${addDays(day, 1)} 00:00:00]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      header,
      row(a.trade_no, '交易', '88.81', '88.81'),
      row(b.trade_no, '交易', '12.34', '12.34'),
      row(b.trade_no, '退款', '12.34', '-12.34', `R${b.trade_no}`),
      '#-----------------------------------------业务明细列表结束------------------------------------',
      '#交易合计：2笔，商家实收：101.15元',
      '#退款合计：1笔，商家实收：-12.34元',
    ].join('\r\n');
    const summary = [
      '#支付宝业务汇总查询',
      '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
      '合计,,2,1,101.15,88.81',
    ].join('\r\n');
    billArchives.set(
      day,
      zip([
        { name: gbk(`20881234567890120156_${day.replaceAll('-', '')}_业务明细.csv`), data: gbk(detail) },
        {
          name: gbk(`20881234567890120156_${day.replaceAll('-', '')}_业务明细(汇总).csv`),
          data: gbk(summary),
        },
      ]),
    );
    o.a.advance(DAY + 2 * 3_600_000);
    const admin = await o.staff();
    const run = await t.post<{
      status: string;
      bill_lines: number;
      paid_fen: number;
      refunded_fen: number;
      open_exceptions: number;
    }>('/api/admin/reconcile/rerun', { provider: 'alipay', bill_date: day }, admin);
    expect(run.body.data).toMatchObject({
      status: 'exceptions',
      bill_lines: 3,
      paid_fen: 10_115,
      refunded_fen: 1_234,
      open_exceptions: 1,
    });
    const list = (
      await t.post<{ list: { kind: string; trade_no: string; detail: string }[] }>(
        '/api/admin/reconcile/exceptions',
        { provider: 'alipay', bill_date: day },
        admin,
      )
    ).body.data.list;
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'amount',
        trade_no: a.trade_no,
        detail: '金额不符：账单 ¥88.81，支付单 ¥88.80',
      }),
    ]);
    // No business that day at Alipay (NO_BILL_DATA, unsigned) and none here: clean.
    const quiet = await t.post<{ status: string }>(
      '/api/admin/reconcile/rerun',
      { provider: 'alipay', bill_date: addDays(day, -1) },
      admin,
    );
    expect(quiet.body.data).toMatchObject({ status: 'matched' });
  });
});
