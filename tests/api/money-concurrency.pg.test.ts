// Money under concurrency, on PostgreSQL (PGlite runs one query at a time and would prove
// nothing): payments, transfers both ways and top-up approvals over the same accounts, each sent
// twice at once, happen exactly once; every movement balances, every cached balance equals its
// postings, nothing goes negative, and no deadlock surfaces as an error.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PNG, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';

const t = await setupApi();
const o = orderHelpers(t);

async function reviewingTopUp(c: Customer, fen: number) {
  const added = await t.post<{ rid: string }>(
    '/api/auth/prestoreApply/add',
    { amount_fen: fen, bonus_kind: 1, payer: '某公司' },
    c.h,
  );
  const pic = await o.upload('/api/auth/file/upload4pic', c.h, PNG, 'v.png');
  const edited = await t.post(
    '/api/auth/prestoreApply/edit',
    {
      rid: added.body.data.rid,
      amount_fen: fen,
      bonus_kind: 1,
      payer: '某公司',
      voucher: {
        payer_name: '某公司',
        bank: '建设银行',
        serial: `S${fen}`,
        amount_fen: fen,
        paid_on: '2026-01-05',
        file_rid: pic.body.data.rid,
      },
    },
    c.h,
  );
  expect(edited.body.code).toBe(1);
  return added.body.data.rid;
}

describe('payments, transfers and approvals over the same accounts at once', () => {
  it('each happens exactly once and the ledger balances', async () => {
    const a = await o.customer('enterprise');
    const b = await o.customer('enterprise');
    await o.credit(a.rid, 1_000_000);
    await o.credit(b.rid, 1_000_000);
    const orders = await Promise.all(Array.from({ length: 6 }, () => o.quotedOrder(a, 50_000)));
    const topUps = await Promise.all([100_000, 200_000, 300_000].map((fen) => reviewingTopUp(a, fen)));

    const transfer = (from: Customer, to: Customer, key: string) =>
      t.post(
        '/api/auth/transferApply/add',
        { to_account: to.phone, amount_fen: 10_000, idempotency_key: key },
        from.h,
      );
    const staff = await o.staff();
    const calls = [
      // 6 orders, each paid twice at once with its own key: 12 requests.
      ...orders.flatMap((rid) =>
        Array.from({ length: 2 }, () =>
          t.post('/api/auth/web/order/pay', { rid, idempotency_key: `pay-${rid}` }, a.h),
        ),
      ),
      // 10 transfers each way, each sent twice: 40 requests.
      ...Array.from({ length: 10 }, (_, i) => [
        transfer(a, b, `ab-${i}`),
        transfer(a, b, `ab-${i}`),
        transfer(b, a, `ba-${i}`),
        transfer(b, a, `ba-${i}`),
      ]).flat(),
      // 3 approvals, each clicked twice: 6 requests.
      ...topUps.flatMap((rid) =>
        Array.from({ length: 2 }, () => t.post('/api/admin/prestore/approve', { rid }, staff)),
      ),
    ];
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    // A second approval is refused as already done; duplicate payments and transfers answer as the first.
    const refused = results.filter((r) => r.body.code === 0).map((r) => r.body.msg);
    expect(refused).toEqual(Array(3).fill('该申请已入账，不能再操作'));

    expect(await movements(t.services, a.id, 'payment')).toHaveLength(6);
    expect(await movements(t.services, a.id, 'transfer')).toHaveLength(20);
    expect(await movements(t.services, a.id, 'topup')).toHaveLength(3);
    // a: ¥10,000 + ¥6,000 of top-ups with ¥180 of 赠送金 (3% each) − 6 × ¥500 paid; the transfers
    // cancel out. A payment takes 赠送金 first, so how much of the ¥180 it used depends on which
    // approvals landed before it: the total is fixed, and cash never pays what 赠送金 could.
    const wa = await wallet(t.services, a.id);
    expect(wa.cash + wa.bonus).toBe(1_000_000 + 600_000 + 18_000 - 300_000);
    expect(wa.cash).toBeGreaterThanOrEqual(1_000_000 + 600_000 - 300_000);
    expect(wa.creditUsed).toBe(0);
    expect(await wallet(t.services, b.id)).toEqual({ cash: 1_000_000, bonus: 0, creditUsed: 0 });
    await expectLedgerSound(t.services);
  });

  it('never lets fifty racing transfers overdraw an account', async () => {
    const a = await o.customer();
    const b = await o.customer();
    await o.credit(a.rid, 100_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.post(
          '/api/auth/transferApply/add',
          { to_account: b.phone, amount_fen: 7_000, idempotency_key: `x-${i}` },
          a.h,
        ),
      ),
    );
    const done = results.filter((r) => r.body.code === 1).length;
    expect(done).toBe(14); // 14 × 70.00 ≤ 1000.00 < 15 × 70.00
    expect(results.filter((r) => r.body.code === 0).every((r) => r.body.msg === '可用现金余额不足')).toBe(
      true,
    );
    expect(await wallet(t.services, a.id)).toMatchObject({ cash: 100_000 - 14 * 7_000 });
    expect(await wallet(t.services, b.id)).toMatchObject({ cash: 14 * 7_000 });
    await expectLedgerSound(t.services);
  });
});
