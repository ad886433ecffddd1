// Research group payments at the same moment, on PostgreSQL (PGlite runs one query at a time):
// 50 orders of one member paid from the group wallet at once never pass the member's monthly limit.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound } from '../support/money.ts';

const t = await setupApi();
const o = orderHelpers(t);

describe('group payments at once', () => {
  it('50 concurrent payments against one monthly limit pay exactly up to it', async () => {
    const pi = await o.customer('enterprise');
    const made = await t.post<{ rid: string }>(
      '/api/auth/cluster/add',
      { name: '并发课题组', institution: '某大学', pi_name: '李教授' },
      pi.h,
    );
    const rid = made.body.data.rid;
    await o.credit(pi.rid, 1_000_000);
    await t.post('/api/auth/cluster/deposit', { rid, amount_fen: 1_000_000, idempotency_key: 'd' }, pi.h);
    const code = (await t.post<{ join_code: string }>('/api/auth/cluster/detail', { rid }, pi.h)).body.data
      .join_code;
    const student = await o.customer('enterprise');
    await t.post('/api/auth/cluster/apply', { code }, student.h);
    await t.post(
      '/api/auth/cluster/limit',
      { rid, user_rid: student.rid, per_order_limit_fen: null, monthly_limit_fen: 100_000 },
      pi.h,
    );
    const orders: string[] = [];
    for (let i = 0; i < 50; i++) orders.push(await o.quotedOrder(student, 5_000));
    const results = await Promise.all(
      orders.map((order_rid) =>
        t.post<{ status: string }>(
          '/api/auth/cluster/pay',
          { rid, order_rid, idempotency_key: order_rid },
          student.h,
        ),
      ),
    );
    expect(results.every((r) => r.body.code === 1)).toBe(true);
    const paid = results.filter((r) => r.body.data.status === 'paid');
    expect(paid).toHaveLength(20);
    const detail = await t.post<{
      balance_fen: number;
      members: { user_rid: string; spent_this_month_fen: number }[];
    }>('/api/auth/cluster/detail', { rid }, pi.h);
    expect(detail.body.data.balance_fen).toBe(900_000);
    expect(detail.body.data.members.find((m) => m.user_rid === student.rid)!.spent_this_month_fen).toBe(
      100_000,
    );
    await expectLedgerSound(t.services);
  });
});
