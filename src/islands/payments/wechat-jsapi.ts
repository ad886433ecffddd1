// WeChat Pay inside WeChat's own browser (decision 0056): the page asks WeixinJSBridge, which
// only WeChat injects, to show its payment sheet for a prepay the server made and signed.
import type { z } from 'zod';
import type { PaymentSchema } from '../../lib/shared/payments.ts';

/** The signed prepay the server hands over (OnlinePay.tsx imports this module, so no import back). */
type JsapiParams = NonNullable<z.output<typeof PaymentSchema>['jsapi']>;

type Bridge = {
  invoke(name: 'getBrandWCPayRequest', params: JsapiParams, done: (res: { err_msg?: string }) => void): void;
};
declare global {
  interface Window {
    WeixinJSBridge?: Bridge;
  }
}

/** The sheet's outcome as WeChat reports it: ok, cancel (closed by the payer) or fail. */
export function wechatJsapiPay(params: JsapiParams): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const run = () =>
      window.WeixinJSBridge!.invoke('getBrandWCPayRequest', params, (res) =>
        resolve(
          res.err_msg === 'get_brand_wcpay_request:ok'
            ? 'ok'
            : res.err_msg === 'get_brand_wcpay_request:cancel'
              ? 'cancel'
              : 'fail',
        ),
      );
    // The bridge may arrive after the page: WeChat then fires WeixinJSBridgeReady (and a page
    // that only claims to be WeChat never gets one).
    if (window.WeixinJSBridge) return run();
    document.addEventListener('WeixinJSBridgeReady', run, { once: true });
    setTimeout(() => resolve('fail'), 10_000);
  });
}
