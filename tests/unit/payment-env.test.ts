// PAYMENT_PROVIDER=live refuses to start half-configured: a channel needs all its settings, and
// at least one channel must be given; the services then offer exactly the configured channels.
import { describe, expect, it } from 'vitest';
import { readEnv } from '#server/platform/env.ts';
import { rsaKeyPair } from '../support/keys.ts';

const keys = rsaKeyPair();

describe('online payment settings', () => {
  it('refuses live payment with no channel, or with a channel half set', () => {
    expect(() => readEnv({ PAYMENT_PROVIDER: 'live' })).toThrow(/WeChat Pay \(WECHATPAY_\*\) or Alipay/);
    expect(() => readEnv({ PAYMENT_PROVIDER: 'live', ALIPAY_APP_ID: '2021' })).toThrow(/ALIPAY_PRIVATE_KEY/);
    expect(() =>
      readEnv({
        PAYMENT_PROVIDER: 'live',
        WECHATPAY_MCHID: '1900000109',
        WECHATPAY_APPID: 'wx1',
        WECHATPAY_SERIAL_NO: 'S',
        WECHATPAY_PRIVATE_KEY: keys.privateKey,
        WECHATPAY_APIV3_KEY: 'k'.repeat(32),
      }),
    ).toThrow(/WECHATPAY_PUBLIC_KEY/);
  });

  it('accepts Alipay alone', () => {
    const env = readEnv({
      PAYMENT_PROVIDER: 'live',
      ALIPAY_APP_ID: '2021000123456789',
      ALIPAY_PRIVATE_KEY: keys.privateKey,
      ALIPAY_PUBLIC_KEY: keys.publicKey,
    });
    expect(env.PAYMENT_PROVIDER).toBe('live');
  });
});
