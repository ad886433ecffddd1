// Points under concurrency, on PostgreSQL (PGlite runs one query at a time and would prove
// nothing): exchanges and transfers racing over the same points accounts never spend more than is
// held, a request sent twice at once happens once, and the history, lots and balances agree.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';
import { pointsEntries } from '#server/points/tables.ts';
import { pointsProblems } from '#server/points/index.ts';

const t = await setupApi();
const o = orderHelpers(t);

const balance = async (h: Record<string, string>) =>
  (await t.post<{ balance: number }>('/api/auth/integration/init', {}, h)).body.data.balance;

describe('exchanges and transfers over the same points at once', () => {
  it('never overspend, happen once per key, and leave history, lots and balances in agreement', async () => {
    const a = await o.customer();
    const b = await o.customer();
    for (const [c, points] of [
      [a, 4_500],
      [b, 1_000],
    ] as const)
      await o.admin('points/adjust', {
        user_rid: c.rid,
        points,
        reason: '测试',
        idempotency_key: `seed-${c.rid}`,
      });
    const items = await t.post<{ list: { rid: string; points: number }[] }>(
      '/api/auth/integration/list4exchange',
      {},
      a.h,
    );
    const fee = items.body.data.list.find((i) => i.points === 1000)!;

    const calls = [
      // Eight exchanges of 1,000 points from 4,500 (at most four can succeed), each sent twice.
      ...Array.from({ length: 8 }, (_, i) => [
        t.post('/api/auth/integration/applyExchange', { item_rid: fee.rid, idempotency_key: `x${i}` }, a.h),
        t.post('/api/auth/integration/applyExchange', { item_rid: fee.rid, idempotency_key: `x${i}` }, a.h),
      ]).flat(),
      // Transfers both ways over the same two accounts, each sent twice.
      ...Array.from({ length: 6 }, (_, i) => [
        t.post(
          '/api/auth/integration/transfer',
          { to_account: b.phone, points: 300, idempotency_key: `ab${i}` },
          a.h,
        ),
        t.post(
          '/api/auth/integration/transfer',
          { to_account: b.phone, points: 300, idempotency_key: `ab${i}` },
          a.h,
        ),
        t.post(
          '/api/auth/integration/transfer',
          { to_account: a.phone, points: 200, idempotency_key: `ba${i}` },
          b.h,
        ),
        t.post(
          '/api/auth/integration/transfer',
          { to_account: a.phone, points: 200, idempotency_key: `ba${i}` },
          b.h,
        ),
      ]).flat(),
    ];
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const refusals = new Set(results.filter((r) => r.body.code === 0).map((r) => r.body.msg));
    // More is asked than held: some are refused, all for the same reason.
    expect([...refusals]).toEqual(['可用积分不足']);

    const entries = await t.services.db.select().from(pointsEntries);
    const mine = (userId: number, kind: string) =>
      entries.filter((e) => e.userId === userId && e.kind === kind).map((e) => e.points);
    const exchanges = mine(a.id, 'exchange');
    const out = mine(a.id, 'transfer_out');
    const back = mine(b.id, 'transfer_out');
    // Each key at most once.
    expect(exchanges.length).toBeLessThanOrEqual(8);
    expect(out.length).toBeLessThanOrEqual(6);
    expect(back.length).toBeLessThanOrEqual(6);
    const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
    expect(await balance(a.h)).toBe(4_500 + sum(exchanges) + sum(out) - sum(back));
    expect(await balance(b.h)).toBe(1_000 + sum(back) - sum(out));
    expect(await balance(a.h)).toBeGreaterThanOrEqual(0);
    // Every exchange that happened credited its bonus once.
    expect((await wallet(t.services, a.id)).bonus).toBe(-sum(exchanges));
    expect(exchanges.length).toBeGreaterThan(0);
    expect(await pointsProblems(t.services.db)).toEqual([]);
    await expectLedgerSound(t.services);
    expect(entries.filter((e) => e.userId === a.id && e.points > 0 && e.kind === 'transfer_in').length).toBe(
      back.length,
    );
    expect(
      (await t.services.db.select().from(pointsEntries).where(eq(pointsEntries.userId, b.id))).length,
    ).toBeGreaterThan(0);
  });
});
