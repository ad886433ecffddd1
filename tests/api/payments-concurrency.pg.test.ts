// Fifty copies of one provider notice at once, on PostgreSQL (PGlite would serialize them and
// prove nothing): the order is paid once, one arrival and one payment are written, every copy is
// answered as the provider expects.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound, movements } from '../support/money.ts';
import { signDevNotice } from '#server/platform/adapters/payment/dev.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe('fifty duplicate notices at once', () => {
  it('settle the trade exactly once', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 12_345);
    const pay = await t.post<{ trade_no: string }>(
      '/api/auth/payment/create',
      { purpose: 'order', rid, channel: 'wechatpay' },
      me.h,
    );
    const { trade_no } = pay.body.data;
    // Half are the same message resent, half the provider's retries under new event ids.
    const bodies = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify({
        trade_no,
        provider_trade_no: 'W1',
        amount_fen: 12_345,
        status: 'succeeded',
        event_id: `evt-${i % 25}`,
      }),
    );
    const answers = await Promise.all(
      bodies.map((body) =>
        t.api.request('/api/open/pay/notify/dev', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-dev-signature': signDevNotice(t.services.env.PAYMENT_DEV_SECRET, body),
          },
          body,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await movements(t.services, me.id, 'online')).toHaveLength(1);
    expect(await movements(t.services, me.id, 'payment')).toHaveLength(1);
    const detail = await t.post<{ status: string; paid_fen: number }>(
      '/api/auth/order/detail',
      { rid },
      me.h,
    );
    expect(detail.body.data).toMatchObject({ status: 'awaiting_sample', paid_fen: 12_345 });
    await expectLedgerSound(t.services);
  });
});
