// The WeChat Pay API v3 adapter against a local fake WeChat Pay with keys made in the test: our
// requests carry a valid SHA256-RSA signature, the answer's signature is checked, and a signed,
// AES-256-GCM encrypted notification pays the order once; forged, tampered, stale, foreign-merchant
// and wrong-amount notifications are refused and change nothing.
import { createCipheriv, createHash, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { rsaKeyPair } from '../support/keys.ts';
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { runJobs } from '../support/jobs.ts';
import { eq } from 'drizzle-orm';
import { paymentRefunds } from '#server/payments/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { createWechatPay } from '#server/platform/adapters/payment/wechatpay.ts';
import { addDays, shanghaiMidnight } from '#shared/slots.ts';
import { shanghaiDate } from '#shared/time.ts';

const t = await setupApi();
const o = orderHelpers(t);

const merchant = rsaKeyPair();
const platform = rsaKeyPair();
const stranger = rsaKeyPair();
const APIV3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000';

/** WeChat Pay's headers on an answer or a notification, signed with `key`. */
function signed(body: string, key = platform.privateKey, at = Date.now()) {
  const timestamp = String(Math.floor(at / 1000));
  const nonce = randomBytes(8).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
  return {
    'wechatpay-serial': KEY_ID,
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
  };
}

// The fake WeChat Pay: checks our signature, answers signed. `paidAtProvider` holds the trades a
// customer paid whose notification never reached us.
const paidAtProvider = new Map<string, number>();
/** When true, the fake refuses refunds (as WeChat Pay does when the merchant's funds are short). */
let refuseRefunds = false;
/** When true, refunds are accepted but settle later (PROCESSING), with a notification then. */
let refundsLater = false;
const requests: { path: string; body: Record<string, unknown>; signatureValid: boolean }[] = [];
/** The trade bills the fake serves, by date; a day not here has none (NO_STATEMENT_EXIST). */
const bills = new Map<string, string>();
let corruptBillHash = false;
const fake = createServer((req: IncomingMessage, res: ServerResponse) => {
  let raw = '';
  req.on('data', (d) => (raw += d));
  req.on('end', () => {
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${raw}\n`;
    const signatureValid =
      fields.mchid === MCHID &&
      createVerify('RSA-SHA256')
        .update(message)
        .verify(merchant.publicKey, fields.signature ?? '', 'base64');
    requests.push({ path: req.url ?? '', body: raw ? JSON.parse(raw) : {}, signatureValid });
    if (!signatureValid) {
      res.writeHead(401).end();
      return;
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)\?mchid=/.exec(req.url ?? '');
    if (req.method === 'GET' && query) {
      const total = paidAtProvider.get(query[1]);
      const body = JSON.stringify({
        mchid: MCHID,
        appid: APPID,
        out_trade_no: query[1],
        transaction_id: total ? '4200000000202611230000000002' : undefined,
        trade_state: total ? 'SUCCESS' : 'NOTPAY',
        amount: total ? { total, currency: 'CNY' } : undefined,
      });
      res.writeHead(200, { 'content-type': 'application/json', ...signed(body) }).end(body);
      return;
    }
    if (req.url === '/v3/refund/domestic/refunds') {
      const body = JSON.stringify(
        refuseRefunds
          ? { code: 'NOT_ENOUGH', message: '基本账户余额不足' }
          : { status: refundsLater ? 'PROCESSING' : 'SUCCESS', refund_id: '50000000382019052709732678859' },
      );
      res
        .writeHead(refuseRefunds ? 403 : 200, { 'content-type': 'application/json', ...signed(body) })
        .end(body);
      return;
    }
    // H5下单 and JSAPI下单: the phone's page, or the prepay id for WeixinJSBridge.
    if (req.url === '/v3/pay/transactions/h5' || req.url === '/v3/pay/transactions/jsapi') {
      const prepay = `wx${randomBytes(8).toString('hex')}`;
      const body = JSON.stringify(
        req.url.endsWith('/h5')
          ? {
              h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=2056162962`,
            }
          : { prepay_id: prepay },
      );
      res.writeHead(200, { 'content-type': 'application/json', ...signed(body) }).end(body);
      return;
    }
    if (req.url === '/v3/pay/transactions/native') {
      const body = JSON.stringify({
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(4).toString('hex')}`,
      });
      res.writeHead(200, { 'content-type': 'application/json', ...signed(body) }).end(body);
      return;
    }
    // 申请交易账单: a signed answer naming the file, or NO_STATEMENT_EXIST for a day with nothing.
    const bill = /^\/v3\/bill\/tradebill\?bill_date=([\d-]+)&bill_type=ALL$/.exec(req.url ?? '');
    if (req.method === 'GET' && bill) {
      const text = bills.get(bill[1]);
      const port = (fake.address() as AddressInfo).port;
      const body = JSON.stringify(
        text === undefined
          ? { code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' }
          : {
              hash_type: 'SHA1',
              hash_value: corruptBillHash ? '0'.repeat(40) : createHash('sha1').update(text).digest('hex'),
              download_url: `http://127.0.0.1:${port}/v3/billdownload/file?token=T${bill[1]}`,
            },
      );
      res
        .writeHead(text === undefined ? 400 : 200, { 'content-type': 'application/json', ...signed(body) })
        .end(body);
      return;
    }
    // The file itself: asked for with our signature, answered unsigned.
    const file = /^\/v3\/billdownload\/file\?token=T([\d-]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && file) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bills.get(file[1]));
      return;
    }
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

t.services.env.PAYMENT_PROVIDER = 'live';
t.services.payments = {
  wechatpay: createWechatPay({
    mchid: MCHID,
    appid: APPID,
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKeyPem: merchant.privateKey,
    apiV3Key: APIV3_KEY,
    platformKeys: [{ serial: KEY_ID, pem: platform.publicKey }],
    notifyUrl: 'https://lab.example.com/api/open/pay/notify/wechatpay',
    apiBase: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  }),
};

/** A notification as WeChat Pay sends it: the transaction encrypted, the whole signed. */
function notification(
  transaction: Record<string, unknown>,
  options: { id?: string; key?: string; at?: number; tamper?: boolean; eventType?: string } = {},
) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(APIV3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const encrypted = Buffer.concat([
    cipher.update(JSON.stringify(transaction)),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id: options.id ?? `EV-${randomBytes(4).toString('hex')}`,
    create_time: new Date().toISOString(),
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encrypted.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  const headers = signed(body, options.key, options.at);
  return t.api.request('/api/open/pay/notify/wechatpay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: options.tamper ? body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') : body,
  });
}

describe('WeChat Pay v3 (Native) against a local fake', () => {
  it('signs the order request, verifies the answer, and settles a genuine notification once', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 66_600);
    const ready = await t.post<{ online_channels: string[] }>('/api/auth/web/order/ready2pay', { rid }, me.h);
    expect(ready.body.data.online_channels).toEqual(['wechatpay']);
    expect(
      (await t.post('/api/auth/payment/create', { purpose: 'order', rid, channel: 'alipay' }, me.h)).body.msg,
    ).toBe('暂未开通该支付方式，请选择其他方式');

    const made = await t.post<{ trade_no: string; code_url: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay' },
      me.h,
    );
    expect(made.body.data.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = requests.find((r) => r.path === '/v3/pay/transactions/native')!;
    expect(sent.signatureValid).toBe(true);
    expect(sent.body).toMatchObject({
      mchid: MCHID,
      appid: APPID,
      out_trade_no: made.body.data.trade_no,
      notify_url: 'https://lab.example.com/api/open/pay/notify/wechatpay',
      amount: { total: 66_600, currency: 'CNY' },
    });
    expect(String(sent.body.time_expire)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);

    const transaction = {
      mchid: MCHID,
      appid: APPID,
      out_trade_no: made.body.data.trade_no,
      transaction_id: '4200000000202611230000000001',
      trade_state: 'SUCCESS',
      amount: { total: 66_600, payer_total: 66_600, currency: 'CNY' },
    };
    // Refused, each changing nothing: another key, a tampered body, a stale timestamp, another
    // merchant, another amount.
    expect((await notification(transaction, { key: stranger.privateKey })).status).toBe(400);
    expect((await notification(transaction, { tamper: true })).status).toBe(400);
    expect((await notification(transaction, { at: Date.now() - 10 * 60_000 })).status).toBe(400);
    expect((await notification({ ...transaction, mchid: '1900000001' })).status).toBe(400);
    expect((await notification({ ...transaction, amount: { total: 1 } })).status).toBe(400);
    expect(await movements(t.services, me.id)).toEqual([]);

    const genuine = await notification(transaction, { id: 'EV-GENUINE' });
    expect(genuine.status).toBe(200);
    expect(await genuine.text()).toBe('');
    expect((await notification(transaction, { id: 'EV-GENUINE' })).status).toBe(200);
    expect((await notification(transaction, { id: 'EV-RETRY' })).status).toBe(200);
    const detail = await t.post<{ status: string; paid_fen: number }>(
      '/api/auth/order/detail',
      { rid },
      me.h,
    );
    expect(detail.body.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 66_600 });
    expect(await movements(t.services, me.id, 'online')).toHaveLength(1);
    await expectLedgerSound(t.services);
  });

  it('asks WeChat Pay about a trade whose notification is a minute late, and settles it then', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 12_000);
    const made = await t.post<{ trade_no: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay' },
      me.h,
    );
    const status = () =>
      t.post<{ status: string; outcome: string | null }>('/api/auth/payment/status', made.body.data, me.h);
    // Paid at WeChat Pay; no notification arrives.
    paidAtProvider.set(made.body.data.trade_no, 12_000);
    expect((await status()).body.data.status).toBe('pending');
    o.a.advance(61_000);
    expect((await status()).body.data).toMatchObject({ status: 'succeeded', outcome: 'paid' });
    expect(
      requests.some(
        (r) =>
          r.path.startsWith(`/v3/pay/transactions/out-trade-no/${made.body.data.trade_no}?`) &&
          r.signatureValid,
      ),
    ).toBe(true);
    const detail = await t.post<{ status: string }>('/api/auth/order/detail', { rid }, me.h);
    expect(detail.body.data.status).toBe('awaiting_sample');
    await expectLedgerSound(t.services);
  });

  it('sends a cancelled order’s payment back to WeChat Pay, or back to the balance when refused', async () => {
    for (const refused of [false, true]) {
      const me = await o.customer('enterprise');
      const rid = await o.quotedOrder(me, 30_000);
      const made = await t.post<{ trade_no: string }>(
        '/api/auth/payment/create',
        { purpose: 'order', rid, channel: 'wechatpay' },
        me.h,
      );
      const tradeNo = made.body.data.trade_no;
      const paid = await notification({
        mchid: MCHID,
        appid: APPID,
        out_trade_no: tradeNo,
        transaction_id: `42000000002026112300${refused ? 9 : 8}`,
        trade_state: 'SUCCESS',
        amount: { total: 30_000 },
      });
      expect(paid.status).toBe(200);
      expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
      refuseRefunds = refused;
      await runJobs(t.services);
      refuseRefunds = false;
      const sent = requests.filter(
        (r) => r.path === '/v3/refund/domestic/refunds' && r.body.out_trade_no === tradeNo,
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        signatureValid: true,
        body: { out_refund_no: `R${tradeNo}`, amount: { refund: 30_000, total: 30_000, currency: 'CNY' } },
      });
      const [w] = [await wallet(t.services, me.id)];
      expect(w.cash).toBe(refused ? 30_000 : 0);
      await expectLedgerSound(t.services);
    }
  });

  it('settles a refund WeChat Pay finishes later by its notification: succeeded, or back on the balance', async () => {
    for (const outcome of ['SUCCESS', 'ABNORMAL'] as const) {
      const me = await o.customer('enterprise');
      const rid = await o.quotedOrder(me, 20_000);
      const made = await t.post<{ trade_no: string }>(
        '/api/auth/payment/create',
        { purpose: 'order', rid, channel: 'wechatpay' },
        me.h,
      );
      const tradeNo = made.body.data.trade_no;
      const base = { mchid: MCHID, appid: APPID, out_trade_no: tradeNo, transaction_id: `T${outcome}` };
      expect(
        (await notification({ ...base, trade_state: 'SUCCESS', amount: { total: 20_000 } })).status,
      ).toBe(200);
      expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
      refundsLater = true;
      await runJobs(t.services);
      refundsLater = false;
      const refundNo = `R${tradeNo}`;
      const [pending] = await t.services.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.refundNo, refundNo));
      expect(pending.status).toBe('processing');
      expect((await wallet(t.services, me.id)).cash).toBe(0);
      const refundNotice = {
        mchid: MCHID,
        out_trade_no: tradeNo,
        transaction_id: `T${outcome}`,
        out_refund_no: refundNo,
        refund_id: '50000000382019052709732678859',
        refund_status: outcome,
        amount: { total: 20_000, refund: 20_000 },
      };
      const eventType = outcome === 'SUCCESS' ? 'REFUND.SUCCESS' : 'REFUND.ABNORMAL';
      expect((await notification(refundNotice, { eventType, id: `RF-${outcome}` })).status).toBe(200);
      expect((await notification(refundNotice, { eventType, id: `RF-${outcome}-again` })).status).toBe(200);
      const [done] = await t.services.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.refundNo, refundNo));
      expect(done.status).toBe(outcome === 'SUCCESS' ? 'succeeded' : 'failed');
      expect((await wallet(t.services, me.id)).cash).toBe(outcome === 'SUCCESS' ? 0 : 20_000);
      await expectLedgerSound(t.services);
    }
  });
});

/** WeChat Pay's trade bill (ALL): backtick-prefixed fields, then the summary section. */
function wechatBill(rows: Record<string, string>[]) {
  const header =
    '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
  const names = header.split(',');
  const line = (r: Record<string, string>) =>
    names.map((n) => `\`${r[n] ?? (n.includes('金额') ? '0.00' : '')}`).join(',');
  return [
    header,
    ...rows.map(line),
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    `\`${rows.length},\`0.00,\`0.00,\`0.00,\`0.00,\`0.00,\`0.00`,
    '',
  ].join('\r\n');
}

describe('WeChat Pay on a phone (decision 0056)', () => {
  const transaction = (tradeNo: string, total: number) => ({
    mchid: MCHID,
    appid: APPID,
    out_trade_no: tradeNo,
    transaction_id: `4200000000202611${randomBytes(6).toString('hex')}`,
    trade_state: 'SUCCESS',
    amount: { total, payer_total: total, currency: 'CNY' },
  });

  it('makes an H5 trade for a phone browser, with the payer’s address and our page to come back to', async () => {
    t.services.env.TRUST_PROXY = true;
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 45_600);
    const made = await t.post<{ trade_no: string; flow: string; code_url: string; pay_url: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay', flow: 'h5' },
      { ...me.h, 'x-real-ip': '203.0.113.7' },
    );
    expect(made.body.code).toBe(1);
    const tradeNo = made.body.data.trade_no;
    const sent = requests.find(
      (r) => r.path === '/v3/pay/transactions/h5' && r.body.out_trade_no === tradeNo,
    )!;
    expect(sent.signatureValid).toBe(true);
    expect(sent.body).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      notify_url: 'https://lab.example.com/api/open/pay/notify/wechatpay',
      amount: { total: 45_600, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    // No QR code: the phone opens h5_url, which comes back to the result page when paid.
    expect(made.body.data).toMatchObject({ flow: 'h5', code_url: '' });
    const back = `${t.services.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/member/pay-result?trade=${tradeNo}`;
    expect(made.body.data.pay_url).toMatch(
      /^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx/,
    );
    expect(new URL(made.body.data.pay_url).searchParams.get('redirect_url')).toBe(back);
    // Asking again within the h5_url's life hands back the same trade.
    const again = await t.post<{ trade_no: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay', flow: 'h5' },
      { ...me.h, 'x-real-ip': '203.0.113.7' },
    );
    expect(again.body.data.trade_no).toBe(tradeNo);

    // The same notify address confirms it, once.
    expect((await notification(transaction(tradeNo, 45_600), { id: 'EV-H5' })).status).toBe(200);
    expect((await notification(transaction(tradeNo, 45_600), { id: 'EV-H5' })).status).toBe(200);
    const status = await t.post<{ status: string; outcome: string }>(
      '/api/auth/payment/status',
      { trade_no: tradeNo },
      me.h,
    );
    expect(status.body.data).toMatchObject({ status: 'succeeded', outcome: 'paid', flow: 'h5' });
    expect(await movements(t.services, me.id, 'online')).toHaveLength(1);
    await expectLedgerSound(t.services);
    t.services.env.TRUST_PROXY = false;
  });

  it('pays inside WeChat through JSAPI for the OpenID bound at WeChat login, signed for WeixinJSBridge', async () => {
    Object.assign(t.services.env, { WECHAT_PROVIDER: 'mp', WECHAT_APPID: APPID, WECHATPAY_APPID: APPID });
    const me = await o.customer('enterprise');
    await t.services.db
      .update(users)
      .set({ wxOpenid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' })
      .where(eq(users.id, me.id));
    const rid = await o.quotedOrder(me, 8_800);
    const made = await t.post<{
      trade_no: string;
      flow: string;
      notice: string | null;
      jsapi: {
        appId: string;
        timeStamp: string;
        nonceStr: string;
        package: string;
        signType: string;
        paySign: string;
      };
    }>('/api/auth/payment/create', { purpose: 'order', rid, channel: 'wechatpay', flow: 'jsapi' }, me.h);
    expect(made.body.data).toMatchObject({ flow: 'jsapi', notice: null });
    const tradeNo = made.body.data.trade_no;
    const sent = requests.find(
      (r) => r.path === '/v3/pay/transactions/jsapi' && r.body.out_trade_no === tradeNo,
    )!;
    expect(sent.signatureValid).toBe(true);
    expect(sent.body).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      amount: { total: 8_800, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    // getBrandWCPayRequest's arguments: paySign is SHA256-RSA with the merchant key over
    // appId, timeStamp, nonceStr and package, each followed by a newline.
    const p = made.body.data.jsapi;
    expect(p).toMatchObject({ appId: APPID, signType: 'RSA' });
    expect(p.package).toMatch(/^prepay_id=wx[0-9a-f]+$/);
    expect(p.timeStamp).toMatch(/^\d{10}$/);
    expect(
      createVerify('RSA-SHA256')
        .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
        .verify(merchant.publicKey, p.paySign, 'base64'),
    ).toBe(true);
    expect((await notification(transaction(tradeNo, 8_800))).status).toBe(200);
    const detail = await t.post<{ status: string; paid_fen: number }>(
      '/api/auth/order/detail',
      { rid },
      me.h,
    );
    expect(detail.body.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 8_800 });
    await expectLedgerSound(t.services);
  });

  it('falls back to a QR code with a clear message in WeChat when JSAPI cannot name the payer', async () => {
    Object.assign(t.services.env, { WECHAT_PROVIDER: 'mp', WECHAT_APPID: APPID, WECHATPAY_APPID: APPID });
    // No WeChat bound; then one bound under another Official Account than WeChat Pay's app.
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 5_000);
    for (const loginApp of [APPID, 'wx0ther0fficial0acct']) {
      t.services.env.WECHAT_APPID = loginApp;
      const made = await t.post<{ flow: string; code_url: string; jsapi: unknown; notice: string }>(
        '/api/auth/payment/create',
        { purpose: 'order', rid, channel: 'wechatpay', flow: 'jsapi' },
        me.h,
      );
      expect(made.body.data).toMatchObject({ flow: 'qr', jsapi: null });
      expect(made.body.data.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(made.body.data.notice).toBe(
        '当前账号未绑定微信，无法在微信内直接支付。请先使用微信扫码登录绑定后重试，或在电脑等其他设备上打开本页扫码支付。',
      );
      await t.services.db
        .update(users)
        .set({ wxOpenid: `o${randomBytes(6).toString('hex')}` })
        .where(eq(users.id, me.id));
    }
    // A flow that does not exist is refused in Chinese.
    const bad = await t.post(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay', flow: 'app' },
      me.h,
    );
    expect(bad.body).toMatchObject({ code: 0, msg: '[支付场景]不正确' });
  });
});

describe('WeChat Pay daily reconciliation against the fake’s trade bill', () => {
  it('downloads the bill with a signed request, checks its SHA1, and lists each difference', async () => {
    // A day no other test used, from 09:00 Beijing time.
    const day = addDays(shanghaiDate(t.services.now()), 2);
    o.a.advance(shanghaiMidnight(day)! + 9 * 3_600_000 - t.services.now());
    const me = await o.customer('enterprise');
    const pay = async (fen: number, id: string) => {
      const rid = await o.quotedOrder(me, fen);
      const { trade_no } = (
        await t.post<{ trade_no: string }>(
          '/api/auth/payment/create',
          { purpose: 'order', rid, channel: 'wechatpay' },
          me.h,
        )
      ).body.data;
      const tx = {
        mchid: MCHID,
        appid: APPID,
        out_trade_no: trade_no,
        transaction_id: id,
        trade_state: 'SUCCESS',
        amount: { total: fen },
      };
      expect((await notification(tx)).status).toBe(200);
      return { rid, trade_no };
    };
    const a = await pay(10_000, 'TA');
    const b = await pay(20_000, 'TB');
    const c = await pay(30_000, 'TC');
    const d = await pay(40_000, 'TD');
    expect((await t.post('/api/auth/order/cancel', { rid: d.rid }, me.h)).body.code).toBe(1);
    await runJobs(t.services);
    const paid = (no: string, id: string, yuan: string) => ({
      交易状态: 'SUCCESS',
      商户订单号: no,
      微信订单号: id,
      订单金额: yuan,
      应结订单金额: yuan,
    });
    bills.set(
      day,
      wechatBill([
        paid(a.trade_no, 'TA', '100.00'),
        paid(b.trade_no, 'TB', '200.01'),
        paid('PFOREIGN000001', 'TX', '5.00'),
        paid(d.trade_no, 'TD', '400.00'),
        {
          交易状态: 'REFUND',
          商户订单号: d.trade_no,
          微信订单号: 'TD',
          商户退款单号: `R${d.trade_no}`,
          申请退款金额: '10.00',
          退款金额: '10.00',
          退款状态: 'SUCCESS',
        },
      ]),
    );
    o.a.advance(26 * 3_600_000);
    const admin = await o.staff();
    const rerun = () =>
      t.post<{ status: string; bill_lines: number; open_exceptions: number; message: string }>(
        '/api/admin/reconcile/rerun',
        { provider: 'wechatpay', bill_date: day },
        admin,
      );
    corruptBillHash = true;
    const refused = await rerun();
    corruptBillHash = false;
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toContain('SHA1');
    const failed = await t.post<{ list: { bill_date: string; status: string; message: string }[] }>(
      '/api/admin/reconcile/list',
      { provider: 'wechatpay', status: 'failed' },
      admin,
    );
    expect(failed.body.data.list.find((r) => r.bill_date === day)?.message).toContain('SHA1');
    const download = requests.filter((r) => r.path.startsWith('/v3/billdownload/file'));
    expect(download.length).toBeGreaterThan(0);
    expect(download.every((r) => r.signatureValid)).toBe(true);

    const run = await rerun();
    expect(run.body.data).toMatchObject({ status: 'exceptions', bill_lines: 5, open_exceptions: 4 });
    const list = (
      await t.post<{
        list: {
          kind: string;
          trade_no: string;
          refund_no: string | null;
          bill_fen: number | null;
          our_fen: number | null;
        }[];
      }>('/api/admin/reconcile/exceptions', { provider: 'wechatpay', bill_date: day, status: 'open' }, admin)
    ).body.data.list;
    expect(list.map((e) => [e.kind, e.trade_no, e.refund_no, e.bill_fen, e.our_fen]).sort()).toEqual(
      [
        ['amount', b.trade_no, null, 20_001, 20_000],
        ['missing_in_bill', c.trade_no, null, null, 30_000],
        ['missing_here', 'PFOREIGN000001', null, 500, null],
        ['refund', d.trade_no, `R${d.trade_no}`, 1_000, 40_000],
      ].sort(),
    );

    // A day with nothing at WeChat Pay and nothing here is clean.
    const empty = addDays(day, -1);
    const none = await t.post<{ status: string; bill_lines: number }>(
      '/api/admin/reconcile/rerun',
      { provider: 'wechatpay', bill_date: empty },
      admin,
    );
    expect(none.body.data).toMatchObject({ status: 'matched', bill_lines: 0 });
  });
});
