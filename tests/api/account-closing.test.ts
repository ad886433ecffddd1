// Closing an account (issue 19, PIPL; decision 0044): what must be settled first, said in plain
// Chinese; the password confirms; personal data goes, orders and the ledger stay; the mobile
// number can register again; nobody closes anyone else's account.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { expectLedgerSound } from '../support/money.ts';
import { PASSWORD } from '../support/accounts.ts';
import { addresses } from '#server/member/tables.ts';
import { orders } from '#server/orders/tables.ts';
import { sessions, users } from '#server/accounts/tables.ts';
import type { Customer } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

const check = async (c: Customer) =>
  (await t.post<{ blockers: string[] }>('/api/auth/user/closeCheck', {}, c.h)).body.data.blockers;
const close = (c: Customer, password = PASSWORD) => t.post('/api/auth/user/close', { password }, c.h);
const row = async (id: number) => (await t.services.db.select().from(users).where(eq(users.id, id)))[0];

const address = {
  name: '王五',
  phone: '13912345678',
  province: '上海市',
  city: '上海市',
  area: '闵行区',
  address: '东川路800号',
  address_code: '310112',
};

/** An enterprise customer's order taken all the way to 已完成, paid from balance. */
async function completedOrder(c: Customer) {
  await o.credit(c.rid, 20_000);
  const rid = await o.quotedOrder(c, 20_000);
  expect((await t.post('/api/auth/web/order/pay', { rid }, c.h)).body.code).toBe(1);
  await o.move('order/receive', { rid });
  await o.move('order/start', { rid });
  await o.release(rid);
  expect(await o.move('order/complete', { rid })).toBe('completed');
  return rid;
}

describe('closing an account', () => {
  it('erases the person, keeps the records, ends every session and frees the mobile number', async () => {
    const me = await o.customer('enterprise');
    const other = await o.customer('enterprise');
    expect((await t.post('/api/auth/address/add', address, me.h)).body.code).toBe(1);
    const orderRid = await completedOrder(me);
    expect(await check(me)).toEqual([]);

    const wrong = await close(me, 'not-my-password');
    expect(wrong.body).toMatchObject({ code: 0, msg: '登录密码不正确' });
    expect((await row(me.id)).closedAt).toBeNull();

    expect((await close(me)).body).toMatchObject({ code: 1, msg: '账号已注销', data: null });
    const gone = await row(me.id);
    expect(gone).toMatchObject({ name: '', email: '', passwordHash: null, wxOpenid: null, address: '' });
    expect(gone.phone).not.toBe(me.phone);
    expect(gone.closedAt).not.toBeNull();
    expect(await t.services.db.select().from(addresses).where(eq(addresses.userId, me.id))).toEqual([]);
    const live = await t.services.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(live.every((s) => s.revokedAt)).toBe(true);
    expect((await t.post('/api/auth/user/info', {}, me.h)).status).toBe(401);
    expect((await t.post('/api/open/login', { account: me.phone, password: PASSWORD })).body.code).toBe(0);

    // The records stay, tied to the anonymised account; the ledger still balances.
    const [kept] = await t.services.db.select().from(orders).where(eq(orders.rid, orderRid));
    expect(kept).toMatchObject({ userId: me.id, status: 'completed' });
    await expectLedgerSound(t.services);

    // The other customer is untouched, and the number registers as a new account.
    expect((await row(other.id)).phone).toBe(other.phone);
    expect((await t.post('/api/auth/user/info', {}, other.h)).body.code).toBe(1);
    await o.a.register(me.phone);
    const fresh = await o.a.login(me.phone);
    const info = await t.post<{ userInfo: { rid: string } }>(
      '/api/auth/user/info',
      {},
      o.a.bearer(fresh.token),
    );
    expect(info.body.data.userInfo.rid).not.toBe(me.rid);
  });

  it('lists what must be settled first and refuses, changing nothing, until it is', async () => {
    const me = await o.customer('enterprise');
    const rid = await o.quotedOrder(me, 30_000);
    await o.credit(me.rid, 5_000);
    const blockers = await check(me);
    expect(blockers).toEqual([
      '还有 1 个订单未完成，请等订单完成（含补差价、结算）或取消后再注销',
      '账户余额还有 ¥50.00，请先申请退款或用完余额',
    ]);
    const refused = await close(me);
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toBe(`账号暂不能注销，请先处理以下事项：${blockers.join('；')}`);
    expect(await row(me.id)).toMatchObject({ phone: me.phone, closedAt: null });
    expect((await t.post('/api/auth/user/info', {}, me.h)).body.code).toBe(1);

    // Cancelled and refunded, nothing is left in the way.
    expect((await t.post('/api/auth/order/cancel', { rid }, me.h)).body.code).toBe(1);
    expect(await check(me)).toEqual(['账户余额还有 ¥50.00，请先申请退款或用完余额']);
  });

  it('keeps a research group leader until the group is handed over or dissolved', async () => {
    const pi = await o.customer('enterprise');
    const made = await t.post<{ rid: string }>(
      '/api/auth/cluster/add',
      { name: '纳米材料课题组', institution: '某大学材料学院', pi_name: '王教授' },
      pi.h,
    );
    expect(made.body.code).toBe(1);
    expect(await check(pi)).toEqual(['您是课题组「纳米材料课题组」的负责人，请先移交负责人或解散课题组']);
  });

  it('asks for the password first where the account has none (made by a WeChat login)', async () => {
    const me = await o.customer('enterprise');
    await t.services.db.update(users).set({ passwordHash: null }).where(eq(users.id, me.id));
    expect(await check(me)).toEqual(['请先在账号安全中设置登录密码，注销时需要输入密码确认']);
    expect((await close(me, 'anything')).body).toMatchObject({ code: 0, msg: '登录密码不正确' });
  });

  it('refuses a body without the password in the envelope', async () => {
    const me = await o.customer();
    expect((await t.post('/api/auth/user/close', {}, me.h)).body).toMatchObject({
      code: 0,
      msg: '[登录密码]不能为空',
    });
    expect((await t.post('/api/auth/user/close', {}, {})).status).toBe(401);
  });
});

describe('a staff account', () => {
  it('closes only after an admin has removed it from the staff', async () => {
    const me = await o.customer();
    expect((await o.admin('staff/save', { phone: me.phone, role: 'editor' })).body.code).toBe(1);
    expect(await check(me)).toEqual(['这是平台员工账号，请先由管理员在「员工与角色」中移除员工身份']);
  });
});
