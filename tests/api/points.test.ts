// Points (issue 15, decision 0027) on a real database: earned on completed orders from the cash
// and credit actually paid (not bonus money, not coupons), once; taken back after a refund; kept
// in lots that expire and are spent oldest first; exchanged for 赠送金 through the ledger or for a
// gift card staff send or reject; given to other customers within a daily limit; staff's
// catalogue, exchanges, customer view and adjustments; every refusal with nothing written.
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PNG, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
import { runJobs } from '../support/jobs.ts';
import { jobs } from '#server/platform/jobs-table.ts';
import { orders } from '#server/orders/tables.ts';
import { pointsEntries, pointsExchanges, pointsLots } from '#server/points/tables.ts';
// A fixture movement written straight to the ledger: post() is money's own, so the test reaches inside.
import { moneyTransaction, post, systemAccount, userAccount } from '#server/money/ledger.ts';
import { POINTS_EXPIRE, pointsProblems, reverseOrderPoints } from '#server/points/index.ts';
import { enqueue } from '#server/platform/jobs.ts';
import { createSession } from '#server/accounts/tokens.ts';

const t = await setupApi();
// A test that completes an order releases a signed report first (decision 0081): rendering it
// (the first in a worker loads the CJK fonts) and signing take seconds on a loaded machine.
const RELEASING = 45_000;
const o = orderHelpers(t);
const DAY = 86_400_000;

type Init = {
  balance: number;
  next_expire_points: number;
  next_expire_at: string | null;
  expiring_30d: number;
  account_rid: string;
  valid_days: number;
  transfer_daily_limit: number;
  transfer_left_today: number;
};
type Entry = {
  rid: string;
  kind: string;
  kind_text: string;
  points: number;
  balance_after: number;
  note: string;
  order_no: string | null;
  order_rid: string | null;
  exchange: { rid: string; status: string; status_text: string } | null;
  counterpart: string;
  expires_at: string | null;
};
type Item = { rid: string; name: string; kind: string; points: number; value_fen: number; status: string };
type Exchange = { rid: string; status: string; status_text: string; points: number; balance: number };

const init = async (c: Customer) => (await t.post<Init>('/api/auth/integration/init', {}, c.h)).body.data;
const history = async (c: Customer, body: Record<string, unknown> = {}) =>
  (await t.post<{ list: Entry[]; total: number }>('/api/auth/integration/list', body, c.h)).body.data;
const catalogue = async (c: Customer) =>
  (await t.post<{ list: Item[]; total: number }>('/api/auth/integration/list4exchange', {}, c.h)).body.data
    .list;
const exchange = (c: Customer, body: Record<string, unknown>) =>
  t.post<Exchange>(
    '/api/auth/integration/applyExchange',
    { idempotency_key: `k${Math.random()}`, ...body },
    c.h,
  );
const give = (c: Customer, body: Record<string, unknown>) =>
  t.post<{ rid: string; points: number; balance: number; transfer_left_today: number; to: string }>(
    '/api/auth/integration/transfer',
    { idempotency_key: `k${Math.random()}`, ...body },
    c.h,
  );
const adjust = async (c: Customer, points: number, key = `k${Math.random()}`) => {
  const res = await o.admin<{ balance: number; duplicate: boolean }>('points/adjust', {
    user_rid: c.rid,
    points,
    reason: '活动奖励',
    idempotency_key: key,
  });
  return res.body;
};
const itemNamed = async (c: Customer, name: string) => (await catalogue(c)).find((i) => i.name === name)!;

async function expectSound() {
  await expectLedgerSound(t.services);
  expect(await pointsProblems(t.services.db)).toEqual([]);
}

/** What was written for a customer: history, lots, exchanges (to show a refusal wrote nothing). */
async function written(c: Customer) {
  const [entries, lots, exchanges] = await Promise.all([
    t.services.db.select().from(pointsEntries).where(eq(pointsEntries.userId, c.id)),
    t.services.db.select().from(pointsLots).where(eq(pointsLots.userId, c.id)),
    t.services.db.select().from(pointsExchanges).where(eq(pointsExchanges.userId, c.id)),
  ]);
  return { entries: entries.length, lots: lots.map((l) => l.remaining), exchanges: exchanges.length };
}

/** A prepaid (enterprise) order taken from receipt to 已完成 by staff. */
async function completePrepaid(rid: string) {
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  expect(await o.move('order/complete', { rid })).toBe('completed');
}

/** A top-up of `fen` approved by finance: cash plus its bonus (3% from ¥1,000). */
async function toppedUp(c: Customer, fen: number) {
  const added = await t.post<{ rid: string }>(
    '/api/auth/prestoreApply/add',
    { amount_fen: fen, bonus_kind: 1, payer: '某公司' },
    c.h,
  );
  const pic = await o.upload('/api/auth/file/upload4pic', c.h, PNG, 'v.png');
  await t.post(
    '/api/auth/prestoreApply/edit',
    {
      rid: added.body.data.rid,
      amount_fen: fen,
      bonus_kind: 1,
      payer: '某公司',
      voucher: {
        payer_name: '某公司',
        bank: '建设银行',
        serial: `S${Math.random()}`,
        amount_fen: fen,
        paid_on: '2026-01-05',
        file_rid: pic.body.data.rid,
      },
    },
    c.h,
  );
  expect((await o.admin('prestore/approve', { rid: added.body.data.rid })).body.code).toBe(1);
}

/** The same customer with a fresh session (access tokens do not outlive the test clock's days). */
async function relogin(c: Customer): Promise<Customer> {
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  return { ...c, token, h: o.a.bearer(token) };
}

const orderId = async (rid: string) =>
  (await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid)))[0].id;

describe('earning points on a completed order', () => {
  it(
    'gives 1 point per whole yuan of cash paid — not bonus, not a coupon — once, when the order completes',
    async () => {
      const c = await o.customer('enterprise');
      await toppedUp(c, 100_000); // ¥1,000 cash + ¥30 赠送金
      expect(await wallet(t.services, c.id)).toMatchObject({ cash: 100_000, bonus: 3_000 });
      const coupon = await o.admin<{ rid: string }>('coupon/template/add', {
        name: '积分测试券',
        scope: 'all',
        kind: 'amount',
        value_fen: 5_000,
        threshold_fen: 10_000,
        validity: 'days',
        valid_days: 30,
        per_user_limit: 1,
        claimable: true,
      });
      const claimed = await t.post<{ rid: string }>(
        '/api/auth/discount4user/add',
        { template_rid: coupon.body.data.rid },
        c.h,
      );
      const rid = await o.quotedOrder(c, 60_099);
      const paid = await t.post(
        '/api/auth/web/order/pay',
        { rid, coupon_rid: claimed.body.data.rid, idempotency_key: 'pay-1' },
        c.h,
      );
      expect(paid.body, paid.body.msg).toMatchObject({ code: 1 });
      // ¥600.99 less the ¥50 coupon: ¥30 赠送金 first, then ¥520.99 cash → 520 points.
      expect((await movements(t.services, c.id, 'payment'))[0]).toMatchObject({
        bonus: -3_000,
        cash: -52_099,
      });

      await runJobs(t.services);
      expect((await init(c)).balance).toBe(0);
      const completedAt = t.services.now();
      await completePrepaid(rid);
      const [job] = await t.services.db
        .select()
        .from(jobs)
        .where(eq(jobs.uniqueKey, `completed:${rid}`));
      expect(job).toMatchObject({ kind: 'orders.completed', payload: { orderRid: rid } });
      await runJobs(t.services);

      const overview = await init(c);
      expect(overview).toMatchObject({
        balance: 520,
        next_expire_points: 520,
        expiring_30d: 0,
        valid_days: 730,
        transfer_daily_limit: 5000,
        transfer_left_today: 5000,
      });
      // Valid two years (POINTS_VALID_DAYS) from completion.
      expect(Date.parse(overview.next_expire_at!)).toBe(completedAt + 730 * DAY);
      const { list, total } = await history(c);
      expect(total).toBe(1);
      expect(list[0]).toMatchObject({
        kind: 'earn',
        kind_text: '订单完成获得',
        points: 520,
        balance_after: 520,
        order_rid: rid,
      });
      expect(list[0].order_no).toBeTruthy();

      // The award happens once however often its job runs.
      await enqueue(
        t.services.db,
        [{ kind: 'orders.completed', payload: { orderRid: rid }, runAt: t.services.now() }],
        t.services.now(),
      );
      await runJobs(t.services);
      expect((await init(c)).balance).toBe(520);
      // The home page's card says the same.
      expect((await t.post<{ points: number }>('/api/auth/web/home/data', {}, c.h)).body.data.points).toBe(
        520,
      );
      await expectSound();
    },
    RELEASING,
  );

  it(
    'counts a credit payment, earns nothing for an order settled outside the portal',
    async () => {
      const c = await o.customer('institution');
      await t.post('/api/auth/creditApply/operate', { action: 'apply', amount_fen: 500_000 }, c.h);
      const apps = await o.admin<{ list: { rid: string; customer: { rid: string } }[] }>('credit/list', {
        status: 'reviewing',
      });
      const app = apps.body.data.list.find((a) => a.customer.rid === c.rid)!;
      await o.admin('credit/approve', { rid: app.rid, limit_fen: 500_000, due_days: 60 });

      const unsettled = async () => {
        const it1 = await o.demoItem(1);
        const placed = await t.post<{ list: { rid: string; amount_fen: number }[] }>(
          '/api/auth/order/add',
          { items: [{ item_rid: it1.rid, parameters: it1.parameters }], delivery: { type: 0 } },
          c.h,
        );
        const { rid, amount_fen } = placed.body.data.list[0];
        await o.move('order/receive', { rid });
        await o.move('order/start', { rid });
        await o.release(rid);
        await o.move('order/bill', { rid });
        return { rid, amount: amount_fen };
      };
      const first = await unsettled();
      const paid = await t.post<{ status: string }>(
        '/api/auth/web/order/pay',
        { rid: first.rid, method: 'credit', idempotency_key: 'credit-1' },
        c.h,
      );
      expect(paid.body, paid.body.msg).toMatchObject({ code: 1, data: { status: 'completed' } });
      await runJobs(t.services);
      expect((await init(c)).balance).toBe(Math.floor(first.amount / 100));

      const second = await unsettled();
      expect(await o.move('order/settle', { rid: second.rid })).toBe('completed');
      await runJobs(t.services);
      expect((await init(c)).balance).toBe(Math.floor(first.amount / 100));
      await expectSound();
    },
    RELEASING,
  );
});

describe('reverseOrderPoints', () => {
  /** Money of a completed order comes back (as a refund movement would post it), then the reversal. */
  async function refund(c: Customer, rid: string, fen: number, key: string) {
    const id = await orderId(rid);
    return moneyTransaction(t.services.db, async (tx) => {
      const account = await userAccount(tx, c.id, t.services.now());
      await post(tx, {
        kind: 'adjust',
        idempotencyKey: key,
        orderId: id,
        now: t.services.now(),
        postings: [
          { accountId: await systemAccount(tx, 'revenue'), sub: 'cash', amountFen: -fen },
          { accountId: account.id, sub: 'cash', amountFen: fen },
        ],
      });
      return reverseOrderPoints(tx, id, t.services.now());
    });
  }

  it('takes back what refunded money earned, from the order’s own lot first, never below zero, once', async () => {
    const c = await o.customer('enterprise');
    await adjust(c, 300); // an older lot, which a plain spend would take first
    await o.credit(c.rid, 100_000);
    const rid = await o.quotedOrder(c, 47_050);
    expect((await t.post('/api/auth/web/order/pay', { rid }, c.h)).body.code).toBe(1);
    await completePrepaid(rid);
    await runJobs(t.services);
    expect((await init(c)).balance).toBe(770);

    // ¥100.50 back: ¥370.00 paid now → 370 points; 100 go, from the order's lot.
    expect(await refund(c, rid, 10_050, 'r1')).toEqual({ points: 100, short: 0 });
    const lots = await t.services.db
      .select({ points: pointsLots.points, remaining: pointsLots.remaining })
      .from(pointsLots)
      .where(eq(pointsLots.userId, c.id))
      .orderBy(asc(pointsLots.id));
    expect(lots).toEqual([
      { points: 300, remaining: 300 },
      { points: 470, remaining: 370 },
    ]);
    // Called again with nothing more refunded: nothing changes.
    const id = await orderId(rid);
    expect(
      await moneyTransaction(t.services.db, (tx) => reverseOrderPoints(tx, id, t.services.now())),
    ).toEqual({ points: 0, short: 0 });

    // Most points spent meanwhile: the rest of the refund takes only what is there.
    await adjust(c, -600);
    expect((await init(c)).balance).toBe(70);
    expect(await refund(c, rid, 37_000, 'r2')).toEqual({ points: 70, short: 300 });
    expect((await init(c)).balance).toBe(0);
    const [latest] = (await history(c)).list;
    expect(latest).toMatchObject({ kind: 'reverse', kind_text: '订单退款扣回', points: -70, order_rid: rid });
    expect(latest.note).toContain('300 积分已使用，未扣回');
    await expectSound();
  });
});

describe('exchanging points', () => {
  it('lists the seeded catalogue and quotes an exchange without writing anything', async () => {
    const c = await o.customer();
    const items = await catalogue(c);
    expect(items.map((i) => [i.name, i.kind, i.points, i.value_fen])).toEqual([
      ['测试费 10 元', 'bonus', 1000, 1000],
      ['测试费 20 元', 'bonus', 2000, 2000],
      ['测试费 30 元', 'bonus', 3000, 3000],
      ['京东E卡 50 元', 'gift', 5000, 5000],
    ]);
    await adjust(c, 1500);
    const quote = await t.post('/api/auth/integration/apply', { item_rid: items[0].rid, count: 2 }, c.h);
    expect(quote.body.data).toMatchObject({ points: 2000, value_fen: 2000, balance: 1500, enough: false });
    const fine = await t.post('/api/auth/integration/apply', { item_rid: items[0].rid }, c.h);
    expect(fine.body.data).toMatchObject({ count: 1, points: 1000, balance_after: 500, enough: true });
    expect((await written(c)).entries).toBe(1);
  });

  it('credits 赠送金 through the ledger in the same transaction, once per key', async () => {
    const c = await o.customer();
    await adjust(c, 2500);
    const fee = await itemNamed(c, '测试费 20 元');
    const res = await exchange(c, { item_rid: fee.rid, idempotency_key: 'x-1' });
    expect(res.body).toMatchObject({
      code: 1,
      msg: '兑换成功，赠送金已到账',
      data: { status: 'done', status_text: '已到账', points: 2000, balance: 500 },
    });
    const replay = await exchange(c, { item_rid: fee.rid, idempotency_key: 'x-1' });
    expect(replay.body.data).toMatchObject({ rid: res.body.data.rid, balance: 500 });
    expect(await wallet(t.services, c.id)).toMatchObject({ cash: 0, bonus: 2000 });
    const asset = await t.post<{ bonus_fen: number; points: number }>('/api/auth/asset/init', {}, c.h);
    expect(asset.body.data).toMatchObject({ bonus_fen: 2000, points: 500 });
    const detail = await t.post<{ list: { kind: string; kind_text: string; bonus_fen: number }[] }>(
      '/api/auth/asset/detail',
      {},
      c.h,
    );
    expect(detail.body.data.list[0]).toMatchObject({
      kind: 'points_exchange',
      kind_text: '积分兑换',
      bonus_fen: 2000,
    });
    const [entry] = (await history(c)).list;
    expect(entry).toMatchObject({
      kind: 'exchange',
      points: -2000,
      balance_after: 500,
      exchange: { rid: res.body.data.rid, status: 'done' },
    });
    await expectSound();
  });

  it('refuses more than held, an unknown or retired item and a bad count, writing nothing', async () => {
    const c = await o.customer();
    await adjust(c, 999);
    const before = await written(c);
    const fee = await itemNamed(c, '测试费 10 元');
    expect((await exchange(c, { item_rid: fee.rid })).body).toMatchObject({ code: 0, msg: '可用积分不足' });
    expect((await exchange(c, { item_rid: 'gnothere' })).body).toMatchObject({
      code: 0,
      msg: '兑换商品不存在或已下架',
    });
    expect((await exchange(c, { item_rid: fee.rid, count: 21 })).body.msg).toBe('[兑换数量]每次最多20份');
    expect((await exchange(c, { item_rid: fee.rid, count: 0 })).body.msg).toBe('[兑换数量]必须大于0');
    expect((await exchange(c, { item_rid: fee.rid, idempotency_key: '' })).body.msg).toBe(
      '[请求标识]不能为空',
    );
    expect(await written(c)).toEqual(before);
    expect(await wallet(t.services, c.id)).toMatchObject({ bonus: 0 });

    const extra = await o.admin<Item>('points/item/add', {
      name: '测试费 5 元',
      kind: 'bonus',
      points: 500,
      value_fen: 500,
    });
    expect(extra.body).toMatchObject({ code: 1, data: { status: 'active', points: 500 } });
    expect((await catalogue(c)).map((i) => i.name)).toContain('测试费 5 元');
    expect((await o.admin('points/item/retire', { rid: extra.body.data.rid })).body.data).toMatchObject({
      status: 'retired',
    });
    expect((await catalogue(c)).map((i) => i.name)).not.toContain('测试费 5 元');
    expect((await exchange(c, { item_rid: extra.body.data.rid })).body.msg).toBe('兑换商品不存在或已下架');
    expect(await written(c)).toEqual(before);
    expect((await o.admin('points/item/restore', { rid: extra.body.data.rid })).body.data).toMatchObject({
      status: 'active',
    });
    await o.admin('points/item/retire', { rid: extra.body.data.rid });
  });

  it('keeps a gift card pending until staff send it, or reject it and give the points back to their lots', async () => {
    const c = await o.customer();
    await adjust(c, 10_000);
    const card = await itemNamed(c, '京东E卡 50 元');
    const sent = await exchange(c, { item_rid: card.rid, note: '请发到注册手机' });
    expect(sent.body).toMatchObject({
      code: 1,
      msg: '兑换申请已提交，工作人员将尽快发放',
      data: { status: 'pending', status_text: '待发放', balance: 5000 },
    });
    const back = await exchange(c, { item_rid: card.rid });
    expect(back.body.data.balance).toBe(0);
    expect(await wallet(t.services, c.id)).toMatchObject({ bonus: 0 });

    const pending = await o.admin<{ list: { rid: string; note: string; customer: { rid: string } }[] }>(
      'points/exchange/list',
      { status: 'pending', kind: 'gift' },
    );
    const mine = pending.body.data.list.filter((x) => x.customer.rid === c.rid);
    expect(mine.map((x) => x.rid).sort()).toEqual([sent.body.data.rid, back.body.data.rid].sort());

    expect(
      (await o.admin('points/exchange/fulfil', { rid: sent.body.data.rid, note: '卡密已短信发送' })).body,
    ).toMatchObject({ code: 1, msg: '已发放', data: { status: 'fulfilled', staff_note: '卡密已短信发送' } });
    expect((await o.admin('points/exchange/reject', { rid: back.body.data.rid, reason: '' })).body.msg).toBe(
      '[驳回原因]不能为空',
    );
    const rejected = await o.admin('points/exchange/reject', {
      rid: back.body.data.rid,
      reason: '该卡暂时缺货',
    });
    expect(rejected.body).toMatchObject({
      code: 1,
      data: { status: 'rejected', reason: '该卡暂时缺货', balance: 5000 },
    });
    expect(
      (await o.admin('points/exchange/reject', { rid: back.body.data.rid, reason: '重复' })).body,
    ).toMatchObject({
      code: 0,
      msg: '该兑换已驳回，不能再处理',
    });
    expect((await o.admin('points/exchange/fulfil', { rid: sent.body.data.rid })).body.code).toBe(0);

    const { list } = await history(c);
    expect(list[0]).toMatchObject({
      kind: 'exchange_return',
      points: 5000,
      exchange: { rid: back.body.data.rid, status: 'rejected', status_text: '已驳回' },
    });
    expect(list[2]).toMatchObject({
      kind: 'exchange',
      exchange: { status: 'fulfilled', status_text: '已发放' },
    });
    const lots = await t.services.db.select().from(pointsLots).where(eq(pointsLots.userId, c.id));
    expect(lots.map((l) => l.remaining)).toEqual([5000]);
    await expectSound();
  });
});

describe('lots and expiry', () => {
  it('spends the oldest lots first and expires lots by the periodic job', async () => {
    let c = await o.customer();
    let friend = await o.customer();
    await adjust(c, 500);
    o.a.advance(10 * DAY);
    c = await relogin(c);
    friend = await relogin(friend);
    await adjust(c, 500);
    const lots = async (who: Customer) =>
      t.services.db
        .select({ id: pointsLots.id, remaining: pointsLots.remaining, expiresAt: pointsLots.expiresAt })
        .from(pointsLots)
        .where(eq(pointsLots.userId, who.id))
        .orderBy(asc(pointsLots.id));
    const given = await give(c, { to_account: friend.phone, points: 700 });
    expect(given.body, given.body.msg).toMatchObject({ code: 1 });
    const [older, newer] = await lots(c);
    expect([older.remaining, newer.remaining]).toEqual([0, 300]);
    // What the friend received keeps the dates it had: 500 of the older date, 200 of the newer.
    expect((await lots(friend)).map((l) => [l.remaining, l.expiresAt.getTime()])).toEqual([
      [500, older.expiresAt.getTime()],
      [200, newer.expiresAt.getTime()],
    ]);
    const view = await init(friend);
    expect(view).toMatchObject({ balance: 700, next_expire_points: 500 });
    expect(view.next_expire_at).toBe(older.expiresAt.toISOString());

    // The older date arrives: the periodic job expires those 500, once.
    await t.services.db
      .update(pointsLots)
      .set({ expiresAt: new Date(t.services.now()) })
      .where(and(eq(pointsLots.userId, friend.id), eq(pointsLots.remaining, 500)));
    await enqueue(
      t.services.db,
      [{ kind: POINTS_EXPIRE, payload: {}, runAt: t.services.now() }],
      t.services.now(),
    );
    await runJobs(t.services);
    await runJobs(t.services);
    expect((await init(friend)).balance).toBe(200);
    const { list } = await history(friend);
    expect(list.map((e) => [e.kind, e.kind_text, e.points])).toEqual([
      ['expired', '积分过期', -500],
      ['transfer_in', '转入', 700],
    ]);
    await expectSound();
  });

  it('expires what is due before a spend, so an exchange cannot use points past their date', async () => {
    const c = await o.customer();
    await adjust(c, 1200);
    await t.services.db
      .update(pointsLots)
      .set({ expiresAt: new Date(t.services.now() - 1) })
      .where(eq(pointsLots.userId, c.id));
    const fee = await itemNamed(c, '测试费 10 元');
    expect((await exchange(c, { item_rid: fee.rid })).body.msg).toBe('可用积分不足');
    expect(await init(c)).toMatchObject({ balance: 0, next_expire_at: null });
    await expectSound();
  });
});

describe('transferring points', () => {
  it('sends points by phone or account number, both sides recorded, within the daily limit', async () => {
    const a = await o.customer();
    const b = await o.customer();
    await adjust(a, 8000);
    const bAccount = (await init(b)).account_rid;
    const sent = await give(a, { to_account: bAccount, points: 3000, note: '课题组共用' });
    expect(sent.body).toMatchObject({
      code: 1,
      msg: '转赠成功',
      data: { points: 3000, balance: 5000, transfer_left_today: 2000 },
    });
    expect(sent.body.data.to).toMatch(/^\d{3}\*{4}\d{4}$/);
    const over = await give(a, { to_account: bAccount, points: 3000 });
    expect(over.body.msg).toBe('超过每日转赠上限（每日 5000 积分，今日还可转赠 2000 积分）');
    const second = await give(a, { to_account: b.phone, points: 1500, idempotency_key: 'k2' });
    const repeat = await give(a, { to_account: b.phone, points: 1500, idempotency_key: 'k2' });
    expect(repeat.body.data).toMatchObject({ rid: second.body.data.rid, balance: 3500 });

    const before = await written(a);
    expect((await give(a, { to_account: b.phone, points: 501 })).body.msg).toBe(
      '超过每日转赠上限（每日 5000 积分，今日还可转赠 500 积分）',
    );
    expect(await written(a)).toEqual(before);
    expect((await init(a)).transfer_left_today).toBe(500);

    const [out] = (await history(a, { kind: 'transfer_out' })).list;
    expect(out).toMatchObject({
      kind: 'transfer_out',
      kind_text: '转出',
      points: -1500,
      balance_after: 3500,
    });
    expect(out.counterpart).toBe(b.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2'));
    const inbound = (await history(b)).list;
    expect(inbound.map((e) => [e.kind, e.points])).toEqual([
      ['transfer_in', 1500],
      ['transfer_in', 3000],
    ]);
    expect(inbound[1].note).toContain('课题组共用');
    expect((await init(b)).balance).toBe(4500);

    // A new day (Asia/Shanghai) brings the whole limit back.
    o.a.advance(DAY);
    const tomorrow = await relogin(a);
    expect((await give(tomorrow, { to_account: b.phone, points: 3500 })).body.code).toBe(1);
    expect((await give(tomorrow, { to_account: b.phone, points: 1 })).body.msg).toBe('可用积分不足');
    await expectSound();
  });

  it('refuses oneself, an unknown account, more than held and bad numbers, writing nothing', async () => {
    const a = await o.customer();
    const b = await o.customer();
    await adjust(a, 100);
    const before = await written(a);
    expect((await give(a, { to_account: a.phone, points: 10 })).body.msg).toBe('不能转赠给自己');
    expect((await give(a, { to_account: (await init(a)).account_rid, points: 10 })).body.msg).toBe(
      '不能转赠给自己',
    );
    expect((await give(a, { to_account: '13100000000', points: 10 })).body.msg).toBe(
      '收款账户不存在，请核对账号或手机号',
    );
    expect((await give(a, { to_account: 'wnothere', points: 10 })).body.msg).toBe(
      '收款账户不存在，请核对账号或手机号',
    );
    expect((await give(a, { to_account: b.phone, points: 101 })).body.msg).toBe('可用积分不足');
    expect((await give(a, { to_account: b.phone, points: 0 })).body.msg).toBe('[转赠积分]必须大于0');
    expect((await give(a, { to_account: b.phone, points: 1.5 })).body.msg).toBe('[转赠积分]应为整数');
    expect((await give(a, { to_account: '', points: 1 })).body.msg).toBe('[收款账户]不能为空');
    expect(await written(a)).toEqual(before);
    expect(await written(b)).toEqual({ entries: 0, lots: [], exchanges: 0 });
  });
});

describe('isolation and staff', () => {
  it('shows each customer only their own points and keeps the staff calls to staff', async () => {
    const a = await o.customer();
    const b = await o.customer();
    await adjust(a, 1234);
    expect((await init(b)).balance).toBe(0);
    expect(await history(b)).toEqual({ list: [], total: 0 });
    for (const path of ['points/customer', 'points/adjust', 'points/item/add', 'points/exchange/list'])
      expect((await t.post(`/api/admin/${path}`, { user_rid: a.rid }, b.h)).status).toBe(403);
    expect((await t.post('/api/auth/integration/init', {})).status).toBe(401);
    expect((await t.post('/api/auth/integration/list', { kind: 'lottery' }, a.h)).body.msg).toBe(
      '[类型]不正确',
    );
  });

  it('shows staff a customer’s points and history, and adjusts with a reason, once per key', async () => {
    const c = await o.customer();
    expect(await adjust(c, 800, 'adj-1')).toMatchObject({
      code: 1,
      data: { balance: 800, duplicate: false },
    });
    expect(await adjust(c, 800, 'adj-1')).toMatchObject({ code: 1, data: { balance: 800, duplicate: true } });
    expect((await adjust(c, 900, 'adj-1')).msg).toBe('该请求标识已用于另一笔调整');
    expect((await adjust(c, -801)).msg).toBe('可用积分不足');
    expect(await adjust(c, -300)).toMatchObject({ data: { balance: 500 } });
    expect((await adjust(c, 0)).msg).toBe('[调整积分]不能为0');
    const view = await o.admin<{ balance: number; customer: { rid: string }; earned_total: number }>(
      'points/customer',
      { user_rid: c.rid },
    );
    expect(view.body.data).toMatchObject({ balance: 500, customer: { rid: c.rid }, earned_total: 0 });
    const entries = await o.admin<{ list: Entry[]; total: number }>('points/customer/history', {
      user_rid: c.rid,
    });
    expect(entries.body.data.list.map((e) => [e.kind_text, e.points, e.note])).toEqual([
      ['人工调整', -300, '活动奖励'],
      ['人工调整', 800, '活动奖励'],
    ]);
    expect((await o.admin('points/customer', { user_rid: 'unobody' })).body.msg).toBe('用户不存在');
  });

  it('lets staff edit an item; exchanges made before keep what they were made with', async () => {
    const c = await o.customer();
    await adjust(c, 6000);
    const item = await o.admin<Item>('points/item/add', {
      name: '保温杯',
      kind: 'gift',
      points: 3000,
      value_fen: 8800,
      description: '实验室定制',
      sort: 50,
    });
    const made = await exchange(c, { item_rid: item.body.data.rid });
    expect(made.body.data).toMatchObject({ points: 3000 });
    const edited = await o.admin<Item>('points/item/edit', {
      rid: item.body.data.rid,
      name: '保温杯（新款）',
      kind: 'gift',
      points: 3500,
      value_fen: 9900,
    });
    expect(edited.body.data).toMatchObject({ name: '保温杯（新款）', points: 3500 });
    const list = await o.admin<{ list: { rid: string; name: string; points: number }[] }>(
      'points/exchange/list',
      {},
    );
    expect(list.body.data.list.find((x) => x.rid === made.body.data.rid)).toMatchObject({
      name: '保温杯',
      points: 3000,
    });
    expect(
      (await o.admin('points/item/edit', { rid: 'gnone', name: 'x', kind: 'gift', points: 1, value_fen: 1 }))
        .body.msg,
    ).toBe('兑换商品不存在或已下架');
    expect(
      (await o.admin('points/item/add', { name: '', kind: 'gift', points: 1, value_fen: 1 })).body.msg,
    ).toBe('[商品名称]不能为空');
    await o.admin('points/item/retire', { rid: item.body.data.rid });
    const all = await o.admin<{ list: Item[] }>('points/item/list', { status: 'retired' });
    expect(all.body.data.list.map((i) => i.rid)).toContain(item.body.data.rid);
    await expectSound();
  });
});
