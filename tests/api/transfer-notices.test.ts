// Issue 28, items 23 and 24 for money and points: a cash transfer and a point gift reach the
// payee's bell (and a reviewed transfer's sender hears how it ended), and the payer sees the
// payee's masked name before the irreversible step, an unknown payee refused there.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Messages = { list: { title: string; body: string; order_rid: string | null }[] };

async function inbox(c: Customer) {
  await runJobs(t.services, 100);
  return (await t.post<Messages>('/api/auth/message/list', { size: 50 }, c.h)).body.data.list;
}
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

describe('payee before paying (item 24)', () => {
  it('transferApply/payee names the owner of a phone or account number, masked; refuses unknown and oneself', async () => {
    const me = await o.customer();
    const friend = await o.customer();
    const payee = (to: string) =>
      t.post<{ account_rid: string; payee: string }>(
        '/api/auth/transferApply/payee',
        { to_account: to },
        me.h,
      );
    const byPhone = await payee(friend.phone);
    expect(byPhone.body).toMatchObject({ code: 1, data: { payee: `*三 ${masked(friend.phone)}` } });
    expect((await payee(byPhone.body.data.account_rid)).body.data.payee).toBe(`*三 ${masked(friend.phone)}`);
    expect((await payee('13000000000')).body).toMatchObject({
      code: 0,
      msg: '收款账户不存在，请核对账号或手机号',
    });
    expect((await payee(me.phone)).body).toMatchObject({ code: 0, msg: '不能转账给自己' });
    expect((await payee('')).body).toMatchObject({ code: 0, msg: '[收款账户]不能为空' });
  });

  it('integration/payee does the same for a point gift', async () => {
    const me = await o.customer();
    const friend = await o.customer();
    const payee = (to: string) =>
      t.post<{ payee: string }>('/api/auth/integration/payee', { to_account: to }, me.h);
    expect((await payee(friend.phone)).body).toMatchObject({
      code: 1,
      data: { payee: `*三 ${masked(friend.phone)}` },
    });
    expect((await payee('13000000000')).body).toMatchObject({
      code: 0,
      msg: '收款账户不存在，请核对账号或手机号',
    });
    expect((await payee(me.phone)).body).toMatchObject({ code: 0, msg: '不能转赠给自己' });
  });
});

describe('money and points events reach the bell (item 23)', () => {
  it('a transfer tells its payee; one under review tells the sender it waits and how it ended', async () => {
    const me = await o.customer();
    const friend = await o.customer();
    await o.credit(me.rid, 2_000_000);
    const send = (fen: number, key: string) =>
      t.post<{ rid: string }>(
        '/api/auth/transferApply/add',
        { to_account: friend.phone, amount_fen: fen, note: '测试费', idempotency_key: key },
        me.h,
      );
    expect((await send(10_000, 'small')).body.code).toBe(1);
    const received = await inbox(friend);
    expect(received).toMatchObject([
      {
        title: '收到转账',
        body: `*三 ${masked(me.phone)}向您转账¥100.00，已存入账户现金余额。留言：测试费`,
        order_rid: null,
      },
    ]);

    const approved = (await send(600_000, 'big-1')).body.data.rid;
    const rejected = (await send(700_000, 'big-2')).body.data.rid;
    expect((await inbox(me)).map((m) => m.title)).toEqual(['转账待审核', '转账待审核']);
    expect((await inbox(friend)).filter((m) => m.title === '收到转账')).toHaveLength(1);
    expect((await o.admin('transfer/approve', { rid: approved })).body.code).toBe(1);
    expect((await o.admin('transfer/reject', { rid: rejected, reason: '请核实收款人' })).body.code).toBe(1);
    const mine = await inbox(me);
    expect(mine.find((m) => m.title === '转账已到账')?.body).toBe(
      `您向*三 ${masked(friend.phone)}的转账¥6000.00已审核通过并到账。`,
    );
    expect(mine.find((m) => m.title === '转账未通过审核')?.body).toContain('原因：请核实收款人');
    expect((await inbox(friend)).filter((m) => m.title === '收到转账')).toHaveLength(2);
  });

  it('a point gift tells its receiver, once', async () => {
    const me = await o.customer();
    const friend = await o.customer();
    expect(
      (
        await o.admin('points/adjust', {
          user_rid: me.rid,
          points: 500,
          reason: '活动奖励',
          idempotency_key: 'p1',
        })
      ).body.code,
    ).toBe(1);
    const body = { to_account: friend.phone, points: 200, note: '', idempotency_key: 'gift-1' };
    expect((await t.post('/api/auth/integration/transfer', body, me.h)).body.code).toBe(1);
    expect((await t.post('/api/auth/integration/transfer', body, me.h)).body.code).toBe(1);
    expect(await inbox(friend)).toMatchObject([
      { title: '收到积分转赠', body: `*三 ${masked(me.phone)}向您转赠了200积分，积分保留原有效期。` },
    ]);
  });
});
