// Two staff members approving the same large manual credit at the same moment (decision 0045):
// PostgreSQL runs them truly at once; the money moves exactly once.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, staffToken } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';

const t = await setupApi();
const o = orderHelpers(t);
const THRESHOLD = t.services.env.MONEY_SECOND_APPROVAL_YUAN * 100;

async function finance() {
  const u = await o.a.user();
  expect((await o.admin('staff/save', { phone: u.phone, role: 'finance' })).body.code).toBe(1);
  return o.a.bearer(await staffToken(t, u.phone));
}

describe('approving one request twice at once', () => {
  it('credits once', async () => {
    const me = await o.customer();
    const [a, b] = [await finance(), await finance()];
    for (let round = 0; round < 5; round++) {
      const asked = await o.admin<{ approval_rid: string }>('balance/credit', {
        user_rid: me.rid,
        amount_fen: THRESHOLD,
        idempotency_key: `race-${round}`,
      });
      const rid = asked.body.data.approval_rid;
      const answers = await Promise.all(
        [a, b, a, b].map((h) => t.post('/api/admin/money/approval/approve', { rid }, h)),
      );
      expect(answers.filter((r) => r.body.code === 1)).toHaveLength(1);
    }
    expect((await wallet(t.services, me.id)).cash).toBe(5 * THRESHOLD);
    expect(await movements(t.services, me.id, 'adjust')).toHaveLength(5);
    await expectLedgerSound(t.services);
  });
});
