/** The channels a customer picks in the pay dialog. */
export type PayChannel = 'wechatpay' | 'alipay';

/**
 * How the customer pays (decision 0056): `qr` a code to scan with another device (WeChat Pay
 * Native, Alipay 当面付); `h5` a page of the provider a phone's browser opens (WeChat Pay H5,
 * Alipay 手机网站支付); `jsapi` WeChat Pay inside WeChat's own browser (WeixinJSBridge).
 */
export type PayFlow = 'qr' | 'h5' | 'jsapi';

/** What WeixinJSBridge's getBrandWCPayRequest takes, signed with the merchant key. */
export type JsapiParams = {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** prepay_id=… */
  package: string;
  signType: 'RSA';
  paySign: string;
};

/** How the customer reaches the provider: the QR content, a page to open, or the JSAPI call. */
type TradeLaunch = { codeUrl: string; payUrl?: string; jsapi?: JsapiParams };

/** What a verified provider message says about one trade. */
export type PaymentNotice = {
  /** Our trade number (out_trade_no). */
  tradeNo: string;
  /** The provider's own number for the trade. */
  providerTradeNo: string;
  amountFen: number;
  status: 'succeeded' | 'closed';
  /** Unique per provider message: a repeat is recorded once. */
  eventId: string;
  /** When the provider says the customer paid (ISO 8601), if it says so: it dates its bill. */
  paidAt?: string;
  /** Set when the message is about a refund of the trade rather than its payment. */
  refund?: { refundNo: string; status: 'succeeded' | 'failed' };
};

/** One line of a provider's trade bill (decision 0028): a payment, or a refund of one. */
export type BillLine = {
  kind: 'payment' | 'refund';
  /** Our trade number (out_trade_no). */
  tradeNo: string;
  providerTradeNo: string;
  /** The order amount of a payment, or the amount of a refund. */
  amountFen: number;
  refundNo?: string;
  /** As the bill says when it was made (WeChat Pay lists refunds when accepted). */
  refundStatus?: 'succeeded' | 'processing' | 'failed';
};

/** A provider's refusal, with its code (WeChat Pay `code`, Alipay `sub_code`). */
export class ProviderError extends Error {
  code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** The provider no longer refunds this trade to its channel: it is past the refund window. */
export class RefundWindowError extends ProviderError {}

/** The day's bill is not ready yet (try again later). */
export class BillNotReadyError extends ProviderError {}

/**
 * A payment provider (decision 0025): makes a trade the customer pays by scanning `codeUrl` (or,
 * on a phone, by opening `payUrl` or through WeChat's JSAPI: decision 0056),
 * verifies the provider's asynchronous notifications over their raw bytes, and closes trades.
 */
export type PaymentAdapter = {
  /** Also the provider name in the notify address (/api/open/pay/notify/{kind}). */
  readonly kind: 'dev' | 'wechatpay' | 'alipay';
  createTrade(input: {
    channel: PayChannel;
    tradeNo: string;
    amountFen: number;
    description: string;
    expiresAt: Date;
    /** Omitted: qr. */
    flow?: PayFlow;
    /** h5: where the provider sends the customer back (our page that shows the result). */
    returnUrl?: string;
    /** h5 (WeChat Pay): the customer's address, which WeChat Pay requires. */
    payerIp?: string;
    /** jsapi: the payer's OpenID under the merchant's app id. */
    openid?: string;
  }): Promise<TradeLaunch>;
  /** Throws when the message is not the provider's (signature, format). */
  verifyNotice(rawBody: string, header: (name: string) => string | undefined): PaymentNotice;
  /** What the provider answers a notification with, once it is recorded. */
  readonly acknowledgement: { body: string; contentType: string };
  closeTrade(tradeNo: string): Promise<void>;
  /**
   * Sends money of a paid trade back to where it came from. `refundNo` is ours and deterministic,
   * so asking twice is one refund at the provider. 'processing' when the provider settles later.
   */
  refundTrade(input: {
    tradeNo: string;
    refundNo: string;
    amountFen: number;
    totalFen: number;
    reason: string;
  }): Promise<'succeeded' | 'processing'>;
  /** Asks the provider how a trade stands: a verified notice, or null while it is not paid. */
  queryTrade(tradeNo: string): Promise<PaymentNotice | null>;
  /** Days after payment during which the provider refunds to the channel (decision 0028). */
  readonly refundWindowDays: number;
  /** The trade bill of one Asia/Shanghai day (YYYY-MM-DD); an empty list when nothing happened. */
  fetchTradeBill(date: string): Promise<BillLine[]>;
  /** For providers that do not notify refund results: how a refund stands now. */
  queryRefund?(input: { tradeNo: string; refundNo: string }): Promise<'succeeded' | 'processing'>;
};
