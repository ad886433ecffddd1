/** The channels a customer picks in the pay dialog. */
export type PayChannel = 'wechatpay' | 'alipay';

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
 * A payment provider (decision 0025): makes a trade the customer pays by scanning `codeUrl`,
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
  }): Promise<{ codeUrl: string }>;
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
