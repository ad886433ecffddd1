// Decision 0098's migration: the order movements posted before money_order_movements existed get
// their figures, the same `post` writes for new ones, and no other movement does.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseBefore, rows } from '../support/migrations.ts';

describe('the order movements migration', () => {
  it('backfills one row of figures per order movement posted before it', async () => {
    const { database: d, done } = await databaseBefore('0080_order_movements_exports_and_folds');
    await d.db.execute(sql`insert into users (id, rid, phone, name, invite_code)
      values (1, 'U1', '13900000001', '客户', 'INV001')`);
    await d.db.execute(sql`insert into money_accounts (rid, owner_kind, owner_id, updated_at)
      values ('A1', 'user', 1, now())`);
    await d.db
      .execute(sql`insert into orders (id, rid, order_no, user_id, type_id, status, customer_kind, pay_mode,
        amount_fen, paid_fen, delivery, created_at, updated_at)
      values (1, 'O1', 'LP000000001', 1, 1, 'cancelled', 'enterprise', 'before', 10000, 10000, '{"type":0}'::jsonb, now(), now())`);
    await d.db.execute(sql`insert into money_transfers (id, rid, kind, idempotency_key, order_id, at) values
      (1, 'M1', 'topup', 't1', null, now() - interval '3 hours'),
      (2, 'M2', 'payment', 'p1', 1, now() - interval '2 hours'),
      (3, 'M3', 'refund', 'r1', 1, now() - interval '1 hour')`);
    // Top-up ¥100; the order of ¥100 paid by ¥80 cash, ¥10 赠送金 and a ¥10 coupon; then refunded.
    await d.db.execute(sql`with a as (
        select max(id) filter (where owner_kind = 'user') as customer,
               max(id) filter (where system_code = 'revenue') as revenue,
               max(id) filter (where system_code = 'coupon_expense') as coupon,
               max(id) filter (where system_code = 'bank') as bank
        from money_accounts)
      insert into money_postings (transfer_id, account_id, sub, amount_fen)
      select p.t, p.account, p.sub, p.amount from a cross join lateral (values
        (1, a.customer, 'cash', 9000), (1, a.customer, 'bonus', 1000), (1, a.bank, 'cash', -10000),
        (2, a.customer, 'cash', -8000), (2, a.customer, 'bonus', -1000), (2, a.coupon, 'cash', -1000), (2, a.revenue, 'cash', 10000),
        (3, a.customer, 'cash', 8000), (3, a.customer, 'bonus', 1000), (3, a.coupon, 'cash', 1000), (3, a.revenue, 'cash', -10000)
      ) p(t, account, sub, amount)`);

    await d.migrate();

    const figures = rows(
      await d.db.execute(sql`select transfer_id, order_id, kind, cash_fen, bonus_fen, credit_fen, coupon_fen,
          revenue_fen, payer_kind, payer_id
        from money_order_movements order by transfer_id`),
    ).map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
      ),
    );
    expect(figures).toEqual([
      {
        transfer_id: 2,
        order_id: 1,
        kind: 'payment',
        cash_fen: 8000,
        bonus_fen: 1000,
        credit_fen: 0,
        coupon_fen: 1000,
        revenue_fen: 10000,
        payer_kind: 'user',
        payer_id: 1,
      },
      {
        transfer_id: 3,
        order_id: 1,
        kind: 'refund',
        cash_fen: -8000,
        bonus_fen: -1000,
        credit_fen: 0,
        coupon_fen: -1000,
        revenue_fen: -10000,
        payer_kind: 'user',
        payer_id: 1,
      },
    ]);
    await done();
  });
});
