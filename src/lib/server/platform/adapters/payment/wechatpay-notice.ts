import type { PaymentNotice } from './types.ts';
import type { WechatPayClient, WechatPayConfig, WechatPayResource } from './wechatpay-client.ts';

/**
 * A notification from WeChat Pay, verified over its raw bytes and decrypted: a trade's payment
 * (or closing), or a refund's final result. Throws when it is not WeChat Pay's, not for this
 * merchant and app, or incomplete.
 */
export function parseWechatNotice(
  client: WechatPayClient,
  config: WechatPayConfig,
  rawBody: string,
  header: (name: string) => string | undefined,
): PaymentNotice {
  client.verify(header, rawBody);
  const event = JSON.parse(rawBody) as { id: string; event_type: string; resource: WechatPayResource };
  const plain = client.decrypt(event.resource) as {
    mchid: string;
    appid?: string;
    out_trade_no: string;
    transaction_id: string;
    trade_state: string;
    amount: { total: number };
    out_refund_no?: string;
    refund_id?: string;
    refund_status?: string;
  };
  if (event.event_type.startsWith('REFUND.')) {
    // A refund's final result (refund notices carry no app id).
    if (plain.mchid !== config.mchid) throw new Error('notification is for another merchant');
    if (!plain.out_refund_no || !plain.out_trade_no) throw new Error('refund notification is incomplete');
    return {
      tradeNo: plain.out_trade_no,
      providerTradeNo: plain.refund_id ?? '',
      amountFen: plain.amount?.total,
      status: 'succeeded',
      eventId: event.id,
      refund: {
        refundNo: plain.out_refund_no,
        status: plain.refund_status === 'SUCCESS' ? 'succeeded' : 'failed',
      },
    };
  }
  if (plain.mchid !== config.mchid || plain.appid !== config.appid)
    throw new Error('notification is for another merchant or app');
  const notice: PaymentNotice = {
    tradeNo: plain.out_trade_no,
    providerTradeNo: plain.transaction_id,
    amountFen: plain.amount?.total,
    status: plain.trade_state === 'SUCCESS' ? 'succeeded' : 'closed',
    eventId: event.id,
  };
  if (!notice.tradeNo || !notice.eventId || !Number.isSafeInteger(notice.amountFen))
    throw new Error('notification is incomplete');
  return notice;
}
