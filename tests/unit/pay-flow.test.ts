// How a browser pays (decision 0056): chosen from its User-Agent, as the pay dialog does.
import { describe, expect, it } from 'vitest';
import { ALIPAY_IN_WECHAT, payFlowFor } from '../../src/lib/shared/payments.ts';

const UA = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; 23127PN0CC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  ipadAsMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.61(0x18003d2a) NetType/WIFI Language/zh_CN',
};

describe('payFlowFor', () => {
  it('shows a QR code on a computer, and a Mac without touch is a computer', () => {
    expect(payFlowFor(UA.desktop, 'wechatpay')).toEqual({ flow: 'qr' });
    expect(payFlowFor(UA.ipadAsMac, 'alipay')).toEqual({ flow: 'qr' });
  });

  it('opens the provider’s mobile page on a phone or tablet, for either channel', () => {
    for (const ua of [UA.iphone, UA.android, UA.harmony])
      for (const channel of ['wechatpay', 'alipay'] as const)
        expect(payFlowFor(ua, channel)).toEqual({ flow: 'h5' });
    expect(payFlowFor(UA.ipadAsMac, 'wechatpay', true)).toEqual({ flow: 'h5' });
  });

  it('pays WeChat Pay through JSAPI inside WeChat, where Alipay cannot open: a QR code and a hint', () => {
    expect(payFlowFor(UA.wechat, 'wechatpay')).toEqual({ flow: 'jsapi' });
    expect(payFlowFor(UA.wechat, 'alipay')).toEqual({ flow: 'qr', hint: ALIPAY_IN_WECHAT });
  });
});
