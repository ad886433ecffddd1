// Issue 28, items 22 and 23 for research groups: a member's request to pay from the group wallet
// can be withdrawn, closes itself when the order is paid another way or cancelled (so the leader's
// 批准 never meets 订单已支付), and every group event that concerns someone reaches their bell.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { runJobs } from '../support/jobs.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Payments = {
  list: { rid: string; order_rid: string; status: string; status_text: string; reason: string }[];
};
type Messages = { list: { title: string; body: string }[]; unread: number };

const call = <T = unknown>(c: Customer, path: string, body: unknown = {}) =>
  t.post<T>(`/api/auth/cluster/${path}`, body, c.h);

/** The bell's messages of a customer after the job worker has run. */
async function inbox(c: Customer) {
  await runJobs(t.services, 100);
  return (await t.post<Messages>('/api/auth/message/list', { size: 50 }, c.h)).body.data.list;
}
const titles = async (c: Customer) => (await inbox(c)).map((m) => m.title);

/** A PI's group with `fen` in its wallet and a member with the default limits (everything waits). */
async function groupWithMember(fen: number) {
  const pi = await o.customer('enterprise');
  const rid = (
    await call<{ rid: string }>(pi, 'add', {
      name: '纳米材料课题组',
      institution: '某大学',
      pi_name: '王教授',
    })
  ).body.data.rid;
  await o.credit(pi.rid, fen);
  expect((await call(pi, 'deposit', { rid, amount_fen: fen, idempotency_key: 'd1' })).body.code).toBe(1);
  const code = (await call<{ join_code: string }>(pi, 'detail', { rid })).body.data.join_code;
  const student = await o.customer('enterprise');
  expect((await call(student, 'apply', { code })).body.code).toBe(1);
  return { pi, rid, student };
}

/** The student asks the group to pay a new order quoted at `fen`; it waits for approval. */
async function waitingRequest(g: { pi: Customer; rid: string; student: Customer }, fen: number) {
  const order = await o.quotedOrder(g.student, fen);
  const asked = await call<{ status: string }>(g.student, 'pay', { rid: g.rid, order_rid: order });
  expect(asked.body.data.status).toBe('pending');
  const mine = await call<{ list: { rid: string; order_rid: string; group_name: string }[] }>(
    g.student,
    'waiting',
  );
  const request = mine.body.data.list.find((r) => r.order_rid === order)!;
  expect(request).toMatchObject({ group_name: '纳米材料课题组' });
  return { order, request: request.rid };
}

const paymentOf = async (g: { pi: Customer; rid: string }, order: string) =>
  (await call<Payments>(g.pi, 'payments', { rid: g.rid })).body.data.list.find((p) => p.order_rid === order)!;

describe('group payment requests (issue 28, item 22)', () => {
  it('the member withdraws a waiting request; only she can, and only while it waits', async () => {
    const g = await groupWithMember(50_000);
    const { order, request } = await waitingRequest(g, 20_000);
    // The leader may decide it, but not withdraw it for her.
    expect((await call(g.pi, 'withdraw', { rid: request })).body).toMatchObject({
      code: 0,
      msg: '支付申请不存在',
    });
    expect((await call(g.student, 'withdraw', { rid: request })).body).toMatchObject({
      code: 1,
      msg: '已撤回支付申请',
    });
    expect(await paymentOf(g, order)).toMatchObject({ status: 'cancelled', status_text: '已撤回' });
    expect((await call(g.student, 'withdraw', { rid: request })).body.msg).toBe('该申请已撤回，不能撤回');
    expect((await call(g.pi, 'decide', { rid: request, approve: true })).body.msg).toBe('该申请已处理');
    expect((await call<{ list: unknown[] }>(g.student, 'waiting')).body.data.list).toEqual([]);
    // Withdrawn, the order may be sent to the group again.
    expect(
      (await call<{ status: string }>(g.student, 'pay', { rid: g.rid, order_rid: order })).body.data.status,
    ).toBe('pending');
    expect(await titles(g.pi)).toContain('课题组支付申请已撤回');
  });

  it('paying the order herself closes the request, and the leader’s 批准 then moves no money', async () => {
    const g = await groupWithMember(50_000);
    const { order, request } = await waitingRequest(g, 20_000);
    await o.credit(g.student.rid, 20_000);
    expect((await t.post('/api/auth/web/order/pay', { rid: order }, g.student.h)).body.code).toBe(1);
    // Before the worker closes it, the leader's 批准 closes it instead of failing.
    const decided = await call<{ status: string }>(g.pi, 'decide', { rid: request, approve: true });
    expect(decided.body).toMatchObject({
      code: 1,
      msg: '订单已通过其他方式支付，该支付申请已关闭',
      data: { status: 'closed' },
    });
    expect(await paymentOf(g, order)).toMatchObject({ status: 'closed', reason: '订单已通过其他方式支付' });
    expect((await call<{ balance_fen: number }>(g.pi, 'detail', { rid: g.rid })).body.data.balance_fen).toBe(
      50_000,
    );
    expect(await wallet(t.services, g.student.id)).toMatchObject({ cash: 0 });
    await expectLedgerSound(t.services);
  });

  it('the worker closes a waiting request once the order is paid another way or cancelled', async () => {
    const g = await groupWithMember(50_000);
    const paid = await waitingRequest(g, 10_000);
    const cancelled = await waitingRequest(g, 15_000);
    await o.credit(g.student.rid, 10_000);
    expect((await t.post('/api/auth/web/order/pay', { rid: paid.order }, g.student.h)).body.code).toBe(1);
    expect((await t.post('/api/auth/order/cancel', { rid: cancelled.order }, g.student.h)).body.code).toBe(1);
    await runJobs(t.services, 100);
    expect(await paymentOf(g, paid.order)).toMatchObject({ status: 'closed', status_text: '已关闭' });
    expect(await paymentOf(g, cancelled.order)).toMatchObject({ status: 'closed', reason: '订单已取消' });
    expect((await call<{ list: unknown[] }>(g.student, 'waiting')).body.data.list).toEqual([]);
    const mine = (await call<{ list: { waiting_payments: number }[] }>(g.pi, 'mine')).body.data.list[0];
    expect(mine.waiting_payments).toBe(0);
    expect((await call(g.pi, 'decide', { rid: paid.request, approve: true })).body.msg).toBe('该申请已处理');
    // The group can be dissolved once its money is out: nothing waits for ever.
    expect(await titles(g.pi)).toContain('课题组支付申请已关闭');
  });
});

describe('group events reach the bell (issue 28, item 23)', () => {
  it('joins, applications, decisions, payments waiting and their results, removal, leaving, dissolving', async () => {
    const g = await groupWithMember(30_000);
    // Joined by code: the leader hears of it.
    const leader = await inbox(g.pi);
    expect(leader.find((m) => m.title === '新成员加入课题组')?.body).toMatch(
      /^\*三 13\d\*{4}\d{4}已通过邀请码加入「纳米材料课题组」/,
    );

    // Applied: the leader hears; agreed: the applicant hears.
    const applicant = await o.customer();
    expect((await call(applicant, 'apply', { rid: g.rid, message: '博士生' })).body.code).toBe(1);
    expect(await titles(g.pi)).toContain('新的加入申请');
    expect((await call(g.pi, 'agree', { rid: g.rid, user_rid: applicant.rid, agree: true })).body.code).toBe(
      1,
    );
    expect(await titles(applicant)).toEqual(['加入课题组申请已通过']);

    // A payment waits: the leader hears; approved or rejected: the member hears.
    const first = await waitingRequest(g, 10_000);
    const second = await waitingRequest(g, 5_000);
    const waiting = (await inbox(g.pi)).filter((m) => m.title === '待审批的课题组支付');
    expect(waiting).toHaveLength(2);
    expect(waiting[0].body).toContain('金额¥50.00');
    expect((await call(g.pi, 'decide', { rid: first.request, approve: true })).body.msg).toBe('已批准并支付');
    expect(
      (await call(g.pi, 'decide', { rid: second.request, approve: false, reason: '经费不足' })).body.code,
    ).toBe(1);
    const student = await inbox(g.student);
    expect(student.map((m) => m.title)).toEqual(
      expect.arrayContaining(['课题组支付申请已批准', '课题组支付申请未通过']),
    );
    expect(student.find((m) => m.title === '课题组支付申请未通过')!.body).toContain('原因：经费不足');

    // Removed: the member hears; leaving: the leader hears.
    expect((await call(g.pi, 'delete', { rid: g.rid, user_rid: applicant.rid })).body.code).toBe(1);
    expect(await titles(applicant)).toContain('您已被移出课题组');
    expect((await call(g.student, 'delete', { rid: g.rid, user_rid: g.student.rid })).body.code).toBe(1);
    expect(await titles(g.pi)).toContain('成员退出课题组');

    // Each message once, however often the worker runs.
    await runJobs(t.services, 100);
    const again = await inbox(g.student);
    expect(again.filter((m) => m.title === '课题组支付申请已批准')).toHaveLength(1);
  });

  it('the new leader is asked to accept, the old one told; dissolving tells the members', async () => {
    const g = await groupWithMember(1);
    expect((await call(g.pi, 'transfer', { rid: g.rid, user_rid: g.student.rid })).body.code).toBe(1);
    expect(await titles(g.student)).toContain('组长转让待您接受');
    expect((await call(g.student, 'acceptLeader', { rid: g.rid })).body.code).toBe(1);
    expect(await titles(g.pi)).toContain('组长转让已完成');

    const other = await o.customer('enterprise');
    const rid = (
      await call<{ rid: string }>(other, 'add', {
        name: '光催化课题组',
        institution: '某大学',
        pi_name: '陈教授',
      })
    ).body.data.rid;
    const code = (await call<{ join_code: string }>(other, 'detail', { rid })).body.data.join_code;
    const member = await o.customer();
    expect((await call(member, 'apply', { code })).body.code).toBe(1);
    expect((await call(other, 'dissolve', { rid })).body.code).toBe(1);
    expect(await titles(member)).toContain('课题组已解散');
    expect(await titles(other)).not.toContain('课题组已解散');
  });
});
