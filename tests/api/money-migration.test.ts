// Decision 0022's migration: balances and ledger rows written before the money model (one cached
// balance per user, one signed row per movement) become accounts, movements and postings with
// nothing lost — same balances, same history, every movement balanced.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ledgerProblems } from '#server/money/index.ts';
import { databaseBefore, rows } from '../support/migrations.ts';

describe('the money migration', () => {
  it('turns old balances and ledger rows into accounts and balanced movements, losing nothing', async () => {
    const { database: d, done } = await databaseBefore('0012_money');

    // Users as the schema of that time had them (later migrations add columns to users).
    await d.db.execute(sql`
      insert into users (rid, phone, invite_code, created_at, updated_at)
      values ('u-old-1', '13900000001', 'OLD001', now(), now()), ('u-old-2', '13900000002', 'OLD002', now(), now())`);
    await d.db.execute(sql`
      insert into accounts_balance (user_id, balance_fen, updated_at)
      select id, case phone when '13900000001' then 70000 else 5000 end, now() from users`);
    await d.db.execute(sql`
      insert into ledger_entries (user_id, delta_fen, kind, note, idempotency_key, balance_after_fen, at)
      select u.id, e.delta, e.kind, e.note, e.key || u.phone, e.after, now() - (e.n || ' minutes')::interval
      from users u,
      (values (100000, 'credit', '预存', 'c1-', 100000, 3), (-50000, 'payment', '支付订单', 'p1-', 50000, 2),
              (20000, 'refund', '取消退款', 'r1-', 70000, 1)) as e(delta, kind, note, key, after, n)
      where u.phone = '13900000001'`);
    await d.db.execute(sql`
      insert into ledger_entries (user_id, delta_fen, kind, note, idempotency_key, balance_after_fen, at)
      select id, 5000, 'credit', '预存', 'c2', 5000, now() from users where phone = '13900000002'`);

    await d.migrate();

    const accounts = rows(
      await d.db.execute(sql`
        select u.phone, a.cash_fen::int as cash, a.bonus_fen::int as bonus
        from money_accounts a join users u on u.id = a.owner_id where a.owner_kind = 'user' order by u.phone`),
    );
    expect(accounts).toEqual([
      { phone: '13900000001', cash: 70000, bonus: 0 },
      { phone: '13900000002', cash: 5000, bonus: 0 },
    ]);
    const history = rows(
      await d.db.execute(sql`
        select t.kind, t.idempotency_key as key, p.amount_fen::int as amount, p.balance_after_fen::int as after
        from money_transfers t join money_postings p on p.transfer_id = t.id
        join money_accounts a on a.id = p.account_id and a.owner_kind = 'user'
        join users u on u.id = a.owner_id where u.phone = '13900000001' order by t.at`),
    );
    expect(history).toEqual([
      { kind: 'adjust', key: 'c1-13900000001', amount: 100000, after: 100000 },
      { kind: 'payment', key: 'p1-13900000001', amount: -50000, after: 50000 },
      { kind: 'refund', key: 'r1-13900000001', amount: 20000, after: 70000 },
    ]);
    const system = rows(
      await d.db.execute(sql`select system_code from money_accounts where owner_kind = 'system'`),
    );
    expect(system.map((r) => r.system_code).sort()).toEqual([
      'bank',
      'bonus_expense',
      'clearing',
      'coupon_expense',
      'receivable',
      'revenue',
    ]);
    expect(await ledgerProblems(d.db)).toEqual([]);
    // The postings stay as written: the database refuses to change them.
    await expect(d.db.execute(sql`update money_postings set amount_fen = 0`)).rejects.toThrow();
    await done();
  });
});
