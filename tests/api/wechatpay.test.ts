// The WeChat Pay API v3 adapter against a local fake WeChat Pay with keys made in the test: our
// requests carry a valid SHA256-RSA signature, the answer's signature is checked, and a signed,
// AES-256-GCM encrypted notification pays the order once; forged, tampered, stale, foreign-merchant
// and wrong-amount notifications are refused and change nothing.
import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { rsaKeyPair } from '../support/keys.ts';
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { runJobs } from '../support/jobs.ts';
import { eq } from 'drizzle-orm';
import { paymentRefunds } from '#server/platform/db/schema.ts';
import { createWechatPay } from '#server/platform/adapters/payment/wechatpay.ts';

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
    if (req.url === '/v3/pay/transactions/native') {
      const body = JSON.stringify({
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(4).toString('hex')}`,
      });
      res.writeHead(200, { 'content-type': 'application/json', ...signed(body) }).end(body);
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
