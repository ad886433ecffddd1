// Research groups (issue 17, decision 0033) on a real database: creating a group and its wallet,
// joining by code or by applying, roles and limits, paying members' orders from the group wallet
// within limits and by approval beyond them, refunds back to the group, handover and dissolving;
// a non-member sees nothing; bad input is refused in Chinese with nothing written.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, type Customer } from '../support/orders.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';
import { eq } from 'drizzle-orm';
import { orders } from '#server/orders/tables.ts';
import { orderInUsersGroup } from '#server/groups/index.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Mine = {
  list: {
    rid: string;
    role: string;
    my_status: string;
    balance_fen: number;
    join_code: string | null;
    waiting_applicants: number;
    waiting_payments: number;
  }[];
};
type Detail = {
  rid: string;
  role: string;
  balance_fen: number;
  join_code: string | null;
  members: { user_rid: string; role: string; status: string; spent_this_month_fen: number }[];
};

const call = <T = unknown>(c: Customer, path: string, body: unknown = {}) =>
  t.post<T>(`/api/auth/cluster/${path}`, body, c.h);

/** A PI with a group whose wallet holds `fen` moved in from the PI's own cash. */
async function groupWith(fen: number) {
  const pi = await o.customer('enterprise');
  const made = await call<{ rid: string }>(pi, 'add', {
    name: '纳米材料课题组',
    institution: '某大学材料学院',
    pi_name: '王教授',
  });
  expect(made.body).toMatchObject({ code: 1, msg: '课题组已创建' });
  if (fen) {
    await o.credit(pi.rid, fen);
    expect(
      (await call(pi, 'deposit', { rid: made.body.data.rid, amount_fen: fen, idempotency_key: 'd1' })).body
        .code,
    ).toBe(1);
  }
  const code = (await call<Detail>(pi, 'detail', { rid: made.body.data.rid })).body.data.join_code!;
  return { pi, rid: made.body.data.rid, code };
}

async function memberOf(code: string) {
  const m = await o.customer('enterprise');
  expect((await call(m, 'apply', { code: code.toLowerCase() })).body).toMatchObject({
    code: 1,
    msg: '已加入课题组',
  });
  return m;
}

describe('research groups', () => {
  it('joins by code at once, by application after agreement, and keeps non-members out', async () => {
    const { pi, rid, code } = await groupWith(0);
    const student = await memberOf(code);
    expect((await call(student, 'apply', { code })).body.msg).toBe('您已是该课题组成员');
    const applicant = await o.customer();
    const found = await call<{ list: { rid: string }[] }>(applicant, 'search', { keyword: '纳米' });
    expect(found.body.data.list.map((g) => g.rid)).toContain(rid);
    expect((await call(applicant, 'apply', { rid, message: '我是新来的博士生' })).body.msg).toBe(
      '申请已提交，请等待组长审核',
    );
    expect((await call(applicant, 'apply', { rid })).body.msg).toBe('已提交申请，请等待组长审核');
    // A non-member reads nothing of the group.
    expect((await call(applicant, 'detail', { rid })).body).toMatchObject({ code: 0, msg: '课题组不存在' });
    // A member may not agree; the leader does.
    expect((await call(student, 'agree', { rid, user_rid: applicant.rid, agree: true })).body.msg).toBe(
      '只有组长或助理可以执行此操作',
    );
    expect((await call<Mine>(pi, 'mine')).body.data.list[0]).toMatchObject({ waiting_applicants: 1 });
    expect((await call(pi, 'agree', { rid, user_rid: applicant.rid, agree: true })).body.code).toBe(1);
    const detail = (await call<Detail>(pi, 'detail', { rid })).body.data;
    expect(detail.members.map((m) => [m.role, m.status])).toEqual([
      ['leader', 'active'],
      ['member', 'active'],
      ['member', 'active'],
    ]);
    // Members see themselves only, and not the code.
    const seen = (await call<Detail>(student, 'detail', { rid })).body.data;
    expect(seen.members).toHaveLength(1);
    expect(seen.join_code).toBeNull();
  });

  it('pays a member’s order from the group within the limits, and sends the rest for approval', async () => {
    const { pi, rid, code } = await groupWith(100_000);
    const student = await memberOf(code);
    // New members pay nothing without approval until the leader sets limits.
    const first = await o.quotedOrder(student, 20_000);
    const waiting = await call<{ status: string }>(student, 'pay', {
      rid,
      order_rid: first,
      label: '国自然 52000000',
    });
    expect(waiting.body).toMatchObject({
      code: 1,
      data: { status: 'pending' },
      msg: '超出课题组为您设置的支付限额，已提交组长审批',
    });
    expect((await call(student, 'pay', { rid, order_rid: first })).body.msg).toBe(
      '该订单已提交课题组支付申请，请等待审批',
    );
    const pending = await call<{ list: { rid: string; status: string }[] }>(pi, 'payments', {
      rid,
      status: 'pending',
    });
    expect(pending.body.data.list).toHaveLength(1);
    expect((await call(pi, 'decide', { rid: pending.body.data.list[0].rid, approve: true })).body.msg).toBe(
      '已批准并支付',
    );

    expect(
      (
        await call(pi, 'limit', {
          rid,
          user_rid: student.rid,
          per_order_limit_fen: 30_000,
          monthly_limit_fen: 50_000,
        })
      ).body.code,
    ).toBe(1);
    const second = await o.quotedOrder(student, 25_000);
    expect(
      (await call<{ status: string }>(student, 'pay', { rid, order_rid: second })).body.data.status,
    ).toBe('paid');
    // 20,000 + 25,000 paid this month: 10,000 more would pass the monthly 50,000.
    const third = await o.quotedOrder(student, 10_000);
    expect((await call<{ status: string }>(student, 'pay', { rid, order_rid: third })).body.data.status).toBe(
      'pending',
    );
    const detail = (await call<Detail>(pi, 'detail', { rid })).body.data;
    expect(detail.balance_fen).toBe(55_000);
    expect(detail.members.find((m) => m.user_rid === student.rid)!.spent_this_month_fen).toBe(45_000);
    // The student's own wallet was never touched.
    expect(await wallet(t.services, student.id)).toMatchObject({ cash: 0 });

    // A cancelled order's money goes back to the group, not to the student.
    expect((await t.post('/api/auth/order/cancel', { rid: second }, student.h)).body.code).toBe(1);
    expect((await call<Detail>(pi, 'detail', { rid })).body.data.balance_fen).toBe(80_000);
    expect(await wallet(t.services, student.id)).toMatchObject({ cash: 0 });
    await expectLedgerSound(t.services);
  });

  it('hands leadership over on acceptance, and dissolves only an empty group', async () => {
    const { pi, rid, code } = await groupWith(1_000);
    const student = await memberOf(code);
    const outsider = await o.customer();
    expect((await call(pi, 'transfer', { rid, user_rid: outsider.rid })).body.msg).toBe(
      '只能转让给课题组成员',
    );
    expect((await call(pi, 'delete', { rid, user_rid: pi.rid })).body.msg).toBe(
      '组长不能退出课题组，请先转让组长',
    );
    expect((await call(pi, 'transfer', { rid, user_rid: student.rid })).body.code).toBe(1);
    expect((await call(student, 'acceptLeader', { rid })).body.msg).toBe('您已成为组长');
    expect((await call<Detail>(student, 'detail', { rid })).body.data.role).toBe('leader');
    expect((await call(student, 'dissolve', { rid })).body.msg).toBe('课题组账户仍有余额或欠款，无法解散');
    const other = await groupWith(0);
    expect((await call(other.pi, 'dissolve', { rid: other.rid })).body.msg).toBe('课题组已解散');
    const late = await o.customer();
    expect((await call(late, 'apply', { rid: other.rid })).body.msg).toBe('该课题组已解散');
  });

  it('web/home/data says what waits: orders, coupons, points and the groups with their approvals', async () => {
    const { pi, rid, code } = await groupWith(10_000);
    const student = await memberOf(code);
    const order = await o.quotedOrder(student, 5_000);
    await call(student, 'pay', { rid, order_rid: order });
    const home = await t.post<{
      orders: { unpaid: number };
      groups: { rid: string; waiting_payments: number }[];
    }>('/api/auth/web/home/data', {}, pi.h);
    expect(home.body.data.groups).toEqual([
      {
        rid,
        name: expect.any(String),
        role: 'leader',
        balance_fen: 10_000,
        waiting_applicants: 0,
        waiting_payments: 1,
      },
    ]);
    // A member sees the wallet, not what waits for the leader; one still applying sees nothing.
    const mine = await t.post<{
      orders: Record<string, number>;
      groups: { waiting_payments: number; role: string; balance_fen: number }[];
    }>('/api/auth/web/home/data', {}, student.h);
    expect(mine.body.data.orders).toEqual({ unpaid: 1, unsettled: 0, quoting: 0, delivered: 0 });
    expect(mine.body.data.groups).toMatchObject([
      { role: 'member', balance_fen: 10_000, waiting_payments: 0 },
    ]);
    const applicant = await o.customer();
    await call(applicant, 'apply', { rid, message: '想加入' });
    const waiting = await t.post<{ groups: unknown[]; coupons: number; points: number }>(
      '/api/auth/web/home/data',
      {},
      applicant.h,
    );
    expect(waiting.body.data).toMatchObject({ groups: [], points: 0 });
    expect(
      (await t.post<typeof home.body.data>('/api/auth/web/home/data', {}, pi.h)).body.data.groups,
    ).toMatchObject([{ waiting_applicants: 1 }]);
  });

  it('knows an order is of a group a promoter is in (no rebate on those)', async () => {
    const { pi, code } = await groupWith(0);
    const student = await memberOf(code);
    const outsider = await o.customer();
    const rid = await o.quotedOrder(student, 5_000);
    const [order] = await t.services.db.select().from(orders).where(eq(orders.rid, rid));
    expect(await orderInUsersGroup(t.services.db, pi.id, order.id)).toBe(true);
    expect(await orderInUsersGroup(t.services.db, outsider.id, order.id)).toBe(false);
  });

  it('refuses bad input in Chinese', async () => {
    const c = await o.customer();
    expect((await call(c, 'add', { name: '', institution: 'x', pi_name: 'y' })).body.msg).toBe(
      '[课题组名称]不能为空',
    );
    expect((await call(c, 'apply', {})).body.msg).toBe('[课题组]或[邀请码]请填写一项');
    expect((await call(c, 'apply', { code: 'NOPE2345' })).body.msg).toBe('邀请码无效');
    const { rid } = await groupWith(0);
    expect(
      (await call(c, 'limit', { rid, user_rid: c.rid, per_order_limit_fen: -1, monthly_limit_fen: null }))
        .body.msg,
    ).toBe('[单笔限额]不能为负数');
  });
});
