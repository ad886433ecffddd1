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
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound, movements } from '../support/money.ts';
import { alipaySignContent, createAlipay } from '#server/platform/adapters/payment/alipay.ts';

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
const fake = createServer((req, res) => {
  let raw = '';
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
      ? {
          code: '10000',
          msg: 'Success',
          out_trade_no: JSON.parse(params.biz_content).out_trade_no,
          qr_code: `https://qr.alipay.com/bax${randomBytes(4).toString('hex')}`,
        }
      : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    const json = JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${node}":${json},"sign":"${rsa2(json, alipay.privateKey)}"}`);
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
