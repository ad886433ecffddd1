// The money calls (issue 13, decision 0022) on a real database: top-ups with bonus tiers and the
// voucher, finance's approval, paying with bonus and cash and getting each yuan back, transfers,
// credit lines, top-up refunds; bad input refused in Chinese; nobody reads another's money.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF, PNG, type Customer } from '../support/orders.ts';
import { expectLedgerSound, movements, wallet } from '../support/money.ts';
// The lock helpers are money's insides: reached directly to prove the guard.
import { lockAccounts, moneyTransaction } from '#server/money/ledger.ts';

const t = await setupApi();
const o = orderHelpers(t);
const DAY = 86_400_000;

type Prestore = { rid: string; status: string; bonus_fen: number; amount_fen: number; reject_reason: string };
type Asset = {
  balance_fen: number;
  cash_fen: number;
  bonus_fen: number;
  credit_limit_fen: number;
  credit_used_fen: number;
  overdue_fen: number;
  overdue_days: number;
  credit: { application: { status: string } | null; overdue_fen: number };
};

const asset = async (c: Customer) => (await t.post<Asset>('/api/auth/asset/init', {}, c.h)).body.data;

async function voucherFor(c: Customer, amount: number) {
  const pic = await o.upload('/api/auth/file/upload4pic', c.h, PNG, '转账凭证.png');
  expect(pic.body.code).toBe(1);
  return {
    payer_name: '某大学材料学院',
    bank: '工商银行',
    serial: `SN${Math.random().toString().slice(2, 12)}`,
    amount_fen: amount,
    paid_on: '2026-11-20',
    file_rid: pic.body.data.rid,
  };
}

const application = (amount: number) => ({
  amount_fen: amount,
  bonus_kind: 1,
  invoice_type: 0,
  payer: '某大学材料学院',
});

/** A top-up applied for, its voucher uploaded and finance's approval: the cash and bonus land. */
async function toppedUp(c: Customer, amount: number) {
  const added = await t.post<Prestore>('/api/auth/prestoreApply/add', application(amount), c.h);
  expect(added.body, JSON.stringify(added.body)).toMatchObject({ code: 1, data: { status: 'unpaid' } });
  const edited = await t.post<Prestore>(
    '/api/auth/prestoreApply/edit',
    { rid: added.body.data.rid, ...application(amount), voucher: await voucherFor(c, amount) },
    c.h,
  );
  expect(edited.body).toMatchObject({
    code: 1,
    msg: '凭证已提交，请等待审核',
    data: { status: 'reviewing' },
  });
  const approved = await o.admin<Prestore>('prestore/approve', { rid: added.body.data.rid });
  expect(approved.body).toMatchObject({ code: 1, data: { status: 'credited' } });
  return approved.body.data;
}

describe('top-up rules', () => {
  it('lists the tiers in force and prices an amount', async () => {
    const me = await o.customer();
    const rules = await t.post<{
      current: { min_fen: number; tiers: { from_fen: number; bonus_percent: number }[] };
    }>('/api/auth/prestore_rule/list4num', {}, me.h);
    expect(rules.body.data.current.min_fen).toBe(100_000);
    expect(rules.body.data.current.tiers.at(-1)).toEqual({ from_fen: 10_000_000, bonus_percent: 14 });
    const quote = (amount: string) =>
      t.post<{ bonus_fen: number; bonus_percent: number }>(
        `/api/auth/prestore_rule_balance/${amount}`,
        {},
        me.h,
      );
    expect((await quote('1000000')).body.data).toMatchObject({ bonus_percent: 8, bonus_fen: 80_000 });
    expect((await quote('99999')).body.data).toMatchObject({
      bonus_percent: 0,
      bonus_fen: 0,
      min_fen: 100_000,
    });
    expect((await quote('12.5')).body).toMatchObject({ code: 0, msg: '[预存金额]格式不正确' });
    expect((await quote('1000000001')).body).toMatchObject({ code: 0, msg: '[预存金额]过大' });
    const page = await t.post<{ bank: { account: string }; rule: { min_fen: number } }>(
      '/api/auth/web/prestore/list',
      {},
      me.h,
    );
    expect(page.body.data.bank.account).toMatch(/\d/);
  });

  it('takes a new version from staff, effective today, and refuses tiers that make no sense', async () => {
    const bad = await o.admin('prestore_rule/save', { min_fen: 100_000, tiers: [] });
    expect(bad.body).toMatchObject({ code: 0, msg: '[档位]至少1项' });
    const dup = await o.admin('prestore_rule/save', {
      min_fen: 100_000,
      tiers: [
        { from_fen: 100_000, bonus_percent: 3 },
        { from_fen: 100_000, bonus_percent: 5 },
      ],
    });
    expect(dup.body).toMatchObject({ code: 0, msg: '[档位金额]不能重复' });
    const later = await o.admin<{ rid: string }>('prestore_rule/save', {
      min_fen: 200_000,
      tiers: [{ from_fen: 200_000, bonus_percent: 20 }],
      effective_from: '2099-01-01',
    });
    expect(later.body.code).toBe(1);
    const me = await o.customer();
    const rules = await t.post<{ current: { min_fen: number }; upcoming: { min_fen: number }[] }>(
      '/api/auth/prestore_rule/list4num',
      {},
      me.h,
    );
    expect(rules.body.data.current.min_fen).toBe(100_000);
    expect(rules.body.data.upcoming.map((r) => r.min_fen)).toEqual([200_000]);
  });
});

describe('a top-up application', () => {
  it('goes 待付款 → 待审核 → 已入账 and lands cash and bonus in one movement', async () => {
    const me = await o.customer();
    expect((await t.post('/api/auth/prestoreApply/readyPayNum', {}, me.h)).body.data).toEqual({ count: 0 });
    const added = await t.post<Prestore>('/api/auth/prestoreApply/add', application(500_000), me.h);
    expect(added.body.data).toMatchObject({ status: 'unpaid', bonus_fen: 25_000, amount_fen: 500_000 });
    expect((await t.post('/api/auth/prestoreApply/readyPayNum', {}, me.h)).body.data).toEqual({ count: 1 });
    const rid = added.body.data.rid;
    const edited = await t.post<Prestore>(
      '/api/auth/prestoreApply/edit',
      { rid, ...application(500_000), voucher: await voucherFor(me, 500_000) },
      me.h,
    );
    expect(edited.body.data.status).toBe('reviewing');
    expect((await t.post('/api/auth/prestoreApply/cancel', { rid }, me.h)).body).toMatchObject({
      code: 0,
      msg: '只有待付款的申请可以取消',
    });
    const list = await o.admin<{ list: { rid: string; customer: { phone: string } }[] }>('prestore/list', {
      status: 'reviewing',
    });
    expect(list.body.data.list.find((a) => a.rid === rid)?.customer.phone).toBe(me.phone);
    expect((await o.admin('prestore/approve', { rid })).body).toMatchObject({ code: 1, msg: '已入账' });
    // A second click on 入账 credits nothing more.
    expect((await o.admin('prestore/approve', { rid })).body).toMatchObject({
      code: 0,
      data: { error: 'CONFLICT' },
    });
    expect(await asset(me)).toMatchObject({ cash_fen: 500_000, bonus_fen: 25_000, balance_fen: 525_000 });
    const detail = await t.post<{ list: { kind: string; cash_fen: number; bonus_fen: number }[] }>(
      '/api/auth/asset/detail',
      { kind: 'topup' },
      me.h,
    );
    expect(detail.body.data.list).toMatchObject([{ kind: 'topup', cash_fen: 500_000, bonus_fen: 25_000 }]);
    const history = await t.post<{ list: Prestore[]; total: number }>(
      '/api/auth/prestoreApply/listPrestoreDetail',
      { status: 'credited' },
      me.h,
    );
    expect(history.body.data.list.map((a) => a.rid)).toEqual([rid]);
    expect(await t.post('/api/auth/asset/all4num', {}, me.h)).toMatchObject({
      body: { data: { prestore_unpaid: 0, prestore_reviewing: 0 } },
    });
    await expectLedgerSound(t.services);
  });

  it('is rejected with a reason, edited and sent again; cancelled while unpaid', async () => {
    const me = await o.customer();
    const added = await t.post<Prestore>('/api/auth/prestoreApply/add', application(100_000), me.h);
    const rid = added.body.data.rid;
    await t.post(
      '/api/auth/prestoreApply/edit',
      { rid, ...application(100_000), voucher: await voucherFor(me, 100_000) },
      me.h,
    );
    expect((await o.admin('prestore/reject', { rid, reason: '' })).body).toMatchObject({
      code: 0,
      msg: '[驳回原因]不能为空',
    });
    const rejected = await o.admin<Prestore>('prestore/reject', { rid, reason: '未查到该笔转账' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: '未查到该笔转账' });
    const again = await t.post<Prestore>(
      '/api/auth/prestoreApply/edit',
      { rid, ...application(120_000), voucher: await voucherFor(me, 120_000) },
      me.h,
    );
    expect(again.body.data).toMatchObject({ status: 'reviewing', amount_fen: 120_000, bonus_fen: 3_600 });
    const other = await t.post<Prestore>('/api/auth/prestoreApply/add', application(100_000), me.h);
    expect(
      (await t.post('/api/auth/prestoreApply/cancel', { rid: other.body.data.rid }, me.h)).body,
    ).toMatchObject({
      code: 1,
      data: { status: 'cancelled' },
    });
    expect(await asset(me)).toMatchObject({ cash_fen: 0, bonus_fen: 0 });
  });

  it('refuses bad amounts and vouchers, writing nothing', async () => {
    const me = await o.customer();
    const other = await o.customer();
    const add = (body: Record<string, unknown>) => t.post('/api/auth/prestoreApply/add', body, me.h);
    expect((await add({ ...application(99_999) })).body.msg).toBe('预存金额不能低于 1000.00 元');
    expect((await add({ ...application(100_000), amount_fen: 100_000.5 })).body.msg).toBe(
      '[预存金额]应为整数（单位：分）',
    );
    expect((await add({ ...application(100_000), amount_fen: -5 })).body.msg).toBe('[预存金额]必须大于0');
    expect((await add({ ...application(100_000), amount_fen: 1_000_000_001 })).body.msg).toBe(
      '[预存金额]过大',
    );
    expect((await add({ ...application(100_000), bonus_kind: 7 })).body.msg).toBe('[赠送方式]不正确');
    expect((await add({ ...application(100_000), payer: '' })).body.msg).toBe('[付款单位]不能为空');
    const rid = (await t.post<Prestore>('/api/auth/prestoreApply/add', application(100_000), me.h)).body.data
      .rid;
    const edit = (voucher: Record<string, unknown>) =>
      t.post('/api/auth/prestoreApply/edit', { rid, ...application(100_000), voucher }, me.h);
    const good = await voucherFor(me, 100_000);
    expect((await edit({ ...good, amount_fen: 90_000 })).body.msg).toBe('[转账金额]与预存金额不一致，请核对');
    expect((await edit({ ...good, paid_on: '2026-02-30' })).body.msg).toBe('[转账日期]格式不正确');
    expect((await edit({ ...good, serial: '' })).body.msg).toBe('[交易流水号]不能为空');
    const theirs = await voucherFor(other, 100_000);
    expect((await edit({ ...good, file_rid: theirs.file_rid })).body.msg).toBe(
      '[转账凭证]不存在，请重新上传',
    );
    const pdf = await o.upload('/api/auth/file/upload4file', me.h, PDF, 'voucher.pdf');
    expect((await edit({ ...good, file_rid: pdf.body.data.rid })).body.msg).toBe('[转账凭证]必须是图片');
    const list = await t.post<{ list: Prestore[] }>('/api/auth/prestoreApply/listPrestoreDetail', {}, me.h);
    expect(list.body.data.list.map((a) => [a.status, a.amount_fen])).toEqual([['unpaid', 100_000]]);
  });

  it('is nobody else’s to read, edit or cancel', async () => {
    const me = await o.customer();
    const other = await o.customer();
    const rid = (await t.post<Prestore>('/api/auth/prestoreApply/add', application(100_000), me.h)).body.data
      .rid;
    for (const [path, body] of [
      ['prestoreApply/cancel', { rid }],
      ['prestoreApply/edit', { rid, ...application(100_000) }],
    ] as const) {
      expect((await t.post(`/api/auth/${path}`, body, other.h)).body).toMatchObject({
        code: 0,
        msg: '预存申请不存在',
        data: { error: 'NOT_FOUND' },
      });
    }
    const theirs = await t.post<{ total: number }>('/api/auth/prestoreApply/listPrestoreDetail', {}, other.h);
    expect(theirs.body.data.total).toBe(0);
    expect((await t.post('/api/admin/prestore/list', {}, me.h)).status).toBe(403);
  });
});

describe('paying with bonus and cash', () => {
  it('takes bonus first, then cash, and a cancellation puts each yuan back where it came from', async () => {
    const me = await o.customer('enterprise');
    await toppedUp(me, 100_000); // cash 1000.00, bonus 30.00
    const rid = await o.quotedOrder(me, 50_000);
    const ready = await t.post<{ split: { balance: unknown; credit: unknown } }>(
      '/api/auth/web/order/ready2pay',
      { rid },
      me.h,
    );
    expect(ready.body.data).toMatchObject({
      amount_fen: 50_000,
      cash_fen: 100_000,
      bonus_fen: 3_000,
      split: { balance: { bonus_fen: 3_000, cash_fen: 47_000, credit_fen: 0 }, credit: null },
    });
    const paid = await t.post('/api/auth/web/order/pay', { rid, idempotency_key: 'pay-1' }, me.h);
    expect(paid.body).toMatchObject({
      code: 1,
      data: { paid_fen: 50_000, paid: { bonus_fen: 3_000, cash_fen: 47_000 }, balance_fen: 53_000 },
    });
    expect(await wallet(t.services, me.id)).toEqual({ cash: 53_000, bonus: 0, creditUsed: 0 });
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
    expect(await wallet(t.services, me.id)).toEqual({ cash: 100_000, bonus: 3_000, creditUsed: 0 });
    const refund = await movements(t.services, me.id, 'refund');
    expect(refund.map((m) => [m.cash, m.bonus])).toEqual([[47_000, 3_000]]);
    await expectLedgerSound(t.services);
  });

  it('refuses to pay more than the balance holds, and says how much is there', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 50_000);
    const paid = await t.post('/api/auth/web/order/pay', { rid }, me.h);
    expect(paid.body).toMatchObject({ code: 0, msg: '余额不足，请先充值' });
    expect((await t.post('/api/auth/web/order/pay', { rid, method: 'card' }, me.h)).body.msg).toBe(
      '[支付方式]不正确',
    );
    expect((await t.post('/api/auth/web/order/pay', { rid, method: 'credit' }, me.h)).body.msg).toBe(
      '您尚未开通信用额度',
    );
  });
});

describe('refunding a top-up', () => {
  it('returns only unspent cash and takes back the bonus in proportion', async () => {
    const me = await o.customer('enterprise');
    const top = await toppedUp(me, 500_000); // cash 5000.00, bonus 250.00
    const ask = () =>
      t.post<Prestore & { refund_requested: boolean }>(
        '/api/auth/prestoreApply/refund',
        { rid: top.rid },
        me.h,
      );
    expect((await ask()).body).toMatchObject({
      code: 1,
      data: { refund_requested: true, status: 'credited' },
    });
    expect((await ask()).body.code).toBe(1);
    const asked = await o.admin<{ list: { rid: string }[] }>('prestore/list', {
      status: 'refund_requested',
      size: 50,
    });
    expect(asked.body.data.list.map((a) => a.rid)).toContain(top.rid);
    const stranger = await o.customer();
    expect((await t.post('/api/auth/prestoreApply/refund', { rid: top.rid }, stranger.h)).body.msg).toBe(
      '预存申请不存在',
    );
    const rid = await o.quotedOrder(me, 275_000); // bonus 250.00 + cash 2500.00
    expect((await t.post('/api/auth/web/order/pay', { rid }, me.h)).body.code).toBe(1);
    expect(await wallet(t.services, me.id)).toEqual({ cash: 250_000, bonus: 0, creditUsed: 0 });
    const refunded = await o.admin<{ refund_fen: number; bonus_clawback_fen: number; status: string }>(
      'prestore/refund',
      { rid: top.rid, reason: '客户申请退款' },
    );
    expect(refunded.body.data).toMatchObject({
      status: 'refunded',
      refund_fen: 250_000,
      bonus_clawback_fen: 0,
    });
    expect(await wallet(t.services, me.id)).toEqual({ cash: 0, bonus: 0, creditUsed: 0 });
    expect((await o.admin('prestore/refund', { rid: top.rid, reason: '再退' })).body.code).toBe(0);
    expect((await ask()).body.msg).toBe('只有已入账的预存可以申请退款');

    const other = await o.customer();
    const second = await toppedUp(other, 1_000_000); // cash 10000.00, bonus 800.00
    const back = await o.admin<{ refund_fen: number; bonus_clawback_fen: number }>('prestore/refund', {
      rid: second.rid,
      reason: '客户申请退款',
    });
    expect(back.body.data).toMatchObject({ refund_fen: 1_000_000, bonus_clawback_fen: 80_000 });
    expect(await wallet(t.services, other.id)).toEqual({ cash: 0, bonus: 0, creditUsed: 0 });
    await expectLedgerSound(t.services);
  });
});

describe('transfers', () => {
  it('moves cash at once up to the review amount; both sides see it; a repeat is one transfer', async () => {
    const me = await o.customer();
    const friend = await o.customer();
    await o.credit(me.rid, 300_000);
    const send = (body: Record<string, unknown>) =>
      t.post<{ rid: string; status: string }>('/api/auth/transferApply/add', body, me.h);
    const body = {
      to_account: friend.phone,
      amount_fen: 100_000,
      note: '课题组经费',
      idempotency_key: 'tr-1',
    };
    const sent = await send(body);
    expect(sent.body).toMatchObject({ code: 1, msg: '转账成功', data: { status: 'done', direction: 'out' } });
    expect((await send(body)).body.data.rid).toBe(sent.body.data.rid);
    expect((await asset(me)).cash_fen).toBe(200_000);
    expect((await asset(friend)).cash_fen).toBe(100_000);
    const theirs = await t.post<{ list: { rid: string; direction: string; from_phone: string }[] }>(
      '/api/auth/transferApply/list',
      {},
      friend.h,
    );
    expect(theirs.body.data.list).toMatchObject([
      {
        rid: sent.body.data.rid,
        direction: 'in',
        from_phone: `${me.phone.slice(0, 3)}****${me.phone.slice(-4)}`,
      },
    ]);
    const friendDetail = await t.post<{ list: { kind: string; cash_fen: number }[] }>(
      '/api/auth/asset/detail',
      { kind: 'transfer' },
      friend.h,
    );
    expect(friendDetail.body.data.list).toMatchObject([{ kind: 'transfer', cash_fen: 100_000 }]);
    const stranger = await o.customer();
    expect(
      (await t.post('/api/auth/transferApply/detail', { rid: sent.body.data.rid }, stranger.h)).body,
    ).toMatchObject({
      code: 0,
      msg: '转账申请不存在',
    });
    expect(
      (await t.post('/api/auth/transferApply/detail', { rid: sent.body.data.rid }, friend.h)).body.code,
    ).toBe(1);
  });

  it('waits for staff above the review amount; cancelled, approved or rejected', async () => {
    const me = await o.customer();
    const friend = await o.customer();
    await o.credit(me.rid, 2_000_000);
    const big = (key: string) =>
      t.post<{ rid: string; status: string }>(
        '/api/auth/transferApply/add',
        { to_account: friend.phone, amount_fen: 600_000, note: '', idempotency_key: key },
        me.h,
      );
    const first = await big('a');
    expect(first.body).toMatchObject({ msg: '转账申请已提交，等待审核', data: { status: 'reviewing' } });
    expect(
      (await t.post('/api/auth/transferApply/cancel', { rid: first.body.data.rid }, friend.h)).body.msg,
    ).toBe('转账申请不存在');
    expect(
      (await t.post('/api/auth/transferApply/cancel', { rid: first.body.data.rid }, me.h)).body.data,
    ).toMatchObject({
      status: 'cancelled',
    });
    const second = await big('b');
    expect((await o.admin('transfer/approve', { rid: second.body.data.rid })).body.data).toMatchObject({
      status: 'done',
    });
    expect((await o.admin('transfer/approve', { rid: second.body.data.rid })).body.data).toMatchObject({
      error: 'CONFLICT',
    });
    const third = await big('c');
    expect(
      (await o.admin('transfer/reject', { rid: third.body.data.rid, reason: '请核实收款人' })).body.data,
    ).toMatchObject({
      status: 'rejected',
    });
    const all = await o.admin<{ total: number }>('transfer/list', { status: 'done' });
    expect(all.body.data.total).toBeGreaterThan(0);
    expect((await asset(me)).cash_fen).toBe(1_400_000);
    expect((await asset(friend)).cash_fen).toBe(600_000);
    await expectLedgerSound(t.services);
  });

  it('refuses oneself, unknown accounts, bonus money and more than the cash', async () => {
    const me = await o.customer();
    const friend = await o.customer();
    await toppedUp(me, 100_000); // cash 1000.00, bonus 30.00
    const send = (to: string, amount: number) =>
      t.post(
        '/api/auth/transferApply/add',
        { to_account: to, amount_fen: amount, idempotency_key: `k${Math.random()}` },
        me.h,
      );
    expect((await send(me.phone, 100)).body.msg).toBe('不能转账给自己');
    expect((await send('13000000000', 100)).body.msg).toBe('收款账户不存在，请核对账号或手机号');
    expect((await send('wNoSuchAccount', 100)).body.msg).toBe('收款账户不存在，请核对账号或手机号');
    expect((await send(friend.phone, 100_001)).body.msg).toBe('可用现金余额不足');
    expect((await send(friend.phone, 0)).body.msg).toBe('[转账金额]必须大于0');
    const friendsAccount = (await asset(friend)) as unknown as { account_rid: string };
    expect((await send(friendsAccount.account_rid, 100_000)).body.code).toBe(1);
    expect(await asset(me)).toMatchObject({ cash_fen: 0, bonus_fen: 3_000 });
  });
});

describe('credit lines', () => {
  it('applied for, approved with a limit and term, used to pay, repaid from cash, and blocked when late', async () => {
    const me = await o.customer('enterprise');
    const op = (body: Record<string, unknown>) =>
      t.post<Asset['credit']>('/api/auth/creditApply/operate', body, me.h);
    expect((await op({ action: 'apply', amount_fen: 200_000, reason: '课题组月结' })).body).toMatchObject({
      code: 1,
      data: { application: { status: 'reviewing' } },
    });
    expect((await op({ action: 'apply', amount_fen: 200_000 })).body.msg).toBe('您已有审核中的信用申请');
    expect((await op({ action: 'cancel' })).body.data.application?.status).toBe('cancelled');
    expect((await op({ action: 'cancel' })).body.msg).toBe('没有审核中的信用申请');
    expect((await op({ action: 'lend' })).body.msg).toBe('[操作类型]不正确');
    await op({ action: 'apply', amount_fen: 200_000 });
    const apps = await o.admin<{ list: { rid: string; customer: { rid: string } }[] }>('credit/list', {
      status: 'reviewing',
    });
    const app = apps.body.data.list.find((a) => a.customer.rid === me.rid)!;
    expect(
      (await o.admin('credit/approve', { rid: app.rid, limit_fen: 200_000, due_days: 0 })).body.msg,
    ).toBe('[账期天数]必须大于0');
    expect(
      (await o.admin('credit/approve', { rid: app.rid, limit_fen: 200_000, due_days: 60 })).body.code,
    ).toBe(1);
    expect(await asset(me)).toMatchObject({ credit_limit_fen: 200_000, credit_used_fen: 0 });

    // Paid on credit 70 days ago: now 10 days late.
    const rid = await o.quotedOrder(me, 150_000);
    const today = t.services.now;
    const then = today() - 70 * DAY;
    t.services.now = () => then;
    const paid = await t.post('/api/auth/web/order/pay', { rid, method: 'credit' }, me.h);
    t.services.now = today;
    expect(paid.body).toMatchObject({ code: 1, data: { paid: { credit_fen: 150_000, cash_fen: 0 } } });
    expect(await asset(me)).toMatchObject({
      credit_used_fen: 150_000,
      overdue_fen: 150_000,
      overdue_days: 10,
    });
    const next = await o.quotedOrder(me, 10_000);
    expect((await t.post('/api/auth/web/order/pay', { rid: next, method: 'credit' }, me.h)).body.msg).toBe(
      '信用账款已逾期，请先还款后再使用信用支付',
    );

    // Repaid from cash only (bonus never repays credit); not more than owed.
    await toppedUp(me, 100_000); // cash 1000.00, bonus 30.00
    const repay = (amount: number, key: string) =>
      op({ action: 'repay', amount_fen: amount, idempotency_key: key });
    expect((await repay(200_000, 'r0')).body.msg).toBe('还款金额不能超过待还金额 1500.00 元');
    expect((await repay(103_000, 'r1')).body.msg).toBe('可用现金余额不足');
    expect((await repay(100_000, 'r2')).body.data).toMatchObject({ used_fen: 50_000, overdue_fen: 50_000 });
    expect((await repay(100_000, 'r2')).body.data).toMatchObject({ used_fen: 50_000 });
    expect(await wallet(t.services, me.id)).toEqual({ cash: 0, bonus: 3_000, creditUsed: 50_000 });

    // Cancelling the credit-paid order gives the line back, and what was repaid comes back as cash.
    const cancelled = await o.admin('order/cancel', { rid, reason: '客户撤单' });
    expect(cancelled.body, JSON.stringify(cancelled.body)).toMatchObject({ code: 1 });
    expect(await wallet(t.services, me.id)).toEqual({ cash: 100_000, bonus: 3_000, creditUsed: 0 });
    await expectLedgerSound(t.services);
  });

  it('is refused by staff with a reason, and never set below what is owed', async () => {
    const me = await o.customer();
    await t.post('/api/auth/creditApply/operate', { action: 'apply', amount_fen: 100_000 }, me.h);
    const apps = await o.admin<{ list: { rid: string; customer: { rid: string } }[] }>('credit/list', {});
    const app = apps.body.data.list.find((a) => a.customer.rid === me.rid)!;
    expect((await o.admin('credit/reject', { rid: app.rid, reason: '资料不全' })).body.data).toMatchObject({
      status: 'rejected',
      reject_reason: '资料不全',
    });
    expect((await asset(me)).credit.application).toMatchObject({ status: 'rejected' });
  });
});

describe('asset detail filters', () => {
  it('filters by kind and by Shanghai dates, and refuses a reversed range', async () => {
    const me = await o.customer();
    await o.credit(me.rid, 1_000);
    const detail = (body: Record<string, unknown>) =>
      t.post<{ total: number }>('/api/auth/asset/detail', body, me.h);
    expect((await detail({ kind: 'adjust' })).body.data.total).toBe(1);
    expect((await detail({ kind: 'payment' })).body.data.total).toBe(0);
    expect((await detail({ date_from: '2000-01-01', date_to: '2000-01-02' })).body.data.total).toBe(0);
    expect((await detail({ date_from: '2026-12-02', date_to: '2026-12-01' })).body.msg).toBe(
      '开始日期不能晚于结束日期',
    );
    expect((await detail({ kind: 'bribe' })).body.code).toBe(0);
  });
});

describe('the console’s customer page', () => {
  it('shows staff one customer’s wallet, movements and orders', async () => {
    const me = await o.customer('enterprise');
    await toppedUp(me, 100_000);
    const rid = await o.quotedOrder(me, 20_000);
    const wallet = await o.admin<{ cash_fen: number; bonus_fen: number }>('customer/wallet', {
      user_rid: me.rid,
    });
    expect(wallet.body.data).toMatchObject({ cash_fen: 100_000, bonus_fen: 3_000 });
    const moves = await o.admin<{ list: { kind: string }[] }>('customer/movements', { user_rid: me.rid });
    expect(moves.body.data.list.map((m) => m.kind)).toEqual(['topup']);
    const orders = await o.admin<{ list: { rid: string }[]; total: number }>('order/list', {
      user_rid: me.rid,
    });
    expect(orders.body.data.list.map((x) => x.rid)).toEqual([rid]);
    expect((await o.admin('customer/wallet', { user_rid: 'uNoSuchUser' })).body.msg).toBe('用户不存在');
    expect((await t.post('/api/admin/customer/wallet', { user_rid: me.rid }, me.h)).status).toBe(403);
  });
});

describe('the one transaction helper (decision 0058)', () => {
  it('locks wallets only inside moneyTransaction, which retries a deadlock', async () => {
    const db = t.services.db;
    await expect(db.transaction((tx) => lockAccounts(tx, [1]))).rejects.toThrow('outside moneyTransaction');
    await expect(moneyTransaction(db, (tx) => lockAccounts(tx, [1]))).resolves.toBeInstanceOf(Map);
  });
});
