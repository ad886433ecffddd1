// Invitations, promoters, rebates and withdrawals (issue 17, decision 0031) on a real database:
// my code and the people I invited (masked), their orders as I may see them and nobody else's;
// applying once, staff's review; a rebate of the cash (not 赠送金) an invitee pays on an order
// completed within the binding window, credited once, frozen, then withdrawable; its reversal by a
// refund; withdrawals within the minimum, the withdrawable amount and the monthly cap, cancelled,
// corrected, paid or rejected; campaigns; every refusal in Chinese with nothing written.
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound } from '../support/money.ts';
import { runJobs } from '../support/jobs.ts';
import { orders } from '#server/orders/tables.ts';
import { promoterRebateEntries, promoters, promoterWithdrawals } from '#server/promotion/tables.ts';
import { users } from '#server/accounts/tables.ts';
// A fixture movement written straight to the ledger: post() is money's own, so the test reaches inside.
import { moneyTransaction, post, systemAccount, userAccount } from '#server/money/ledger.ts';
import { promotionProblems, reverseOrderRebate } from '#server/promotion/index.ts';
import { createSession } from '#server/accounts/tokens.ts';

const t = await setupApi();
const o = orderHelpers(t);
const DAY = 86_400_000;

type Init = {
  invite_code: string;
  invite_path: string;
  invite_url: string;
  invited_count: number;
  ordered_count: number;
  promoter_status: string;
};
type Mine = {
  promoter_status: string;
  frozen_fen: number;
  withdrawable_fen: number;
  pending_fen: number;
  withdrawn_fen: number;
  earned_fen: number;
  month_left_fen: number;
  rate_percent_text: string;
};
type Withdrawal = { rid: string; amount_fen: number; fee_fen: number; payout_fen: number; status: string };

const mine = async (c: Customer) => (await t.post<Mine>('/api/auth/myPromotion/init', {}, c.h)).body.data;
const withdraw = (c: Customer, body: Record<string, unknown>) =>
  t.post<Withdrawal>(
    '/api/auth/promoter_rebate_withdraw/add',
    {
      channel: 'alipay',
      account_name: '张三',
      account_no: 'zhangsan@example.com',
      idempotency_key: `k${Math.random()}`,
      ...body,
    },
    c.h,
  );

/** A customer invited by `inviter` (the inviter's id set as registration would). */
async function invitee(inviter: Customer): Promise<Customer> {
  const c = await o.customer('enterprise');
  await t.services.db.update(users).set({ inviterId: inviter.id }).where(eq(users.id, c.id));
  return c;
}

/** An approved promoter (applied through the API, approved by staff). */
async function promoter(): Promise<Customer> {
  const c = await o.customer('enterprise');
  const applied = await t.post<{ rid: string }>(
    '/api/auth/promoter_apply/add',
    { real_name: '李推广', channel: '课题组微信群' },
    c.h,
  );
  expect(applied.body).toMatchObject({ code: 1, data: { status: 'pending' } });
  expect((await o.admin('promoter/approve', { rid: applied.body.data.rid })).body.code).toBe(1);
  return c;
}

/** A prepaid order of `fen` paid from the balance and taken by staff to 已完成; the jobs run. */
async function completedOrder(c: Customer, fen: number): Promise<string> {
  const rid = await o.quotedOrder(c, fen);
  const paid = await t.post('/api/auth/web/order/pay', { rid, idempotency_key: `pay-${rid}` }, c.h);
  expect(paid.body, paid.body.msg).toMatchObject({ code: 1 });
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  expect(await o.move('order/complete', { rid })).toBe('completed');
  await runJobs(t.services);
  return rid;
}

/** 赠送金 for a customer, as a top-up bonus would post it. */
async function giveBonus(c: Customer, fen: number) {
  await moneyTransaction(t.services.db, async (tx) => {
    const account = await userAccount(tx, c.id, t.services.now());
    await post(tx, {
      kind: 'adjust',
      idempotencyKey: `bonus-${c.id}-${fen}`,
      now: t.services.now(),
      postings: [
        { accountId: await systemAccount(tx, 'bonus_expense'), sub: 'bonus', amountFen: -fen },
        { accountId: account.id, sub: 'bonus', amountFen: fen },
      ],
    });
  });
}

/** The same customer with a fresh session (access tokens do not outlive the test clock's days). */
async function relogin(c: Customer): Promise<Customer> {
  const { token } = await createSession(t.services, c.id, { ip: 'unknown', userAgent: '' });
  return { ...c, token, h: o.a.bearer(token) };
}

const orderId = async (rid: string) =>
  (await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.rid, rid)))[0].id;

/** Rows of the promotion tables: a refusal must leave these unchanged. */
async function written() {
  const [[e], [w], [p]] = await Promise.all([
    t.services.db.select({ n: count() }).from(promoterRebateEntries),
    t.services.db.select({ n: count() }).from(promoterWithdrawals),
    t.services.db.select({ n: count() }).from(promoters),
  ]);
  return { entries: e.n, withdrawals: w.n, promoters: p.n };
}

async function expectSound() {
  await expectLedgerSound(t.services);
  expect(await promotionProblems(t.services.db)).toEqual([]);
}

describe('invitations', () => {
  it('gives my code and link, lists who registered with it (masked), and shows their orders only to me', async () => {
    const me = await o.customer();
    const init = await t.post<Init>('/api/auth/invite/init', {}, me.h);
    expect(init.body.code).toBe(1);
    const code = init.body.data.invite_code;
    expect(init.body.data).toMatchObject({
      invite_path: `/invited/${code}`,
      invited_count: 0,
      ordered_count: 0,
      promoter_status: 'none',
    });
    expect(init.body.data.invite_url).toMatch(new RegExp(`^https?://.+/invited/${code}$`));

    // Registration with my code, through the API.
    const phone = await o.a.register(undefined, undefined, code);
    const [row] = await t.services.db.select().from(users).where(eq(users.phone, phone));
    expect(row.inviterId).toBe(me.id);
    const other = await invitee(me);

    const list = await t.post<{
      list: {
        user_rid: string;
        phone: string;
        has_order: boolean;
        bound_until: string;
        registered_at: string;
      }[];
      total: number;
    }>('/api/auth/invite/list', {}, me.h);
    expect(list.body.data.total).toBe(2);
    const first = list.body.data.list.find((i) => i.user_rid === row.rid)!;
    expect(first.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(first.has_order).toBe(false);
    // Bound for three months from registration.
    expect(new Date(first.bound_until).getTime()).toBeGreaterThan(Date.parse(first.registered_at) + 89 * DAY);
    expect(JSON.stringify(list.body)).not.toContain(phone);

    // The other invitee orders: counted, and visible as items and status, without amounts.
    const rid = await o.quotedOrder(other, 12_300);
    expect((await t.post<Init>('/api/auth/invite/init', {}, me.h)).body.data).toMatchObject({
      invited_count: 2,
      ordered_count: 1,
    });
    const listed = await t.post<{ list: { user_rid: string; has_order: boolean }[] }>(
      '/api/auth/invite/list',
      {},
      me.h,
    );
    expect(listed.body.data.list.map((i) => [i.user_rid, i.has_order]).sort()).toEqual(
      [
        [row.rid, false],
        [other.rid, true],
      ].sort(),
    );
    const detail = await t.post<{
      list: { items: string[]; status: string; status_text: string }[];
      total: number;
    }>('/api/auth/invite/orderDetail', { user_rid: other.rid }, me.h);
    expect(detail.body).toMatchObject({ code: 1, data: { total: 1 } });
    const item = await o.demoItem(1);
    expect(detail.body.data.list[0]).toMatchObject({
      items: [item.name],
      status: 'unpaid',
      status_text: '待付款',
    });
    const text = JSON.stringify(detail.body.data);
    expect(text).not.toContain('12300');
    expect(text).not.toContain(rid);
    expect(text).not.toContain(other.phone);

    // Someone I did not invite, and my invitee's orders through another account: refused.
    const stranger = await o.customer();
    for (const [who, target] of [
      [me, stranger.rid],
      [stranger, other.rid],
      [me, 'u-nobody'],
    ] as const) {
      const refused = await t.post('/api/auth/invite/orderDetail', { user_rid: target }, who.h);
      expect(refused.body).toMatchObject({
        code: 0,
        msg: '该用户不是您邀请的用户',
        data: { error: 'NOT_FOUND' },
      });
    }
    expect((await t.post('/api/auth/invite/orderDetail', {}, me.h)).body).toMatchObject({
      code: 0,
      msg: '[用户]不能为空',
    });
    expect((await t.post('/api/auth/invite/init', {})).status).toBe(401);
  });
});

describe('becoming a promoter', () => {
  it('applies once, is approved or rejected by staff, and may apply again after a rejection', async () => {
    const c = await o.customer();
    expect((await t.post('/api/auth/promoter_apply/add', { channel: '朋友圈' }, c.h)).body).toMatchObject({
      code: 0,
      msg: '[真实姓名]不能为空',
    });
    const before = await written();
    const applied = await t.post<{ rid: string; status: string }>(
      '/api/auth/promoter_apply/add',
      { real_name: '王五', channel: '朋友圈', note: '实验室同学多' },
      c.h,
    );
    expect(applied.body).toMatchObject({
      code: 1,
      msg: '提交成功!',
      data: { status: 'pending', status_text: '审核中' },
    });
    expect((await written()).promoters).toBe(before.promoters + 1);
    const again = await t.post('/api/auth/promoter_apply/add', { real_name: '王五', channel: '朋友圈' }, c.h);
    expect(again.body).toMatchObject({ code: 0, msg: '您的申请正在审核中，请勿重复提交' });
    expect(await mine(c)).toMatchObject({ promoter_status: 'pending', withdrawable_fen: 0 });

    // Staff's list finds it; a rejection needs a reason and is shown to the customer.
    const staffList = await o.admin<{ list: { rid: string; phone: string; status: string }[] }>(
      'promoter/list',
      {
        status: 'pending',
        keyword: c.phone,
      },
    );
    expect(staffList.body.data.list).toEqual([
      expect.objectContaining({ rid: applied.body.data.rid, phone: c.phone }),
    ]);
    expect((await o.admin('promoter/reject', { rid: applied.body.data.rid })).body.msg).toBe(
      '[驳回原因]不能为空',
    );
    expect(
      (await o.admin('promoter/reject', { rid: applied.body.data.rid, reason: '信息不全' })).body.code,
    ).toBe(1);
    expect((await o.admin('promoter/approve', { rid: applied.body.data.rid })).body).toMatchObject({
      code: 0,
      msg: '该申请已处理',
    });
    const rejected = await t.post<{ application: { reject_reason: string } }>(
      '/api/auth/myPromotion/init',
      {},
      c.h,
    );
    expect(rejected.body.data).toMatchObject({
      promoter_status: 'rejected',
      application: { reject_reason: '信息不全' },
    });

    // Applying again after a rejection; approved at a rate of its own.
    const second = await t.post<{ rid: string }>(
      '/api/auth/promoter_apply/add',
      { real_name: '王五', channel: '朋友圈、课题组' },
      c.h,
    );
    expect(second.body).toMatchObject({ code: 1, data: { rid: applied.body.data.rid, status: 'pending' } });
    expect(
      (await o.admin('promoter/approve', { rid: second.body.data.rid, rate_percent: 10.5 })).body.code,
    ).toBe(1);
    expect(await mine(c)).toMatchObject({ promoter_status: 'approved', rate_percent_text: '10.5%' });
    const third = await t.post('/api/auth/promoter_apply/add', { real_name: '王五', channel: '朋友圈' }, c.h);
    expect(third.body).toMatchObject({ code: 0, msg: '您已是推广员，无需重复申请' });
  });
});

describe('rebates', () => {
  it('credits 8% of the cash (not 赠送金) an invitee paid, once, frozen for 15 days, then withdrawable', async () => {
    const p = await promoter();
    const c = await invitee(p);
    await o.credit(c.rid, 100_000);
    await giveBonus(c, 5_000);
    // ¥500: ¥50 赠送金 first, then ¥450 cash → 8% of ¥450 = ¥36.
    const rid = await completedOrder(c, 50_000);
    const credited = await mine(p);
    expect(credited).toMatchObject({
      frozen_fen: 3_600,
      withdrawable_fen: 0,
      earned_fen: 3_600,
      rate_percent_text: '8%',
    });
    const list = await t.post<{ list: Record<string, unknown>[]; total: number }>(
      '/api/auth/promoter_rebate/list',
      {},
      p.h,
    );
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({
      kind: 'rebate',
      kind_text: '订单返利',
      amount_fen: 3_600,
      balance_after_fen: 3_600,
      state: 'frozen',
      base_fen: 45_000,
      rate_percent_text: '8%',
    });
    expect(String(list.body.data.list[0].note)).toContain(`${c.phone.slice(0, 3)}****`);
    expect(Date.parse(String(list.body.data.list[0].available_at))).toBe(t.services.now() + 15 * DAY);

    // The job again (a retry): nothing more.
    const { enqueue } = await import('#server/platform/jobs.ts');
    await t.services.db.transaction((tx) =>
      enqueue(
        tx,
        [{ kind: 'orders.completed', payload: { orderRid: rid }, runAt: t.services.now() }],
        t.services.now(),
      ),
    );
    await runJobs(t.services);
    expect((await mine(p)).earned_fen).toBe(3_600);
    const staffView = await o.admin<{ list: { invited_count: number; balance_fen: number }[] }>(
      'promoter/list',
      {
        keyword: p.phone,
      },
    );
    expect(staffView.body.data.list).toEqual([
      expect.objectContaining({ invited_count: 1, balance_fen: 3_600 }),
    ]);
    // The invitee's order detail shows the rebate it gave.
    const detail = await t.post<{ list: { rebate_fen: number | null; status: string }[] }>(
      '/api/auth/invite/orderDetail',
      { user_rid: c.rid },
      p.h,
    );
    expect(detail.body.data.list[0]).toMatchObject({ status: 'completed', rebate_fen: 3_600 });

    // Fifteen days later it may be withdrawn.
    o.a.advance(15 * DAY + 1000);
    const later = await relogin(p);
    expect(await mine(later)).toMatchObject({ frozen_fen: 0, withdrawable_fen: 3_600 });
    const after = await t.post<{ list: { state: string }[] }>('/api/auth/promoter_rebate/list', {}, later.h);
    expect(after.body.data.list[0].state).toBe('available');
    await expectSound();
  });

  it('gives nothing outside the binding window, to a promoter not approved, or to someone not invited', async () => {
    const p = await promoter();
    // Registered four months before the order completes.
    const late = await invitee(p);
    await t.services.db
      .update(users)
      .set({ createdAt: new Date(t.services.now() - 122 * DAY) })
      .where(eq(users.id, late.id));
    await o.credit(late.rid, 100_000);
    await completedOrder(late, 50_000);
    expect((await mine(p)).earned_fen).toBe(0);

    // An applicant still under review earns nothing on their invitee's order.
    const applicant = await o.customer();
    await t.post('/api/auth/promoter_apply/add', { real_name: '赵六', channel: '朋友圈' }, applicant.h);
    const theirs = await invitee(applicant);
    await o.credit(theirs.rid, 100_000);
    const before = await written();
    await completedOrder(theirs, 50_000);
    expect((await written()).entries).toBe(before.entries);

    // The promoter's own order earns them nothing (they were invited by nobody).
    await o.credit(p.rid, 100_000);
    await completedOrder(p, 50_000);
    expect((await written()).entries).toBe(before.entries);
    await expectSound();
  });

  it('is taken back by a refund of the order, within the freeze or after, once per level', async () => {
    const p = await promoter();
    const c = await invitee(p);
    await o.credit(c.rid, 200_000);
    const rid = await completedOrder(c, 100_000); // 8% of ¥1,000 = ¥80
    expect((await mine(p)).frozen_fen).toBe(8_000);
    const id = await orderId(rid);

    /** Money of the completed order comes back (as a refund movement would post it), then the reversal. */
    const refund = (fen: number, key: string) =>
      moneyTransaction(t.services.db, async (tx) => {
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
        return reverseOrderRebate(tx, id, t.services.now());
      });

    // ¥250 back within the freeze: ¥750 paid → ¥60; ¥20 taken back from the frozen part.
    expect(await refund(25_000, 'r1')).toEqual({ fen: 2_000 });
    expect(await mine(p)).toMatchObject({ frozen_fen: 6_000, withdrawable_fen: 0, earned_fen: 6_000 });
    expect(
      await moneyTransaction(t.services.db, (tx) => reverseOrderRebate(tx, id, t.services.now())),
    ).toEqual({ fen: 0 });

    // After the freeze, the rest comes back: what was withdrawable goes.
    o.a.advance(16 * DAY);
    const later = await relogin(p);
    expect(await mine(later)).toMatchObject({ frozen_fen: 0, withdrawable_fen: 6_000 });
    expect(await refund(75_000, 'r2')).toEqual({ fen: 6_000 });
    expect(await mine(later)).toMatchObject({ frozen_fen: 0, withdrawable_fen: 0, earned_fen: 0 });
    const list = await t.post<{ list: { kind: string; amount_fen: number }[] }>(
      '/api/auth/promoter_rebate/list',
      {},
      later.h,
    );
    expect(list.body.data.list.map((e) => [e.kind, e.amount_fen])).toEqual([
      ['reverse', -6_000],
      ['reverse', -2_000],
      ['rebate', 8_000],
    ]);
    // An order without a rebate: nothing to take back.
    const plain = await o.customer('enterprise');
    await o.credit(plain.rid, 100_000);
    const other = await completedOrder(plain, 20_000);
    const otherId = await orderId(other);
    expect(
      await moneyTransaction(t.services.db, (tx) => reverseOrderRebate(tx, otherId, t.services.now())),
    ).toEqual({
      fen: 0,
    });
    // The history cannot be edited.
    await expect(t.services.db.update(promoterRebateEntries).set({ note: 'x' })).rejects.toThrow();
    await expectSound();
  });
});

describe('withdrawals', () => {
  /** A promoter with ¥1,600 withdrawable (8% of an invitee's ¥20,000), the clock past the freeze. */
  async function withMoney(): Promise<Customer> {
    const p = await promoter();
    const c = await invitee(p);
    await o.credit(c.rid, 2_000_000);
    await completedOrder(c, 2_000_000);
    o.a.advance(15 * DAY + 1000);
    const fresh = await relogin(p);
    expect(await mine(fresh)).toMatchObject({ withdrawable_fen: 160_000 });
    return fresh;
  }

  it('refuses below the minimum, beyond what is withdrawable, over the monthly cap, or a bad account, writing nothing', async () => {
    const p = await withMoney();
    const before = await written();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount_fen: 9_999 }, '单笔提现金额不能低于100元'],
      [{ amount_fen: 160_001 }, '可提现金额不足'],
      [{ amount_fen: 10_000, channel: 'bank', account_no: '6222 0000 1111 2222' }, '[开户银行]不能为空'],
      [
        { amount_fen: 10_000, channel: 'bank', account_no: '12ab', bank_name: '工商银行' },
        '[银行卡号]应为12-19位数字',
      ],
      [{ amount_fen: 10_000, channel: 'paypal' }, '[收款方式]不正确'],
      [{ amount_fen: 10_000, account_name: '' }, '[收款人姓名]不能为空'],
      [{ amount_fen: 0 }, '[提现金额]必须大于0'],
    ];
    for (const [body, msg] of cases)
      expect((await withdraw(p, body)).body, msg).toMatchObject({ code: 0, msg });
    const cap = t.services.env.PROMOTION_WITHDRAW_MONTHLY_YUAN;
    t.services.env.PROMOTION_WITHDRAW_MONTHLY_YUAN = 500;
    try {
      expect((await withdraw(p, { amount_fen: 40_000 })).body.code).toBe(1);
      const over = await withdraw(p, { amount_fen: 20_000 });
      expect(over.body).toMatchObject({ code: 0, msg: '超出本月提现额度，本月还可提现100.00元' });
      expect(await mine(p)).toMatchObject({
        month_left_fen: 10_000,
        pending_fen: 40_000,
        withdrawable_fen: 120_000,
      });
    } finally {
      t.services.env.PROMOTION_WITHDRAW_MONTHLY_YUAN = cap;
    }
    expect(await written()).toMatchObject({
      withdrawals: before.withdrawals + 1,
      entries: before.entries + 1,
    });
    // Not a promoter at all.
    const nobody = await o.customer();
    expect((await withdraw(nobody, { amount_fen: 10_000 })).body).toMatchObject({
      code: 0,
      msg: '您还不是推广员，请先申请成为推广员',
    });
    await expectSound();
  });

  it('takes the fee, is the same withdrawal when sent twice, is corrected or cancelled while waiting, and paid or rejected by staff', async () => {
    let p = await withMoney();
    const fee = t.services.env.PROMOTION_WITHDRAW_FEE_PERCENT;
    t.services.env.PROMOTION_WITHDRAW_FEE_PERCENT = 1;
    let first;
    try {
      first = await withdraw(p, {
        amount_fen: 50_050,
        channel: 'bank',
        account_no: '6222 0000 1111 2222',
        bank_name: '工商银行上海分行',
        idempotency_key: 'w-1',
      });
    } finally {
      t.services.env.PROMOTION_WITHDRAW_FEE_PERCENT = fee;
    }
    expect(first.body).toMatchObject({
      code: 1,
      data: {
        amount_fen: 50_050,
        fee_fen: 500,
        payout_fen: 49_550,
        status: 'pending',
        status_text: '待打款',
      },
    });
    const resent = await withdraw(p, {
      amount_fen: 50_050,
      channel: 'bank',
      account_no: '6222000011112222',
      bank_name: '工商银行上海分行',
      idempotency_key: 'w-1',
    });
    expect(resent.body.data.rid).toBe(first.body.data.rid);
    expect(await mine(p)).toMatchObject({ withdrawable_fen: 109_950, pending_fen: 50_050 });

    // Corrected while waiting.
    const fixed = await t.post<{ account_no: string; channel: string }>(
      '/api/auth/promoter_rebate_withdraw/update4user',
      { rid: first.body.data.rid, channel: 'wechat', account_name: '李推广', account_no: 'wx_li' },
      p.h,
    );
    expect(fixed.body).toMatchObject({
      code: 1,
      data: { channel: 'wechat', account_no: 'wx_li', bank_name: '' },
    });

    // Cancelled: the money is back; cancelled again or edited after: refused.
    const cancelled = await t.post(
      '/api/auth/promoter_rebate_withdraw/cancel',
      { rid: first.body.data.rid },
      p.h,
    );
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 'cancelled' } });
    expect(await mine(p)).toMatchObject({ withdrawable_fen: 160_000, pending_fen: 0 });
    for (const path of ['cancel', 'update4user'])
      expect(
        (
          await t.post(
            `/api/auth/promoter_rebate_withdraw/${path}`,
            { rid: first.body.data.rid, channel: 'alipay', account_name: '李', account_no: 'a@b.c' },
            p.h,
          )
        ).body,
      ).toMatchObject({ code: 0, msg: '该提现申请已处理，无法修改' });
    // Another customer cannot touch it.
    const other = await withMoney();
    expect(
      (await t.post('/api/auth/promoter_rebate_withdraw/cancel', { rid: first.body.data.rid }, other.h)).body,
    ).toMatchObject({
      code: 0,
      msg: '提现申请不存在',
    });
    p = await relogin(p); // the other promoter's setup moved the clock past p's session

    // Staff pay one out and reject another (with a reason; the money comes back).
    const paid = await withdraw(p, { amount_fen: 60_000 });
    const rejected = await withdraw(p, { amount_fen: 30_000 });
    const queue = await o.admin<{
      list: { rid: string; promoter: { phone: string } }[];
      pending_count: number;
    }>('promoter/withdraw/list', { status: 'pending', keyword: p.phone });
    expect(queue.body.data.list.map((w) => w.rid).sort()).toEqual(
      [paid.body.data.rid, rejected.body.data.rid].sort(),
    );
    expect((await o.admin('promoter/withdraw/pay', { rid: paid.body.data.rid })).body.msg).toBe(
      '[打款流水号]不能为空',
    );
    expect(
      (await o.admin('promoter/withdraw/pay', { rid: paid.body.data.rid, payout_ref: 'ALI2026010500001' }))
        .body,
    ).toMatchObject({ code: 1, data: { status: 'paid', status_text: '已打款' } });
    expect(
      (await o.admin('promoter/withdraw/reject', { rid: paid.body.data.rid, reason: '重复' })).body,
    ).toMatchObject({
      code: 0,
      msg: '该提现申请已处理，无法修改',
    });
    expect(
      (await o.admin('promoter/withdraw/reject', { rid: rejected.body.data.rid, reason: '账户名与实名不符' }))
        .body,
    ).toMatchObject({ code: 1, data: { status: 'rejected', reject_reason: '账户名与实名不符' } });
    expect(await mine(p)).toMatchObject({ withdrawable_fen: 100_000, pending_fen: 0, withdrawn_fen: 60_000 });
    const mineList = await t.post<{ list: { status: string }[]; total: number }>(
      '/api/auth/promoter_rebate_withdraw/list',
      {},
      p.h,
    );
    expect(mineList.body.data.list.map((w) => w.status)).toEqual(['rejected', 'paid', 'cancelled']);
    const history = await t.post<{ list: { kind: string; amount_fen: number }[] }>(
      '/api/auth/promoter_rebate/list',
      {},
      p.h,
    );
    expect(history.body.data.list.map((e) => [e.kind, e.amount_fen])).toEqual([
      ['withdraw_return', 30_000],
      ['withdraw', -30_000],
      ['withdraw', -60_000],
      ['withdraw_return', 50_050],
      ['withdraw', -50_050],
      ['rebate', 160_000],
    ]);
    await expectSound();
  });

  it('large ones are approved by one staff member and paid by another (decision 0045); small ones at once', async () => {
    const threshold = t.services.env.MONEY_SECOND_APPROVAL_YUAN;
    t.services.env.MONEY_SECOND_APPROVAL_YUAN = 500;
    try {
      let p = await withMoney();
      const big = await withdraw(p, { amount_fen: 50_000 });
      const small = await withdraw(p, { amount_fen: 49_900 });
      const pay = (rid: string, h?: Record<string, string>) =>
        h
          ? t.post('/api/admin/promoter/withdraw/pay', { rid, payout_ref: 'BANK-88' }, h)
          : o.admin('promoter/withdraw/pay', { rid, payout_ref: 'BANK-88' });
      const row = async (rid: string) =>
        (
          await o.admin<{ list: { rid: string; needs_two: boolean; first_approved_at: string | null }[] }>(
            'promoter/withdraw/list',
            { keyword: rid },
          )
        ).body.data.list[0];
      expect(await row(big.body.data.rid)).toMatchObject({ needs_two: true, first_approved_at: null });
      expect(await row(small.body.data.rid)).toMatchObject({ needs_two: false });

      // Nobody pays a large one before a first approval; a small one needs none.
      expect((await pay(big.body.data.rid)).body).toMatchObject({
        code: 0,
        msg: '提现金额达到 ¥500.00，需一位同事先初审同意，再由另一位同事打款',
      });
      expect((await o.admin('promoter/withdraw/approve', { rid: small.body.data.rid })).body.msg).toBe(
        '该提现金额无需初审，可直接打款',
      );
      expect((await pay(small.body.data.rid)).body).toMatchObject({ code: 1, data: { status: 'paid' } });

      // The first approval moves nothing; the approver cannot also pay; someone else can, once.
      const approved = await o.admin('promoter/withdraw/approve', { rid: big.body.data.rid });
      expect(approved.body).toMatchObject({
        code: 1,
        msg: '已初审，请另一位同事打款',
        data: { status: 'pending' },
      });
      expect((await o.admin('promoter/withdraw/approve', { rid: big.body.data.rid })).body.msg).toBe(
        '该提现已初审，等待另一位同事打款',
      );
      expect((await row(big.body.data.rid)).first_approved_at).not.toBeNull();
      expect((await pay(big.body.data.rid)).body).toMatchObject({
        code: 0,
        msg: '不能为自己初审的提现打款，请另一位同事打款',
      });
      p = await relogin(p);
      expect(await mine(p)).toMatchObject({ pending_fen: 50_000, withdrawn_fen: 49_900 });
      const second = await o.anotherStaff();
      expect((await pay(big.body.data.rid, second)).body).toMatchObject({
        code: 1,
        data: { status: 'paid', payout_ref: 'BANK-88' },
      });
      expect((await pay(big.body.data.rid, second)).body.msg).toBe('该提现申请已处理，无法修改');
      expect(await mine(p)).toMatchObject({ pending_fen: 0, withdrawn_fen: 99_900 });
      await expectSound();
    } finally {
      t.services.env.MONEY_SECOND_APPROVAL_YUAN = threshold;
    }
  });
});

describe('campaigns', () => {
  it('shows customers the active campaigns within their window; staff add, edit, retire', async () => {
    const c = await o.customer();
    const now = t.services.now();
    const bad = await o.admin('campaign/save', {
      title: '邀请有礼',
      text: '说明',
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now - DAY).toISOString(),
    });
    expect(bad.body).toMatchObject({ code: 0, msg: '[结束时间]应晚于[开始时间]' });
    const saved = await o.admin<{ rid: string; showing: boolean }>('campaign/save', {
      title: '邀请好友得返利',
      text: '好友下单完成后，您可获得实付金额 8% 的返利。',
      image_url: '/images/banner-1.jpg',
      link: '/member/invite',
      starts_at: new Date(now - DAY).toISOString(),
      ends_at: new Date(now + 30 * DAY).toISOString(),
    });
    expect(saved.body).toMatchObject({ code: 1, data: { showing: true } });
    await o.admin('campaign/save', {
      title: '下月活动',
      text: '尚未开始',
      starts_at: new Date(now + 10 * DAY).toISOString(),
      ends_at: new Date(now + 40 * DAY).toISOString(),
    });
    const shown = await t.post<{ list: { rid: string; title: string; link: string }[] }>(
      '/api/auth/web/promotion/all4user',
      {},
      c.h,
    );
    expect(shown.body.data.list).toEqual([
      expect.objectContaining({ rid: saved.body.data.rid, title: '邀请好友得返利', link: '/member/invite' }),
    ]);
    expect(
      (
        await o.admin('campaign/save', {
          rid: saved.body.data.rid,
          title: '邀请好友 得返利',
          text: '新说明',
          starts_at: new Date(now - DAY).toISOString(),
          ends_at: new Date(now + DAY).toISOString(),
        })
      ).body.code,
    ).toBe(1);
    expect((await o.admin('campaign/retire', { rid: saved.body.data.rid })).body.code).toBe(1);
    expect(
      (await t.post<{ list: unknown[] }>('/api/auth/web/promotion/all4user', {}, c.h)).body.data.list,
    ).toEqual([]);
    expect((await o.admin('campaign/list', {})).body).toMatchObject({ code: 1, data: { total: 2 } });
  });
});
