// Withdrawals of rebate money under concurrency, on PostgreSQL (PGlite runs one query at a time
// and would prove nothing): racing withdrawals never take more than is withdrawable, a request
// sent twice at once is one withdrawal, and cancellations racing new withdrawals keep the purse,
// its history and the withdrawals in agreement.
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';
import { promoters, promoterWithdrawals } from '#server/promotion/tables.ts';
import { users } from '#server/accounts/tables.ts';
import { promotionProblems } from '#server/promotion/index.ts';
import { createSession } from '#server/accounts/tokens.ts';

const t = await setupApi();
const o = orderHelpers(t);
const DAY = 86_400_000;

const withdrawable = async (c: Customer) =>
  (await t.post<{ withdrawable_fen: number }>('/api/auth/myPromotion/init', {}, c.h)).body.data
    .withdrawable_fen;

/** A promoter with ¥1,000 withdrawable: 8% of an invitee's ¥12,500 order, past the freeze. */
async function promoterWithMoney(): Promise<Customer> {
  const p = await o.customer('enterprise');
  const applied = await t.post<{ rid: string }>(
    '/api/auth/promoter_apply/add',
    { real_name: '并发', channel: '测试' },
    p.h,
  );
  await o.admin('promoter/approve', { rid: applied.body.data.rid });
  const c = await o.customer('enterprise');
  await t.services.db.update(users).set({ inviterId: p.id }).where(eq(users.id, c.id));
  await o.credit(c.rid, 1_250_000);
  const rid = await o.quotedOrder(c, 1_250_000);
  await t.post('/api/auth/web/order/pay', { rid, idempotency_key: `pay-${rid}` }, c.h);
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  await o.move('order/complete', { rid });
  await runJobs(t.services);
  o.a.advance(15 * DAY + 1000);
  const { token } = await createSession(t.services, p.id, { ip: 'unknown', userAgent: '' });
  const fresh = { ...p, token, h: o.a.bearer(token) };
  expect(await withdrawable(fresh)).toBe(100_000);
  return fresh;
}

const add = (c: Customer, fen: number, key: string) =>
  t.post<{ rid: string }>(
    '/api/auth/promoter_rebate_withdraw/add',
    { amount_fen: fen, channel: 'alipay', account_name: '并发', account_no: 'a@b.c', idempotency_key: key },
    c.h,
  );

describe('withdrawals at once', () => {
  it('24 racing withdrawals of ¥100 from ¥1,000 (each sent twice): exactly 10 succeed', async () => {
    const p = await promoterWithMoney();
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => [add(p, 10_000, `w${i}`), add(p, 10_000, `w${i}`)]).flat(),
    );
    const ok = results.filter((r) => r.body.code === 1);
    const refused = results.filter((r) => r.body.code !== 1);
    // A request and its twin answer the same withdrawal.
    expect(new Set(ok.map((r) => r.body.data.rid)).size).toBe(10);
    for (const r of refused) expect(r.body.msg).toBe('可提现金额不足');
    const [promoter] = await t.services.db.select().from(promoters).where(eq(promoters.userId, p.id));
    const rows = await t.services.db
      .select()
      .from(promoterWithdrawals)
      .where(eq(promoterWithdrawals.promoterId, promoter.id));
    expect(rows).toHaveLength(10);
    expect(promoter.balanceFen).toBe(0);
    expect(await withdrawable(p)).toBe(0);
    expect(await promotionProblems(t.services.db)).toEqual([]);
  });

  it('cancellations racing new withdrawals never let more out than came in', async () => {
    const p = await promoterWithMoney();
    const first = await Promise.all(Array.from({ length: 5 }, (_, i) => add(p, 20_000, `a${i}`)));
    expect(first.every((r) => r.body.code === 1)).toBe(true);
    const calls = [
      ...first.map((r) => t.post('/api/auth/promoter_rebate_withdraw/cancel', { rid: r.body.data.rid }, p.h)),
      ...first.map((r) => t.post('/api/auth/promoter_rebate_withdraw/cancel', { rid: r.body.data.rid }, p.h)),
      ...Array.from({ length: 12 }, (_, i) => add(p, 10_000, `b${i}`)),
    ];
    const results = await Promise.all(calls);
    const cancels = results.slice(0, 10).filter((r) => r.body.code === 1);
    expect(cancels).toHaveLength(5); // each cancelled once
    const [promoter] = await t.services.db.select().from(promoters).where(eq(promoters.userId, p.id));
    const [{ out }] = await t.services.db
      .select({ out: sql<string>`coalesce(sum(${promoterWithdrawals.amountFen}), 0)` })
      .from(promoterWithdrawals)
      .where(
        and(
          eq(promoterWithdrawals.promoterId, promoter.id),
          inArray(promoterWithdrawals.status, ['pending', 'paid']),
        ),
      );
    expect(Number(out) + promoter.balanceFen).toBe(100_000);
    expect(Number(out)).toBeLessThanOrEqual(100_000);
    expect(promoter.balanceFen).toBeGreaterThanOrEqual(0);
    expect(await promotionProblems(t.services.db)).toEqual([]);
  });
});
